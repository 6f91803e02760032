/**
 * Offers on a pending request: a driver sends one ('Aceptar' on their feed) or hides the request
 * ('Rechazar', which withdraws their offer); the passenger lists them and accepts one, which assigns the
 * trip. A driver only reaches requests they can see (request-visibility.ts); a passenger only their own trips.
 */
import type { DriverOffer, zSendOfferRequest } from '@jala/contracts';
import type { Transaction } from '@jala/db';
import {
  canTransition,
  haversineKm,
  isWalletMethod,
  methodNotAcceptedMessage,
  PAYMENT_METHOD_LABELS,
  toCentimos,
  vehicleTypeForServiceType,
} from '@jala/domain';
import type { z } from 'zod';

import { AppError } from '../../../lib/app-error';
import { isUniqueViolation } from '../../../lib/db-errors';
import type { BookingsRepository } from '../bookings/bookings.repository';
import type { BookingsService } from '../bookings/bookings.service';
import { blockerError, type DriverContext, matchingBlocker } from '../core/driver-context';
import type { DriverContextRepository } from '../core/driver-context.repository';
import type { LiveTrips } from '../core/live-trips';
import { toOfferDto } from '../core/offer-dto';
import type { TripRow } from '../core/trip-dto';
import type { TripEvents } from '../core/trip-events';
import { isBooking, isDormantBooking } from '../core/trip-kinds';
import type { TripsRepository } from '../core/trips.repository';
import { asStoredPosition } from '../request-feed/driver-feed';
import { driverCanSeeRequest } from '../request-feed/request-visibility';
import type { MatchingRepository } from './matching.repository';
import { newStartCode } from './trip-safety-checks';

/** What the offers service reads and writes (the repositories' methods it uses, so tests can hand it fakes). */
export interface OffersDeps {
  trips: Pick<
    TripsRepository,
    | 'findById'
    | 'insertOffer'
    | 'updateDriverPosition'
    | 'insertRejection'
    | 'listOffers'
    | 'findOffer'
    | 'findDriverPayment'
    | 'assignDriver'
    | 'findParty'
  >;
  matching: Pick<MatchingRepository, 'driverStanding'>;
  drivers: Pick<DriverContextRepository, 'load'>;
  events: Pick<TripEvents, 'offer' | 'offersWithdrawn' | 'formerCounterparts' | 'status' | 'toDriver'>;
  live: Pick<LiveTrips, 'touchOffers' | 'touchTrip' | 'tripOffers'>;
  now: () => Date;
  /** Scheduled rides: the overlap rule, the confirmation told to the chosen driver's list. */
  bookings: Pick<BookingsService, 'requireNoOverlap' | 'announceConfirmed'>;
  bookingsRepository: Pick<BookingsRepository, 'lockDriver'>;
}

export class OffersService {
  constructor(private readonly d: OffersDeps) {}

  /** 'Aceptar' on a request: an offer at the passenger's price (or the estimate) unless the driver proposes another. */
  async sendOffer(driverId: number, input: z.infer<typeof zSendOfferRequest>): Promise<DriverOffer> {
    const position =
      input.latitude !== undefined && input.longitude !== undefined
        ? asStoredPosition({ latitude: input.latitude, longitude: input.longitude })
        : null;
    const driver = { ...(await this.d.drivers.load(driverId, this.d.now())), ...position };
    const blocker = matchingBlocker(driver);
    if (blocker) throw blockerError(blocker, driver.balanceShortCents);
    const trip = await this.d.trips.findById(input.trip_request_id);
    // Only requests this driver can see: anything else (taken, finished, someone else's, out of their
    // radius or vehicle type) reads the same, so an id tells a driver nothing about other people's trips.
    if (!trip || !(await driverCanSeeRequest(this.d, driverId, trip, this.d.now(), position))) {
      throw new AppError('REQUEST_UNAVAILABLE');
    }
    requireCanServe(driver, trip);
    await this.d.bookings.requireNoOverlap(driverId, trip);
    const priceCents =
      input.price === undefined ? (trip.offerPriceCents ?? trip.estimatedFareCents) : toCentimos(input.price);
    try {
      const offer = await this.d.trips.insertOffer({
        tripId: trip.id,
        driverId,
        vehicleId: driver.vehicle!.id,
        priceCents,
        driverLatitude: driver.latitude?.toFixed(6) ?? null,
        driverLongitude: driver.longitude?.toFixed(6) ?? null,
      });
      if (position)
        await this.d.trips.updateDriverPosition(driverId, position.latitude, position.longitude, this.d.now());
      await this.d.live.touchOffers([trip.id], driverId);
      const party = await this.d.trips.findParty(driverId);
      const dto = toOfferDto(offer, {
        firstName: driver.name,
        lastName: '',
        rating: party?.ratingAverage ?? null,
        vehicle: driver.vehicle!,
        phoneVerified: party?.phoneVerified ?? false,
      });
      this.d.events.offer(dto);
      return dto;
    } catch (error) {
      if (isUniqueViolation(error, 'trip_offers_one_per_driver')) throw new AppError('OFFER_ALREADY_SENT');
      throw error;
    }
  }

