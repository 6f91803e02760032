/**
 * The receipt of a completed trip, for its passenger or its driver (another id is a 404): the agreed price,
 * the adjustments the passenger accepted, the total charged and how it was paid.
 */
import type { TripReceipt } from '@jala/contracts';
import {
  cashChange,
  farFromDestinationMeters,
  fromCentimos,
  PAYMENT_METHOD_LABELS,
  paymentReceiptText,
  serviceTypeName,
} from '@jala/domain';

import { AppError } from '../../../lib/app-error';
import { fullName } from '../../../lib/person-name';
import { toFareAdjustmentDto, toTripPaymentDto, type TripRow, vehicleLabel } from '../core/trip-dto';
import type { TripsRepository } from '../core/trips.repository';

type ReceiptReads = Pick<TripsRepository, 'findById' | 'findParty' | 'findVehicle' | 'listFareAdjustments'>;

export class ReceiptService {
  constructor(private readonly trips: ReceiptReads) {}

  /** The receipt of a completed trip, for its passenger or its driver. */
  async receipt(userId: number, tripId: number): Promise<TripReceipt> {
    const trip = await this.trips.findById(tripId);
    if (!trip || (trip.passengerId !== userId && trip.driverId !== userId)) throw new AppError('TRIP_NOT_FOUND');
    if (trip.status !== 'completed' || !trip.completedAt || trip.driverId == null)
      throw new AppError('RECEIPT_NOT_READY');
    return this.buildReceipt(trip, trip.driverId, trip.completedAt, trip.passengerId === userId);
  }

  /** `forPassenger`: the reader is the trip's passenger, the only one shown whom to pay on a Yape/Plin trip. */
  private async buildReceipt(
    trip: TripRow,
    driverId: number,
    completedAt: Date,
    forPassenger: boolean,
  ): Promise<TripReceipt> {
    const [passenger, driver, vehicle, adjustments] = await Promise.all([
      this.trips.findParty(trip.passengerId),
      this.trips.findParty(driverId),
      trip.vehicleId ? this.trips.findVehicle(trip.vehicleId) : Promise.resolve(undefined),
      this.trips.listFareAdjustments(trip.id),
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
      payment_text: paymentReceiptText(
        trip.paymentMethod,
        trip.paymentStatus,
        cashChange(trip.cashNote, trip.finalFareCents ?? agreedCents),
      ),
      payment: toTripPaymentDto(
        trip,
        trip.finalFareCents ?? agreedCents,
        forPassenger && driver ? nameOf(driver) : null,
      ),
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
