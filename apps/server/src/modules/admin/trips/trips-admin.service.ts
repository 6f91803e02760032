import {
  type AdminChatPage,
  type AdminTrip,
  type AdminTripStory,
  CHAT_PAGE_MAX,
  type ChatPageQuery,
  type LiveCity,
} from '@jala/contracts';
import type { TripRow } from '@jala/db';
import { fromCentimos, type TripStatus } from '@jala/domain';

import { AppError } from '../../../lib/app-error';
import { containsPattern } from '../../../lib/like-pattern';
import { fullName } from '../../../lib/person-name';
import { toFareAdjustmentDto } from '../../trips';
import type { AdminTripsRepository } from './admin-trips.repository';
import type { LiveCityRepository } from './live-city.repository';

/** How recent a driver's position must be to appear on the live map. */
const LIVE_POSITION_MINUTES = 10;

function toAdminTrip(
  trip: TripRow,
  passenger: { id: number; firstName: string; lastName: string },
  driver: { id: number; firstName: string; lastName: string } | null,
): AdminTrip {
  return {
    id: trip.id,
    trip_code: trip.tripCode,
    status: trip.status,
    passenger: { id: passenger.id, name: fullName(passenger) },
    driver: driver ? { id: driver.id, name: fullName(driver) } : null,
    pickup_address: trip.pickupAddress,
    destination_address: trip.destinationAddress,
    pickup_latitude: Number(trip.pickupLatitude),
    pickup_longitude: Number(trip.pickupLongitude),
    estimated_fare: fromCentimos(trip.estimatedFareCents),
    agreed_fare: trip.agreedFareCents == null ? null : fromCentimos(trip.agreedFareCents),
    created_at: trip.createdAt.toISOString(),
    scheduled_for: trip.scheduledFor?.toISOString() ?? null,
  };
}

/** Operators' read side of the marketplace: trips with filters, one trip's story, the live city. */
export class TripsAdminService {
  constructor(
    private readonly trips: AdminTripsRepository,
    private readonly city: LiveCityRepository,
    private readonly now: () => Date,
  ) {}

  async list(filters: {
    status?: TripStatus;
    active?: 'true' | 'false';
    scheduled?: 'true' | 'false';
    q?: string;
  }): Promise<AdminTrip[]> {
    const rows = await this.trips.list({
      status: filters.status,
      activeOnly: filters.active === 'true',
      scheduledOnly: filters.scheduled === 'true',
      pattern: filters.q ? containsPattern(filters.q) : undefined,
    });
    return rows.map(({ trip, passenger, driver }) => toAdminTrip(trip, passenger, driver));
  }