  /**
   * 'Rechazar': hides a request the driver can see for them only, and withdraws their offer, if any: from
   * then on they are a former counterpart of the trip (no status, no chat).
   */
  async rejectRequest(driverId: number, tripId: number, reason: string | undefined): Promise<void> {
    const trip = await this.d.trips.findById(tripId);
    if (!trip || !(await driverCanSeeRequest(this.d, driverId, trip, this.d.now())))
      throw new AppError('REQUEST_NOT_FOUND');
    const withdrew = await this.d.trips.insertRejection(tripId, driverId, reason);
    await this.d.live.touchOffers([tripId], driverId);
    if (withdrew) await this.d.events.offersWithdrawn(driverId, [tripId]);
  }

  /** Offers on the passenger's own trip, from the live-trips read model when it holds them. */
  async listOffers(passengerId: number, tripId: number): Promise<DriverOffer[]> {
    const kept = await this.d.live.tripOffers(tripId, async () => {
      const trip = await this.d.trips.findById(tripId);
      if (!trip) return null;
      const rows = await this.d.trips.listOffers(tripId);
      const offers = rows.map((r) =>
        toOfferDto(r.offer, {
          firstName: r.firstName,
          lastName: r.lastName,
          rating: r.ratingAverage,
          vehicle: r.vehicle,
          phoneVerified: r.phoneVerified,
        }),
      );
      return { passengerId: trip.passengerId, offers };
    });
    if (!kept || kept.passengerId !== passengerId) throw new AppError('TRIP_NOT_FOUND');
    return kept.offers;
  }

  /** The passenger accepts one driver's offer. Exactly one of any number of concurrent accepts wins. */
  async acceptOffer(passengerId: number, tripId: number, driverId: number): Promise<TripRow> {
    const trip = await this.d.trips.findById(tripId);
    if (!trip || trip.passengerId !== passengerId) throw new AppError('TRIP_NOT_FOUND');
    // Accepting assigns the trip: the system's pending → accepted (state machine), else it is too late.
    if (!canTransition(trip.status, 'accepted', 'system')) throw new AppError('TRIP_NOT_PENDING');
    const offer = await this.d.trips.findOffer(tripId, driverId);
    if (!offer || offer.status === 'withdrawn') throw new AppError('OFFER_WITHDRAWN');
    // 'accepted'/'rejected' offers mean another accept of this trip committed since the trip was read.
    if (offer.status !== 'pending') throw new AppError('TRIP_NOT_PENDING');
    // A Yape/Plin trip is paid to the number the driver has now: kept on the trip, shown to this passenger only.
    const payment = await this.d.trips.findDriverPayment(driverId);
    if (!payment.methods.includes(trip.paymentMethod)) {
      throw new AppError(
        'DRIVER_STOPPED_ACCEPTING_METHOD',
        `Este conductor ya no acepta ${PAYMENT_METHOD_LABELS[trip.paymentMethod]}. Elige otra oferta.`,
      );
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
      if (isUniqueViolation(error, 'trips_one_active_per_driver')) throw new AppError('DRIVER_TOOK_ANOTHER_TRIP');
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
}

/** The driver can serve this trip: vehicle of its service, its payment method, pickup inside their radius. */
function requireCanServe(driver: DriverContext, trip: TripRow): void {
  if (driver.vehicle?.vehicleType !== vehicleTypeForServiceType(trip.serviceTypeId))
    throw new AppError('VEHICLE_WRONG_SERVICE');
  if (!driver.paymentMethods.includes(trip.paymentMethod))
    throw new AppError('PAYMENT_METHOD_NOT_ACCEPTED', methodNotAcceptedMessage(trip.paymentMethod));
  if (driver.latitude == null || driver.longitude == null) throw new AppError('LOCATION_NEEDED_FOR_OFFERS');
  const km = haversineKm(
    { latitude: driver.latitude, longitude: driver.longitude },
    { latitude: Number(trip.pickupLatitude), longitude: Number(trip.pickupLongitude) },
  );
  if (km > driver.radiusKm)
    throw new AppError(
      'PICKUP_OUT_OF_RADIUS',
      `El punto de recojo está fuera de tu radio de búsqueda (${driver.radiusKm} km).`,
    );
}
