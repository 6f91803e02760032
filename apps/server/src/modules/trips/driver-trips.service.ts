/**
 * The driver's side of the marketplace: nearby requests, offers, rejections, the stages of an assigned
 * trip and its completion. A driver only ever touches trips offered to or assigned to them (else 404).
 */
import type { DriverTripRequest } from '@jala/contracts';
import { distanceToDestinationMeters, farFromDestinationMeters, haversineKm, isWalletMethod, methodNotAcceptedMessage, toCentimos, vehicleTypeForServiceType } from '@jala/domain';
import type { z } from 'zod';
import type { zCompleteTripRequest, zSendOfferRequest, zTripStageRequest } from '@jala/contracts';
import type { Database } from '@jala/db';
import { AppError } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/db-errors';
import type { UsersRepository } from '../auth/users.repository';
import { loadDriverContext, matchingBlocker, type DriverContext } from './driver-context';
import { DriverFeeds, FEED_MOVE_THRESHOLD_M, feedMoved, keptRequest, type KeptFeed, type Position } from './driver-feed';
import { driverCanSeeRequest } from './request-visibility';
import type { MatchingRepository } from './matching.repository';
import { toOfferDto } from './offer-dto';
import type { LiveTrips } from './live-trips';
import type { TripEvents } from './trip-events';
import { requireNearPickup, requireStartCode, type StartCodeThrottle } from './trip-safety-checks';
import { requireTransition } from './trip-transitions';
import type { TripRow } from './trip-dto';
import type { TripsRepository } from './trips.repository';
import { isBooking, isDormantBooking, type BookingsService } from './bookings.service';

export interface DriverTripsDeps {
  db: Database;
  trips: TripsRepository;
  matching: MatchingRepository;
  users: UsersRepository;
  events: TripEvents;
  live: LiveTrips;
  /** The drivers' request feeds kept in memory. */
  feeds: DriverFeeds;
  now: () => Date;
  /** "Llegué al punto de recojo" is accepted within this distance of the pickup (ARRIVAL_RADIUS_METERS). */
  arrivalRadiusMeters: number;
  /** Wrong start codes per driver across trips (START_CODE_FAILURES_PER_DRIVER). */
  startCodes: StartCodeThrottle;
  /** Scheduled rides (issue 25): the overlap rule, a confirmed booking given back. */
  bookings: BookingsService;
}


/**
 * A position as the database keeps it (6 decimals): matching then computes with the stored value, and a
 * subnormal like 4e-323, which PostgreSQL's float8 refuses, becomes 0.
 */
const asStored = (p: Position): Position => ({ latitude: Number(p.latitude.toFixed(6)), longitude: Number(p.longitude.toFixed(6)) });

export class DriverTripsService {
  constructor(private readonly d: DriverTripsDeps) {}

  /**
   * Requests near the driver's position (updated from the query when given), nearest first, from the kept
   * feed (driver-feed.ts): a position within FEED_MOVE_THRESHOLD_M of the feed's is answered from memory
   * (and stored again at most every POSITION_REFRESH_MS); one farther is stored, touches the feed, reloads it.
   */
  async nearbyRequests(driverId: number, sent: Position | null): Promise<DriverTripRequest[]> {
    const position = sent && asStored(sent);
    const now = this.d.now();
    let feed = await this.d.feeds.read(driverId, now, () => this.loadFeed(driverId));
    if (feed.blocker) throw new AppError(feed.blocker);
    // Stored only once the request is known to succeed: a refused request changes nothing.
    if (position && DriverFeeds.mustStore(feed, position, now)) {
      await this.d.trips.updateDriverPosition(driverId, position.latitude, position.longitude, now);
      if (feedMoved(feed, position)) {
        await this.d.live.touchFeed(driverId);
        feed = await this.d.feeds.read(driverId, now, () => this.loadFeed(driverId));
        if (feed.blocker) throw new AppError(feed.blocker);
      } else {
        feed.positionAt = now.getTime();
      }
    }
    const at = position ?? feed.position;
    if (!at || !feed.hasVehicle) throw new AppError('LOCATION_NEEDED_FOR_REQUESTS');
    return DriverFeeds.visible(feed, at, now);
  }

