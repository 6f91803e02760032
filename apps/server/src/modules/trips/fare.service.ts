/**
 * The price of an assigned trip (issue 11): the accepted offer's price is binding. The driver may ask for
 * an adjustment (extra stop, waiting time, tolls) while driving; it counts only once the passenger
 * accepts it. When the trip is completed both sides read a receipt. Only the trip's passenger and its
 * assigned driver reach any of this (another id is a 404).
 */
import type { FareAdjustment, ProposeFareAdjustmentRequest, TripReceipt } from '@jala/contracts';
import { cashChange, farFromDestinationMeters, fromCentimos, isDriverBusyStatus, PAYMENT_METHOD_LABELS, paymentReceiptText, serviceTypeName, toCentimos } from '@jala/domain';
import { AppError } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/db-errors';
import type { LiveTrips } from './live-trips';
import type { TripEvents } from './trip-events';
import { toFareAdjustmentDto, toTripPaymentDto, vehicleLabel, type TripRow } from './trip-dto';
import type { TripsRepository } from './trips.repository';
import { fullName } from '../../lib/person-name';

export class FareService {
  constructor(private readonly d: { trips: TripsRepository; events: TripEvents; live: LiveTrips; now: () => Date }) {}

  /** The assigned driver asks to add `amount` to the agreed price; one pending at a time. */
  async propose(driverId: number, tripId: number, input: ProposeFareAdjustmentRequest): Promise<FareAdjustment> {
    const trip = await this.d.trips.findById(tripId);
    if (!trip || trip.driverId !== driverId) throw new AppError('TRIP_NOT_FOUND');
    if (!isDriverBusyStatus(trip.status)) throw new AppError('FARE_ADJUSTMENT_CLOSED');
    try {
      const row = await this.d.trips.insertFareAdjustment({
        tripId, driverId, amountCents: toCentimos(input.amount), reason: input.reason, note: input.note?.trim() || null, createdAt: this.d.now(),
      });
      const dto = toFareAdjustmentDto(row);
      await this.d.live.touchTrip(trip);
      this.d.events.fareAdjustment(tripId, trip.status, driverId, dto);
      return dto;
    } catch (error) {
      if (isUniqueViolation(error, 'fare_adjustments_one_pending_per_trip')) throw new AppError('FARE_ADJUSTMENT_PENDING');
      throw error;
    }
  }

  /** The passenger accepts or refuses the pending adjustment; without a yes the agreed price stands. */
  async answer(passengerId: number, tripId: number, accept: boolean): Promise<FareAdjustment> {
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

  /** The receipt of a completed trip, for its passenger or its driver. */
  async receipt(userId: number, tripId: number): Promise<TripReceipt> {
    const trip = await this.d.trips.findById(tripId);
    if (!trip || (trip.passengerId !== userId && trip.driverId !== userId)) throw new AppError('TRIP_NOT_FOUND');
    if (trip.status !== 'completed' || !trip.completedAt || trip.driverId == null) throw new AppError('RECEIPT_NOT_READY');
    return this.buildReceipt(trip, trip.driverId, trip.completedAt, trip.passengerId === userId);
  }

  /** `forPassenger`: the reader is the trip's passenger, the only one shown whom to pay on a Yape/Plin trip. */
  private async buildReceipt(trip: TripRow, driverId: number, completedAt: Date, forPassenger: boolean): Promise<TripReceipt> {
    const [passenger, driver, vehicle, adjustments] = await Promise.all([
      this.d.trips.findParty(trip.passengerId),
      this.d.trips.findParty(driverId),
      trip.vehicleId ? this.d.trips.findVehicle(trip.vehicleId) : Promise.resolve(undefined),
      this.d.trips.listFareAdjustments(trip.id),
    ]);
    const accepted = adjustments.filter((a) => a.status === 'accepted');
    const agreedCents = trip.agreedFareCents ?? trip.offerPriceCents ?? trip.estimatedFareCents;
    const nameOf = (p: { firstName: string; lastName: string } | undefined) => (p ? fullName(p) : '');
    return {
      trip_id: trip.id,
      trip_code: trip.tripCode,
      pickup_address: trip.pickupAddress,
      destination_address: trip.destinationAddress,
      distance_km: Number(trip.distanceKm),
      service_type: serviceTypeName(trip.serviceTypeId) ?? 'Otro',
      agreed_fare: fromCentimos(agreedCents),
      adjustments: accepted.map(toFareAdjustmentDto),
      // What was charged: the completion stored it from the same rule.
      total: fromCentimos(trip.finalFareCents ?? agreedCents),
      payment_method: PAYMENT_METHOD_LABELS[trip.paymentMethod],
      payment_text: paymentReceiptText(trip.paymentMethod, trip.paymentStatus, cashChange(trip.cashNote, trip.finalFareCents ?? agreedCents)),
      payment: toTripPaymentDto(trip, trip.finalFareCents ?? agreedCents, forPassenger && driver ? nameOf(driver) : null),
      passenger_name: nameOf(passenger),
      driver_name: nameOf(driver),
      vehicle: vehicle ? vehicleLabel(vehicle) : null,
      requested_at: trip.createdAt.toISOString(),
      accepted_at: trip.acceptedAt?.toISOString() ?? null,
      started_at: trip.startedAt?.toISOString() ?? null,
      completed_at: completedAt.toISOString(),
      ended_far_from_destination_m: farFromDestinationMeters(trip.endDistanceToDestinationM),
    };
  }
}
