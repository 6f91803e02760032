/**
 * The passenger's request, from creation to its end before anybody drives it: create it (an immediate trip
 * is published to nearby drivers in the same step), publish it again, raise its price, cancel it; an
 * operator's cancel and the clock's expiry end it the same way. Every passenger call checks that the trip
 * is the caller's own (another id → 404).
 */
import type { CreateTripRequest } from '@jala/contracts';
import type { Transaction } from '@jala/db';
import {
  billedMinutes,
  BOOKING_GRACE_MINUTES,
  cashNoteTooSmallMessage,
  checkScheduledFor,
  isLateBookingCancellation,
  toCentimos,
} from '@jala/domain';

import { anchoredDistrictAt, type GeoProvider } from '../../../geo';
import { AppError } from '../../../lib/app-error';
import { isUniqueViolation } from '../../../lib/db-errors';
import type { BookingsRepository } from '../bookings/bookings.repository';
import type { BookingsService } from '../bookings/bookings.service';
import type { LiveTrips } from '../core/live-trips';
import type { TripRow } from '../core/trip-dto';
import type { TripEvents } from '../core/trip-events';
import { isBooking, isLiveRequest } from '../core/trip-kinds';
import { requireTransition } from '../core/trip-transitions';
import type { TripsRepository } from '../core/trips.repository';
import { type FareHintService, priceRoute } from '../fares/fare-hint.service';
import type { MatchingRepository } from './matching.repository';
import type { RequestFanout } from './request-fanout';

export interface TripRequestsDeps {
  trips: TripsRepository;
  matching: Pick<MatchingRepository, 'eligibleDriverIds'>;
  geo: GeoProvider;
  fareHints: FareHintService;
  events: TripEvents;
  live: LiveTrips;
  fanout: RequestFanout;
  now: () => Date;
  expiryMinutes: number;
  /** Scheduled rides: created under their own rules, listed to drivers, cancellations recorded. */
  bookings: BookingsService;
  bookingsRepository: BookingsRepository;
}

/** Writes an operator's cancel to the audit log, inside the cancel's transaction. */
export type OperatorCancelAudit = (tx: Transaction, before: TripRow, after: TripRow) => Promise<void>;

export class TripRequestsService {
  constructor(private readonly d: TripRequestsDeps) {}

  /**
   * A live request, or with `scheduled_for` a booking: checked against the server's clock (30 minutes to
   * 7 days ahead, 5-minute steps), it does not count as the passenger's active trip until 20 minutes before,
   * and it expires (cancelled_by_system) 10 minutes after its time if nobody was chosen.
   *
   * A live request is published as it is created: stored with `published_at` and pushed to every eligible
   * driver's feed before the answer, so the client has nothing more to send. A booking is listed in the
   * "Programados" of nearby drivers instead, and goes live on the clock (BookingClock).
   */
  async createTrip(passengerId: number, input: CreateTripRequest): Promise<TripRow> {
    const scheduledFor = input.scheduled_for === undefined ? null : new Date(input.scheduled_for);
    if (scheduledFor) {
      const check = checkScheduledFor(scheduledFor, this.d.now());
      if (!check.ok) throw new AppError('VALIDATION', check.message, { scheduled_for: check.message });
    } else if (await this.d.trips.findActiveForPassenger(passengerId)) {
      throw new AppError('ACTIVE_TRIP_EXISTS');
    }
    const route = {
      serviceTypeId: input.service_type_id,
      pickup: { latitude: input.pickup_latitude, longitude: input.pickup_longitude },
      destination: { latitude: input.destination_latitude, longitude: input.destination_longitude },
    };
    const priced = await priceRoute(this.d.geo, route);
    const offerPriceCents = input.offer_price === undefined ? null : toCentimos(input.offer_price);
    requireNoteCovers(input.cash_note ?? null, offerPriceCents ?? priced.fareCents);
    // Computed once here and stored: every driver's feed shows it with no query of its own.
    const fareHint = await this.d.fareHints.forRoute({ ...route, distanceKm: priced.distanceMetres / 1000 });
    const now = this.d.now();
    const values = {
      tripCode: `TRIP-${now.getTime().toString(36).toUpperCase()}`,
      passengerId,
      serviceTypeId: input.service_type_id,
      pickupLatitude: input.pickup_latitude.toFixed(6),
      pickupLongitude: input.pickup_longitude.toFixed(6),
      pickupAddress: input.pickup_address,
      destinationLatitude: input.destination_latitude.toFixed(6),
      destinationLongitude: input.destination_longitude.toFixed(6),
      destinationAddress: input.destination_address,
      passengerNotes: input.passenger_notes || null,
      offerPriceCents,
      estimatedFareCents: priced.fareCents,
      distanceKm: (priced.distanceMetres / 1000).toFixed(2),
      durationMinutes: billedMinutes(priced.durationSeconds),
      routePolyline: priced.polyline,
      pickupDistrict: anchoredDistrictAt({
        latitude: input.pickup_latitude,
        longitude: input.pickup_longitude,
      }),
      ...fareHint,
      createdAt: now,
      expiresAt: scheduledFor
        ? new Date(scheduledFor.getTime() + BOOKING_GRACE_MINUTES * 60_000)
        : new Date(now.getTime() + this.d.expiryMinutes * 60_000),
      scheduledFor,
      publishedAt: scheduledFor ? null : now,
      paymentMethod: input.payment_method ?? 'cash',
      cashNote: input.cash_note ?? null,
    };
    let trip: TripRow;
    try {
      trip = scheduledFor
        ? await this.d.bookings.createForPassenger({ ...values, scheduledFor })
        : await this.d.trips.insert(values);
    } catch (error) {
      if (isUniqueViolation(error, 'trips_one_active_per_passenger')) throw new AppError('ACTIVE_TRIP_EXISTS');
      throw error;
    }
    await this.d.live.touchTrip(trip);
    if (isBooking(trip)) {
      // A booking is in the "Programados" of nearby drivers from now: an open list shows it at once.
      await this.d.bookings.announceToListers(trip, 'listed');
    } else {
      await this.d.fanout.toEligibleDrivers(trip, now);
    }
    return trip;
  }

