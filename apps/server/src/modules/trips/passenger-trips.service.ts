/**
 * The passenger's side of the marketplace: request a trip, publish it to nearby drivers, read offers,
 * accept one, chat, cancel. Every call checks that the trip is the caller's own (another id → 404).
 */
import type { CreateTripRequest, DriverOffer } from '@jala/contracts';
import { BOOKING_GRACE_MINUTES, billedMinutes, canTransition, cashNoteTooSmallMessage, checkScheduledFor, isLateBookingCancellation, isWalletMethod, PAYMENT_METHOD_LABELS, toCentimos } from '@jala/domain';
import { AppError } from '../../lib/app-error';
import { newStartCode } from './trip-safety-checks';
import { requireTransition } from './trip-transitions';
import { isUniqueViolation } from '../../lib/db-errors';
import type { GeoProvider } from '../../geo';
import type { UsersRepository } from '../auth/users.repository';
import type { MatchingRepository } from './matching.repository';
import { priceRoute, type FareHintService } from './fare-hint.service';
import { toOfferDto } from './offer-dto';
import type { LiveTrips } from './live-trips';
import type { TripEvents } from './trip-events';
import { requestForDriver } from './driver-request-dto';
import type { TripRow } from './trip-dto';
import type { TripsRepository } from './trips.repository';
import type { Transaction } from '../drivers/db-executor';
import { isBooking, isDormantBooking, isLiveRequest, type BookingsService } from './bookings.service';
import type { BookingsRepository } from './bookings.repository';

export interface PassengerTripsDeps {
  trips: TripsRepository;
  matching: MatchingRepository;
  users: UsersRepository;
  geo: GeoProvider;
  fareHints: FareHintService;
  events: TripEvents;
  live: LiveTrips;
  now: () => Date;
  expiryMinutes: number;
  /** Scheduled rides (issue 25): the overlap rule at accept, cancellations recorded. */
  bookings: BookingsService;
  bookingsRepository: BookingsRepository;
}

/** Writes an operator's cancel to the audit log, inside the cancel's transaction. */
export type OperatorCancelAudit = (tx: Transaction, before: TripRow, after: TripRow) => Promise<void>;

export class PassengerTripsService {
  constructor(private readonly d: PassengerTripsDeps) {}

