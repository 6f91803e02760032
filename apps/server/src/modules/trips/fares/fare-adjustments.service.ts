/**
 * The price of an assigned trip: the accepted offer's price is binding. The driver may ask for an
 * adjustment (extra stop, waiting time, tolls) while driving; it counts only once the passenger accepts
 * it. Only the trip's passenger and its assigned driver reach any of this (another id is a 404).
 */
import type { FareAdjustment, ProposeFareAdjustmentRequest } from '@jala/contracts';
import { isDriverBusyStatus, toCentimos } from '@jala/domain';

import { AppError } from '../../../lib/app-error';
import { isUniqueViolation } from '../../../lib/db-errors';
import type { LiveTrips } from '../core/live-trips';
import { toFareAdjustmentDto } from '../core/trip-dto';
import type { TripEvents } from '../core/trip-events';
import type { TripsRepository } from '../core/trips.repository';

export class FareAdjustmentsService {
  constructor(private readonly d: { trips: TripsRepository; events: TripEvents; live: LiveTrips; now: () => Date }) {}

  /** The assigned driver asks to add `amount` to the agreed price; one pending at a time. */
  async proposeAdjustment(
    driverId: number,
    tripId: number,
    input: ProposeFareAdjustmentRequest,
  ): Promise<FareAdjustment> {
    const trip = await this.d.trips.findById(tripId);
    if (!trip || trip.driverId !== driverId) throw new AppError('TRIP_NOT_FOUND');
    if (!isDriverBusyStatus(trip.status)) throw new AppError('FARE_ADJUSTMENT_CLOSED');
    try {
      const row = await this.d.trips.insertFareAdjustment({
        tripId,
        driverId,
        amountCents: toCentimos(input.amount),
        reason: input.reason,
        note: input.note?.trim() || null,
        createdAt: this.d.now(),
      });
      const dto = toFareAdjustmentDto(row);
      await this.d.live.touchTrip(trip);
      this.d.events.fareAdjustment(tripId, trip.status, driverId, dto);
      return dto;
    } catch (error) {
      if (isUniqueViolation(error, 'fare_adjustments_one_pending_per_trip'))
        throw new AppError('FARE_ADJUSTMENT_PENDING');
      throw error;
    }
  }

  /** The passenger accepts or refuses the pending adjustment; without a yes the agreed price stands. */
  async answerAdjustment(passengerId: number, tripId: number, accept: boolean): Promise<FareAdjustment> {
    const trip = await this.d.trips.findById(tripId);
    if (!trip || trip.passengerId !== passengerId) throw new AppError('TRIP_NOT_FOUND');
    if (!isDriverBusyStatus(trip.status)) throw new AppError('FARE_ADJUSTMENT_CLOSED');
    const row = await this.d.trips.answerFareAdjustment(tripId, accept, this.d.now());
    if (!row) throw new AppError('NO_PENDING_FARE_ADJUSTMENT');
    const dto = toFareAdjustmentDto(row);
    await this.d.live.touchTrip(trip);
    this.d.events.fareAdjustment(tripId, trip.status, trip.driverId, dto);
    return dto;
  }
}
