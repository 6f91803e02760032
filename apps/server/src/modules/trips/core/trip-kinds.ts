/**
 * The kinds of trip rows: a live trip (requested for now) or a booking (`scheduled_for`), which joins the
 * live requests 30 minutes before (`live_at`) and becomes somebody's active trip 20 minutes before
 * (`activated_at`).
 */
import type { TripRow } from './trip-dto';

export function isBooking(trip: TripRow): trip is TripRow & { scheduledFor: Date } {
  return trip.scheduledFor !== null;
}

/** A live request: a live trip, or a booking published live 30 minutes before its time. */
export function isLiveRequest(trip: TripRow): boolean {
  return trip.scheduledFor === null || trip.liveAt !== null;
}

/** A booking not yet anybody's active trip (its stages cannot start). */
export function isDormantBooking(trip: TripRow): boolean {
  return trip.scheduledFor !== null && trip.activatedAt === null;
}