  /**
   * POST /trips/{id}/publish: the passenger's own pending trip, published if it is not yet (a trip created
   * before creation published it). Idempotent: a published trip is answered as it is, and nobody is told
   * twice. A booking is published by the clock only; asking earlier answers it unchanged.
   */
  async publishTrip(passengerId: number, tripId: number): Promise<TripRow> {
    const trip = await this.ownTrip(passengerId, tripId);
    if (trip.status !== 'pending') throw new AppError('PUBLISH_NEEDS_PENDING_TRIP');
    return (await this.publishOnce(trip.id)) ?? trip;
  }

  /**
   * A publication on jala/trip_requests: the MQTT ACL already checked that the publisher is the trip's
   * passenger (TripAccess), so this only publishes a trip not yet published, like publishTrip.
   */
  async republishTrip(tripId: number): Promise<void> {
    await this.publishOnce(tripId);
  }

  /**
   * Marks the trip published unless it already is (a conditional update: of two racing publications one
   * wins) and pushes it to the eligible drivers; undefined, with nothing written or sent, when it was
   * published already, is no longer pending, or is a booking not yet live.
   */
  private async publishOnce(tripId: number): Promise<TripRow | undefined> {
    const now = this.d.now();
    const published = await this.d.trips.markPublished(tripId, now);
    if (!published) return undefined;
    await this.d.live.touchTrip(published);
    await this.d.fanout.toEligibleDrivers(published, now);
    return published;
  }

  /**
   * 'Subir precio' (as inDrive does): a higher price for a trip still waiting for offers, republished in
   * the same call with a fresh expiry. Drivers who already offered get the request again with the new
   * price (their feed updates it); other eligible drivers see it as new.
   */
  async raisePrice(passengerId: number, tripId: number, price: number): Promise<TripRow> {
    const trip = await this.ownTrip(passengerId, tripId);
    if (trip.status !== 'pending') throw new AppError('RAISE_NEEDS_PENDING_TRIP');
    const priceCents = toCentimos(price);
    if (priceCents <= (trip.offerPriceCents ?? trip.estimatedFareCents)) throw new AppError('PRICE_NOT_HIGHER');
    requireNoteCovers(trip.cashNote, priceCents, 'offer_price');
    const now = this.d.now();
    const expiresAt = isBooking(trip) ? trip.expiresAt : new Date(now.getTime() + this.d.expiryMinutes * 60_000);
    const raised = await this.d.trips.raiseOfferPrice(trip.id, priceCents, expiresAt);
    if (!raised) throw new AppError('RAISE_NEEDS_PENDING_TRIP');
    await this.d.live.touchTrip(raised);
    await this.d.bookings.announceToListers(raised, 'listed');
    if (!isLiveRequest(raised)) return raised;
    const [eligible, offered] = await Promise.all([
      this.d.matching.eligibleDriverIds(raised, now),
      this.d.trips.listOfferPrices(trip.id),
    ]);
    const myOffer = new Map(offered.map((o) => [o.driverId, o.priceCents]));
    await this.d.fanout.toDrivers(raised, new Set([...eligible, ...myOffer.keys()]), myOffer);
    return raised;
  }