  /** The driver's context and the pending requests around their stored position (radius plus the move threshold). */
  private async loadFeed(driverId: number): Promise<KeptFeed> {
    const now = this.d.now();
    const driver = await loadDriverContext(this.d.db, driverId, now);
    const position = driver.latitude == null || driver.longitude == null ? null : { latitude: driver.latitude, longitude: driver.longitude };
    const feed: KeptFeed = {
      blocker: matchingBlocker(driver),
      position,
      positionAt: driver.locationUpdatedAt?.getTime() ?? null,
      radiusKm: driver.radiusKm,
      hasVehicle: driver.vehicle !== null,
      requests: [],
    };
    if (feed.blocker || !position || !driver.vehicle) return feed;
    const rows = await this.d.matching.nearbyRequests({
      driverId, ...position, radiusKm: driver.radiusKm + FEED_MOVE_THRESHOLD_M / 1000, vehicleType: driver.vehicle.vehicleType,
    }, now);
    feed.requests = rows.map(keptRequest);
    return feed;
  }

  /** 'Aceptar' on a request: an offer at the passenger's price (or the estimate) unless the driver proposes another. */
  async sendOffer(driverId: number, input: z.infer<typeof zSendOfferRequest>) {
    const position = input.latitude !== undefined && input.longitude !== undefined ? asStored({ latitude: input.latitude, longitude: input.longitude }) : null;
    const driver = { ...(await loadDriverContext(this.d.db, driverId, this.d.now())), ...position };
    const blocker = matchingBlocker(driver);
    if (blocker) throw new AppError(blocker);
    const trip = await this.d.trips.findById(input.trip_request_id);
    // Only requests this driver can see: anything else (taken, finished, someone else's, out of their
    // radius or vehicle type) reads the same, so an id tells a driver nothing about other people's trips.
    if (!trip || !(await driverCanSeeRequest(this.d.db, driverId, trip, this.d.now(), position))) {
      throw new AppError('REQUEST_UNAVAILABLE');
    }
    this.assertCanServe(driver, trip);
    await this.d.bookings.requireNoOverlap(driverId, trip);
    const priceCents = input.price === undefined ? (trip.offerPriceCents ?? trip.estimatedFareCents) : toCentimos(input.price);
    try {
      const offer = await this.d.trips.insertOffer({
        tripId: trip.id, driverId, vehicleId: driver.vehicle!.id, priceCents,
        driverLatitude: driver.latitude?.toFixed(6) ?? null, driverLongitude: driver.longitude?.toFixed(6) ?? null,
      });
      if (position) await this.d.trips.updateDriverPosition(driverId, position.latitude, position.longitude, this.d.now());
      await this.d.live.touchOffers([trip.id], driverId);
      const dto = toOfferDto(offer, {
        firstName: driver.name, lastName: '', rating: await this.d.users.ratingAverage(driverId), vehicle: driver.vehicle!,
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
  async reject(driverId: number, tripId: number, reason: string | undefined): Promise<void> {
    const trip = await this.d.trips.findById(tripId);
    if (!trip || !(await driverCanSeeRequest(this.d.db, driverId, trip, this.d.now()))) throw new AppError('REQUEST_NOT_FOUND');
    const withdrew = await this.d.trips.insertRejection(tripId, driverId, reason);
    await this.d.live.touchOffers([tripId], driverId);
    if (withdrew) await this.d.events.offersWithdrawn(driverId, [tripId]);
  }

  /**
   * One stage forward along spec §4's table, or the driver's cancellation. A booking's stages wait for its
   * activation (20 minutes before); cancelling a confirmed booking gives it back to the market instead of
   * ending it (BookingsService.releaseByDriver), so the answer then reads 'pending'.
   */
  async advance(driverId: number, tripId: number, input: z.infer<typeof zTripStageRequest>): Promise<TripRow> {
    const trip = await this.assignedTrip(driverId, tripId);
    requireTransition(trip.status, input.status, 'driver');
    if (isBooking(trip) && trip.status === 'accepted' && input.status === 'cancelled_by_driver') {
      return (await this.d.bookings.releaseByDriver(driverId, tripId)).trip;
    }
    if (isDormantBooking(trip)) throw new AppError('BOOKING_NOT_STARTED');
    const now = this.d.now();
    // A position sent with the stage is the driver's latest report: stored first, so the arrival check reads it.
    if (input.latitude !== undefined && input.longitude !== undefined) {
      await this.d.trips.updateDriverPosition(driverId, input.latitude, input.longitude, now);
    }
    if (input.status === 'arrived') requireNearPickup(trip, await this.d.trips.findDriverPosition(driverId), this.d.arrivalRadiusMeters);
    // A wrong code is counted on the trip (the passenger's answer shows the lock): touched either way.
    if (input.status === 'in_progress') {
      await requireStartCode(this.d.trips, this.d.startCodes, driverId, trip, input.start_code).finally(() => this.d.live.touchTrip(trip));
    }
    const extra = input.status === 'cancelled_by_driver' ? { cancelReason: input.reason ?? 'driver_request' } : {};
    const updated = await this.d.trips.transition(trip.id, trip.status, input.status, now, extra);
    if (!updated) throw new AppError('TRIP_STATUS_CHANGED');
    await this.d.live.touchTrip(updated);
    this.d.events.status(trip.id, updated.status, driverId, now, updated.cancelReason);
    return updated;
  }

  /**
   * 'Finalizar viaje': stores final position and time; feeds earnings and stats. The fare charged is the
   * agreed price plus accepted adjustments (TripsRepository.complete); a sent `actual_fare` is ignored.
   * How far from the destination it ended is measured here from the reported final position (never a
   * client's claim), stored, and pushed to the passenger when beyond FAR_FROM_DESTINATION_METERS.
   */
  async complete(driverId: number, input: z.infer<typeof zCompleteTripRequest>): Promise<TripRow> {
    const trip = await this.assignedTrip(driverId, input.trip_id);
    requireTransition(trip.status, 'completed', 'driver');
    const now = this.d.now();
    const final = asStored({ latitude: input.final_latitude, longitude: input.final_longitude });
    const endDistance = distanceToDestinationMeters(final, { latitude: Number(trip.destinationLatitude), longitude: Number(trip.destinationLongitude) });
    const updated = await this.d.trips.complete(trip.id, trip.status, now, {
      finalLatitude: input.final_latitude.toFixed(6),
      finalLongitude: input.final_longitude.toFixed(6),
      endDistanceToDestinationM: endDistance,
      driverNotes: input.notes || null,
      // A Yape/Plin trip now waits for the passenger's 'Ya pagué' and the driver's answer.
      paymentStatus: isWalletMethod(trip.paymentMethod) ? 'pending' : null,
    });
    if (!updated) throw new AppError('TRIP_STATUS_CHANGED');
    await this.d.trips.updateDriverPosition(driverId, input.final_latitude, input.final_longitude, now);
    await this.d.live.touchTrip(updated);
    this.d.events.status(trip.id, 'completed', driverId, now, null, farFromDestinationMeters(endDistance));
    return updated;
  }

  /** Stores the assigned driver's live position (from their MQTT publishes). */
  async recordPosition(driverId: number, position: Position): Promise<void> {
    await this.d.trips.updateDriverPosition(driverId, position.latitude, position.longitude, this.d.now());
    await this.d.live.touchFeed(driverId);
  }

  private async assignedTrip(driverId: number, tripId: number): Promise<TripRow> {
    const trip = await this.d.trips.findById(tripId);
    if (!trip || trip.driverId !== driverId) throw new AppError('TRIP_NOT_FOUND');
    return trip;
  }

  private assertCanServe(driver: DriverContext, trip: TripRow): void {
    if (driver.vehicle?.vehicleType !== vehicleTypeForServiceType(trip.serviceTypeId)) throw new AppError('VEHICLE_WRONG_SERVICE');
    if (!driver.paymentMethods.includes(trip.paymentMethod)) throw new AppError('PAYMENT_METHOD_NOT_ACCEPTED', methodNotAcceptedMessage(trip.paymentMethod));
    if (driver.latitude == null || driver.longitude == null) throw new AppError('LOCATION_NEEDED_FOR_OFFERS');
    const km = haversineKm({ latitude: driver.latitude, longitude: driver.longitude }, { latitude: Number(trip.pickupLatitude), longitude: Number(trip.pickupLongitude) });
    if (km > driver.radiusKm) throw new AppError('PICKUP_OUT_OF_RADIUS', `El punto de recojo está fuera de tu radio de búsqueda (${driver.radiusKm} km).`);
  }
}

