/**
 * The assigned driver moves their trip along spec §4's table (en route, arrived, started), cancels it, or
 * finishes it. A driver only ever touches a trip assigned to them (else 404).
 */
import type { zCompleteTripRequest, zTripStageRequest } from '@jala/contracts';
import {
  distanceToDestinationMeters,
  farFromDestinationMeters,
  isWalletMethod,
  type PlatformFeeRates,
} from '@jala/domain';
import type { z } from 'zod';

import { AppError } from '../../../lib/app-error';
import type { BookingsService } from '../bookings/bookings.service';
import type { LiveTrips } from '../core/live-trips';
import type { TripRow } from '../core/trip-dto';
import type { TripEvents } from '../core/trip-events';
import { isBooking, isDormantBooking } from '../core/trip-kinds';
import { requireTransition } from '../core/trip-transitions';
import type { TripsRepository } from '../core/trips.repository';
import { asStoredPosition } from '../request-feed/driver-feed';
import { requireNearPickup, requireStartCode, type StartCodeThrottle } from './trip-safety-checks';

export interface TripStagesDeps {
  trips: TripsRepository;
  events: TripEvents;
  live: LiveTrips;
  now: () => Date;
  /** "Llegué al punto de recojo" is accepted within this distance of the pickup (ARRIVAL_RADIUS_METERS). */
  arrivalRadiusMeters: number;
  /** Wrong start codes per driver across trips (START_CODE_FAILURES_PER_DRIVER). */
  startCodes: StartCodeThrottle;
  /** Scheduled rides: a confirmed booking given back instead of cancelled. */
  bookings: BookingsService;
  /** PLATFORM_FEE_PERCENT: the fee each completion stores and debits from the driver's balance. */
  platformFee: PlatformFeeRates;
}

export class TripStagesService {
  constructor(private readonly d: TripStagesDeps) {}

  /**
   * One stage forward along spec §4's table, or the driver's cancellation. A booking's stages wait for its
   * activation (20 minutes before); cancelling a confirmed booking gives it back to the market instead of
   * ending it (BookingsService.releaseByDriver), so the answer then reads 'pending'.
   */
  async advanceStage(driverId: number, tripId: number, input: z.infer<typeof zTripStageRequest>): Promise<TripRow> {
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
    if (input.status === 'arrived')
      requireNearPickup(trip, await this.d.trips.findDriverPosition(driverId), this.d.arrivalRadiusMeters);
    // A wrong code is counted on the trip (the passenger's answer shows the lock): touched either way.
    if (input.status === 'in_progress') {
      await requireStartCode(this.d.trips, this.d.startCodes, driverId, trip, input.start_code).finally(() =>
        this.d.live.touchTrip(trip),
      );
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
  async completeTrip(driverId: number, input: z.infer<typeof zCompleteTripRequest>): Promise<TripRow> {
    const trip = await this.assignedTrip(driverId, input.trip_id);
    requireTransition(trip.status, 'completed', 'driver');
    const now = this.d.now();
    const final = asStoredPosition({ latitude: input.final_latitude, longitude: input.final_longitude });
    const endDistance = distanceToDestinationMeters(final, {
      latitude: Number(trip.destinationLatitude),
      longitude: Number(trip.destinationLongitude),
    });
    const updated = await this.d.trips.complete(
      trip.id,
      trip.status,
      now,
      {
        finalLatitude: input.final_latitude.toFixed(6),
        finalLongitude: input.final_longitude.toFixed(6),
        endDistanceToDestinationM: endDistance,
        driverNotes: input.notes || null,
        // A Yape/Plin trip now waits for the passenger's 'Ya pagué' and the driver's answer.
        paymentStatus: isWalletMethod(trip.paymentMethod) ? 'pending' : null,
      },
      this.d.platformFee,
    );
    if (!updated) throw new AppError('TRIP_STATUS_CHANGED');
    await this.d.trips.updateDriverPosition(driverId, input.final_latitude, input.final_longitude, now);
    await this.d.live.touchTrip(updated);
    this.d.events.status(trip.id, 'completed', driverId, now, null, farFromDestinationMeters(endDistance));
    return updated;
  }

  private async assignedTrip(driverId: number, tripId: number): Promise<TripRow> {
    const trip = await this.d.trips.findById(tripId);
    if (!trip || trip.driverId !== driverId) throw new AppError('TRIP_NOT_FOUND');
    return trip;
  }
}