  /**
   * Cancels the passenger's trip. A booking's cancellation is recorded in the same transaction, as late (it
   * counts against the passenger) when less than 60 minutes before its time.
   */
  async cancelTrip(
    passengerId: number,
    tripId: number,
    reason: string | undefined,
  ): Promise<{ trip: TripRow; late: boolean | undefined }> {
    const trip = await this.ownTrip(passengerId, tripId);
    requireTransition(trip.status, 'cancelled_by_passenger', 'passenger');
    const now = this.d.now();
    const extra = { cancelReason: reason ?? 'passenger_request' };
    const late = isBooking(trip) ? isLateBookingCancellation(trip.scheduledFor, now) : undefined;
    const cancelled = isBooking(trip)
      ? await this.d.trips.transitionWith(trip.id, trip.status, 'cancelled_by_passenger', now, extra, (tx) =>
          this.d.bookingsRepository.recordCancellation(tx, {
            tripId,
            userId: passengerId,
            role: 'passenger',
            late: late === true,
            scheduledFor: trip.scheduledFor,
            cancelledAt: now,
          }),
        )
      : await this.d.trips.transition(trip.id, trip.status, 'cancelled_by_passenger', now, extra);
    if (!cancelled) throw new AppError('TRIP_STATUS_CHANGED');
    await this.announceClosed(cancelled, now);
    return { trip: cancelled, late };
  }

  /**
   * An operator ends an abusive or stuck trip from the console (cancelled_by_system with the operator's
   * reason). `audit` writes the operator's audit row in the cancel's own transaction: a failure of either
   * leaves the trip as it was. Both sides hear it like any closing (announceClosed), after the commit.
   */
  async cancelAsOperator(
    tripId: number,
    reason: string,
    audit: OperatorCancelAudit,
  ): Promise<{ before: TripRow; after: TripRow }> {
    const trip = await this.d.trips.findById(tripId);
    if (!trip) throw new AppError('TRIP_NOT_FOUND');
    requireTransition(trip.status, 'cancelled_by_system', 'operator');
    const now = this.d.now();
    const cancelled = await this.d.trips.transitionWith(
      trip.id,
      trip.status,
      'cancelled_by_system',
      now,
      { cancelReason: `Cancelado por un operador: ${reason}` },
      (tx, after) => audit(tx, trip, after),
    );
    if (!cancelled) throw new AppError('TRIP_STATUS_CHANGED');
    await this.announceClosed(cancelled, now);
    return { before: trip, after: cancelled };
  }

  /** Expires pending trips nobody accepted in time (cancelled_by_system). */
  async expirePending(): Promise<number> {
    requireTransition('pending', 'cancelled_by_system', 'system');
    const now = this.d.now();
    const expired = await this.d.trips.expirePending(now);
    for (const trip of expired) await this.announceClosed(trip, now);
    return expired.length;
  }

  private async ownTrip(passengerId: number, tripId: number): Promise<TripRow> {
    const trip = await this.d.trips.findById(tripId);
    if (!trip || trip.passengerId !== passengerId) throw new AppError('TRIP_NOT_FOUND');
    return trip;
  }

  /**
   * trip_status for whoever follows the trip, and 'trip_request_closed' on the feed of its counterparts:
   * the assigned driver, or — for a request nobody took yet — every driver whose offer is live and every
   * driver it was offered to (the eligible ones around the pickup), so it leaves their lists at once rather
   * than at their next refresh. Former counterparts (withdrawn, not chosen) hear nothing of it.
   */
  private async announceClosed(trip: TripRow, at: Date): Promise<void> {
    await this.d.live.touchTrip(trip);
    this.d.events.status(trip.id, trip.status, trip.driverId, at, trip.cancelReason);
    const notify =
      trip.driverId !== null
        ? [trip.driverId]
        : await Promise.all([this.d.trips.listOfferPrices(trip.id), this.d.matching.eligibleDriverIds(trip, at)]).then(
            ([live, nearby]) => new Set([...live.map((offer) => offer.driverId), ...nearby]),
          );
    for (const driverId of notify) this.d.events.toDriver(driverId, { type: 'trip_request_closed', trip_id: trip.id });
    // A booking's "Programados" cards: the confirmed driver reads who cancelled, other listers see it go.
    await this.d.bookings.announceClosed(trip, at);
  }
}

/** A cash note must cover the price asked for: refused with the message under the field that caused it. */
function requireNoteCovers(
  note: number | null,
  priceCents: number,
  field: 'cash_note' | 'offer_price' = 'cash_note',
): void {
  if (note == null || note * 100 >= priceCents) return;
  const message = cashNoteTooSmallMessage(note, priceCents);
  throw new AppError('VALIDATION', message, { [field]: message });
}