  /**
   * A live request, or with `scheduled_for` a booking (issue 25): checked against the server's clock (30
   * minutes to 7 days ahead, 5-minute steps), it does not count as the passenger's active trip until 20
   * minutes before, and it expires (cancelled_by_system) 10 minutes after its time if nobody was chosen.
   */
  async create(passengerId: number, input: CreateTripRequest): Promise<TripRow> {
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
    try {
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
        ...fareHint,
        createdAt: now,
        expiresAt: scheduledFor
          ? new Date(scheduledFor.getTime() + BOOKING_GRACE_MINUTES * 60_000)
          : new Date(now.getTime() + this.d.expiryMinutes * 60_000),
        scheduledFor,
        paymentMethod: input.payment_method ?? 'cash',
        cashNote: input.cash_note ?? null,
      };
      const trip = scheduledFor ? await this.d.bookings.createForPassenger({ ...values, scheduledFor }) : await this.d.trips.insert(values);
      await this.d.live.touchTrip(trip);
      // A booking is in the "Programados" of nearby drivers from now: an open list shows it at once.
      await this.d.bookings.announceToListers(trip, 'listed');
      return trip;
    } catch (error) {
      if (isUniqueViolation(error, 'trips_one_active_per_passenger')) {
        throw new AppError('ACTIVE_TRIP_EXISTS');
      }
      throw error;
    }
  }

  /** Pushes a pending trip to every eligible driver's feed; idempotent (publishing twice re-notifies). */
  async publish(passengerId: number, tripId: number): Promise<TripRow> {
    const trip = await this.ownTrip(passengerId, tripId);
    if (trip.status !== 'pending') throw new AppError('PUBLISH_NEEDS_PENDING_TRIP');
    // A booking is listed in the drivers' "Programados" from its creation; it is pushed live only 30 minutes before (BookingClock).
    if (!isLiveRequest(trip)) return trip;
    const now = this.d.now();
    await this.d.trips.markPublished(trip.id, now);
    await this.d.live.touchTrip(trip);
    const [driverIds, passenger] = await Promise.all([
      this.d.matching.eligibleDriverIds(trip, now),
      this.d.trips.findParty(passengerId),
    ]);
    for (const driverId of driverIds) {
      const request = await this.requestFor(trip, passenger, driverId);
      if (request) this.d.events.toDriver(driverId, { type: 'trip_request', request });
    }
    return (await this.d.trips.findById(trip.id)) ?? trip;
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
    const [eligible, offered, passenger] = await Promise.all([
      this.d.matching.eligibleDriverIds(raised, now),
      this.d.trips.listOfferPrices(trip.id),
      this.d.trips.findParty(passengerId),
    ]);
    const myOffer = new Map(offered.map((o) => [o.driverId, o.priceCents]));
    for (const driverId of new Set([...eligible, ...myOffer.keys()])) {
      const request = await this.requestFor(raised, passenger, driverId, myOffer.get(driverId) ?? null);
      if (request) this.d.events.toDriver(driverId, { type: 'trip_request', request });
    }
    return raised;
  }

  /** Offers on the passenger's own trip, from the live-trips read model when it holds them. */
  async offers(passengerId: number, tripId: number): Promise<DriverOffer[]> {
    const kept = await this.d.live.tripOffers(tripId, async () => {
      const trip = await this.d.trips.findById(tripId);
      if (!trip) return null;
      const rows = await this.d.trips.listOffers(tripId);
      const offers = rows.map((r) => toOfferDto(r.offer, { firstName: r.firstName, lastName: r.lastName, rating: r.ratingAverage, vehicle: r.vehicle }));
      return { passengerId: trip.passengerId, offers };
    });
    if (!kept || kept.passengerId !== passengerId) throw new AppError('TRIP_NOT_FOUND');
    return kept.offers;
  }

  /** Accepts one driver's offer. Exactly one of any number of concurrent accepts wins. */
  async acceptOffer(passengerId: number, tripId: number, driverId: number): Promise<TripRow> {
    const trip = await this.ownTrip(passengerId, tripId);
    // Accepting assigns the trip: the system's pending → accepted (state machine), else it is too late.
    if (!canTransition(trip.status, 'accepted', 'system')) throw new AppError('TRIP_NOT_PENDING');
    const offer = await this.d.trips.findOffer(tripId, driverId);
    if (!offer || offer.status === 'withdrawn') throw new AppError('OFFER_WITHDRAWN');
    // 'accepted'/'rejected' offers mean another accept of this trip committed since the trip was read.
    if (offer.status !== 'pending') throw new AppError('TRIP_NOT_PENDING');
    // A Yape/Plin trip is paid to the number the driver has now: kept on the trip, shown to this passenger only.
    const payment = await this.d.trips.findDriverPayment(driverId);
    if (!payment.methods.includes(trip.paymentMethod)) {
      throw new AppError('DRIVER_STOPPED_ACCEPTING_METHOD', `Este conductor ya no acepta ${PAYMENT_METHOD_LABELS[trip.paymentMethod]}. Elige otra oferta.`);
    }
    const payeePhone = isWalletMethod(trip.paymentMethod) ? payment.walletPhone : null;
    const now = this.d.now();
    let accepted: Awaited<ReturnType<TripsRepository['assignDriver']>>;
    try {
      // A booking takes the driver only if it does not overlap one they already confirmed, checked under a
      // per-driver lock inside the assignment's transaction.
      const overlapGuard = isBooking(trip)
        ? async (tx: Transaction) => {
          await this.d.bookingsRepository.lockDriver(tx, driverId);
          await this.d.bookings.requireNoOverlap(driverId, trip, tx);
        }
        : undefined;
      accepted = await this.d.trips.assignDriver(tripId, offer, now, newStartCode(), overlapGuard, { payeePhone });
    } catch (error) {
      if (isUniqueViolation(error, 'trips_one_active_per_driver')) {
        throw new AppError('DRIVER_TOOK_ANOTHER_TRIP');
      }
      throw error;
    }
    if (!accepted) throw new AppError('TRIP_NOT_PENDING');
    await this.d.live.touchTrip(accepted.trip);
    // The drivers not chosen are cut off the trip first, so not even this 'accepted' reaches them; their
    // feed says only that the passenger chose another offer.
    await this.d.events.formerCounterparts(tripId, accepted.notChosen);
    this.d.events.status(tripId, 'accepted', driverId, now);
    for (const other of accepted.notChosen) this.d.events.toDriver(other, { type: 'offer_declined', trip_id: tripId });
    if (isDormantBooking(accepted.trip)) await this.d.bookings.announceConfirmed({ ...accepted.trip, driverId });
    return accepted.trip;
  }

  /**
   * Cancels the passenger's trip. A booking's cancellation is recorded in the same transaction, as late (it
   * counts against the passenger; no money in this issue) when less than 60 minutes before its time.
   */
  async cancel(passengerId: number, tripId: number, reason: string | undefined): Promise<{ trip: TripRow; late: boolean | undefined }> {
    const trip = await this.ownTrip(passengerId, tripId);
    requireTransition(trip.status, 'cancelled_by_passenger', 'passenger');
    const now = this.d.now();
    const extra = { cancelReason: reason ?? 'passenger_request' };
    const late = isBooking(trip) ? isLateBookingCancellation(trip.scheduledFor, now) : undefined;
    const cancelled = isBooking(trip)
      ? await this.d.trips.transitionWith(trip.id, trip.status, 'cancelled_by_passenger', now, extra, (tx) => this.d.bookingsRepository.recordCancellation(tx, {
        tripId, userId: passengerId, role: 'passenger', late: late === true, scheduledFor: trip.scheduledFor, cancelledAt: now,
      }))
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
  async cancelAsOperator(tripId: number, reason: string, audit: OperatorCancelAudit): Promise<{ before: TripRow; after: TripRow }> {
    const trip = await this.d.trips.findById(tripId);
    if (!trip) throw new AppError('TRIP_NOT_FOUND');
    requireTransition(trip.status, 'cancelled_by_system', 'operator');
    const now = this.d.now();
    const cancelled = await this.d.trips.transitionWith(trip.id, trip.status, 'cancelled_by_system', now,
      { cancelReason: `Cancelado por un operador: ${reason}` }, (tx, after) => audit(tx, trip, after));
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

  async ownTrip(passengerId: number, tripId: number): Promise<TripRow> {
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
    const notify = trip.driverId !== null
      ? [trip.driverId]
      : await Promise.all([this.d.trips.listOfferPrices(trip.id), this.d.matching.eligibleDriverIds(trip, at)])
        .then(([live, nearby]) => new Set([...live.map((offer) => offer.driverId), ...nearby]));
    for (const driverId of notify) this.d.events.toDriver(driverId, { type: 'trip_request_closed', trip_id: trip.id });
    // A booking's "Programados" cards: the confirmed driver reads who cancelled, other listers see it go.
    await this.d.bookings.announceClosed(trip, at);
  }

  private requestFor(
    trip: TripRow, passenger: { firstName: string; lastName: string; ratingAverage: number | null } | undefined, driverId: number, myOfferCents: number | null = null,
  ) {
    return requestForDriver(this.d.trips, trip, passenger, driverId, myOfferCents);
  }

}

/** A cash note must cover the price asked for: refused with the message under the field that caused it. */
function requireNoteCovers(note: number | null, priceCents: number, field: 'cash_note' | 'offer_price' = 'cash_note'): void {
  if (note == null || note * 100 >= priceCents) return;
  const message = cashNoteTooSmallMessage(note, priceCents);
  throw new AppError('VALIDATION', message, { [field]: message });
}