  async story(tripId: number): Promise<AdminTripStory> {
    const row = await this.trips.findWithParties(tripId);
    if (!row) throw new AppError('TRIP_NOT_FOUND');
    const { trip } = row;
    const offers = await this.trips.offers(tripId);
    const chat = await this.chatPageOf(tripId, {});
    const adjustments = await this.trips.fareAdjustments(tripId);

    // The status log is read off the timestamp each transition stamps (TripsRepository.transition), in
    // lifecycle order (which is also time order). A booking adds when it went live — only one
    // nobody had confirmed 30 minutes before — and when it became the active trip (20 minutes before).
    const stamps: [string, Date | null][] = [
      ['pending', trip.createdAt],
      ['published', trip.publishedAt],
      ['booking_live', trip.liveAt],
      ['accepted', trip.acceptedAt],
      ['booking_active', trip.activatedAt],
      ['en_route', trip.enRouteAt],
      ['arrived', trip.arrivedAt],
      ['in_progress', trip.startedAt],
      ['completed', trip.completedAt],
      [trip.status.startsWith('cancelled') ? trip.status : 'cancelled', trip.cancelledAt],
    ];
    const positions: AdminTripStory['positions'] = [
      {
        label: 'Recojo',
        latitude: Number(trip.pickupLatitude),
        longitude: Number(trip.pickupLongitude),
        at: trip.createdAt.toISOString(),
      },
      {
        label: 'Destino',
        latitude: Number(trip.destinationLatitude),
        longitude: Number(trip.destinationLongitude),
        at: null,
      },
      ...offers
        .filter(({ offer }) => offer.driverLatitude != null && offer.driverLongitude != null)
        .map(({ offer, driver }) => ({
          label: `Oferta de ${fullName(driver)}`,
          latitude: Number(offer.driverLatitude),
          longitude: Number(offer.driverLongitude),
          at: offer.createdAt.toISOString(),
        })),
      ...(trip.finalLatitude != null && trip.finalLongitude != null
        ? [
            {
              label: 'Fin del viaje',
              latitude: Number(trip.finalLatitude),
              longitude: Number(trip.finalLongitude),
              at: (trip.completedAt ?? trip.cancelledAt)?.toISOString() ?? null,
            },
          ]
        : []),
    ];
    return {
      trip: {
        ...toAdminTrip(trip, row.passenger, row.driver),
        cancel_reason: trip.cancelReason,
        final_fare: trip.finalFareCents == null ? null : fromCentimos(trip.finalFareCents),
      },
      status_log: stamps
        .filter((s): s is [string, Date] => s[1] !== null)
        .map(([status, at]) => ({ status, at: at.toISOString() })),
      offers: offers.map(({ offer, driver }) => ({
        id: offer.id,
        driver_name: fullName(driver),
        price: fromCentimos(offer.priceCents),
        status: offer.status,
        created_at: offer.createdAt.toISOString(),
        driver_latitude: offer.driverLatitude == null ? null : Number(offer.driverLatitude),
        driver_longitude: offer.driverLongitude == null ? null : Number(offer.driverLongitude),
      })),
      chat: chat.messages,
      chat_next_before: chat.next_before,
      positions,
      fare_adjustments: adjustments.map(toFareAdjustmentDto),
    };
  }

  /** A page of the trip's chat (every conversation of it) before the cursor `before`; 404 for an unknown trip. */
  async chatPage(tripId: number, query: ChatPageQuery): Promise<AdminChatPage> {
    if (!(await this.trips.exists(tripId))) throw new AppError('TRIP_NOT_FOUND');
    return this.chatPageOf(tripId, query);
  }

  /**
   * The trip's chat newest first, at most one page (the operator asked for the whole chat before, and a
   * flooded trip answered hundreds of kilobytes), returned oldest to newest with the cursor of the page
   * before: the id of its oldest message, in the history order of the conversations (stored time, then id).
   */
  private async chatPageOf(tripId: number, query: ChatPageQuery): Promise<AdminChatPage> {
    const limit = query.limit ?? CHAT_PAGE_MAX;
    // One more than the page: whether it exists says if there is a page before this one.
    const rows = await this.trips.chatNewestFirst(tripId, query.before, limit + 1);
    const page = rows.slice(0, limit).reverse();
    return {
      messages: page.map(({ message, driver }) => ({
        driver_name: fullName(driver),
        sender_role: message.senderRole,
        message: message.message,
        created_at: message.createdAt.toISOString(),
      })),
      next_before: rows.length > limit ? (page[0]?.message.id ?? null) : null,
    };
  }

  /** Online drivers with a recent position (by vehicle type), every active trip at its pickup, open SOS alerts. */
  async liveCity(): Promise<LiveCity> {
    const now = this.now();
    const since = new Date(now.getTime() - LIVE_POSITION_MINUTES * 60_000);
    const online = await this.city.onlineDriversSince(since);
    const active = await this.city.activeTrips();
    const openAlerts = await this.city.openAlertCount();
    return {
      drivers: online.map(({ profile, user, vehicle }) => ({
        id: user.id,
        name: fullName(user),
        vehicle_type: vehicle.vehicleType,
        latitude: Number(profile.currentLatitude),
        longitude: Number(profile.currentLongitude),
      })),
      trips: active.map((trip) => ({
        id: trip.id,
        trip_code: trip.tripCode,
        status: trip.status,
        latitude: Number(trip.pickupLatitude),
        longitude: Number(trip.pickupLongitude),
      })),
      open_alerts: openAlerts,
      at: now.toISOString(),
    };
  }
}
