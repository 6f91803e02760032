import type { DriverTripRequest } from '@jala/contracts';
import { fromCentimos, haversineKm, ratingAverage, roundTo2, serviceTypeName } from '@jala/domain';

import { fullName } from '../../../lib/person-name';
import type { TripRow } from '../core/trip-dto';
import { fareHintFromColumns } from '../fares/fare-hint.service';
import type { NearbyRequestRow } from '../marketplace/matching.repository';

const round1 = (n: number) => Math.round(n * 10) / 10;
const nullableNumber = (value: number | string | null) => (value == null ? null : Number(value));

/** `distance_to_pickup_km` as every request answer shows it: km with one decimal. */
export const distanceToPickupKm = (metres: number): number => round1(metres / 1000);

/** A pending trip as one driver sees it, from a trip row (push) … */
export function toDriverRequestDto(
  trip: TripRow,
  passenger: { firstName: string; lastName: string; ratingAverage: number | null; phoneVerified: boolean },
  driverAt: { latitude: number; longitude: number },
  myOfferCents: number | null,
): DriverTripRequest {
  const pickup = { latitude: Number(trip.pickupLatitude), longitude: Number(trip.pickupLongitude) };
  return {
    id: trip.id,
    passenger_name: fullName(passenger),
    passenger_rating: passenger.ratingAverage,
    passenger_phone_verified: passenger.phoneVerified,
    service_type: serviceTypeName(trip.serviceTypeId) ?? 'Auto',
    service_type_id: trip.serviceTypeId,
    pickup_address: trip.pickupAddress,
    destination_address: trip.destinationAddress,
    pickup_latitude: pickup.latitude,
    pickup_longitude: pickup.longitude,
    estimated_fare: fromCentimos(trip.estimatedFareCents),
    offer_price: trip.offerPriceCents == null ? null : fromCentimos(trip.offerPriceCents),
    estimated_distance: roundTo2(Number(trip.distanceKm)),
    estimated_duration: trip.durationMinutes,
    distance_to_pickup_km: round1(haversineKm(driverAt, pickup)),
    passenger_notes: trip.passengerNotes,
    my_offer_price: myOfferCents == null ? null : fromCentimos(myOfferCents),
    created_at: trip.createdAt.toISOString(),
    fare_hint: fareHintFromColumns(trip, trip.estimatedFareCents),
    scheduled_for: trip.scheduledFor?.toISOString() ?? null,
    payment_method: trip.paymentMethod,
    cash_note: trip.cashNote,
  };
}

/** A pushed request for one driver, measured from their stored position; null when it is unknown. */
export async function requestForDriver(
  trips: { findDriverPosition(driverId: number): Promise<{ latitude: string | null; longitude: string | null }> },
  trip: TripRow,
  passenger: { firstName: string; lastName: string; ratingAverage: number | null; phoneVerified: boolean } | undefined,
  driverId: number,
  myOfferCents: number | null = null,
): Promise<DriverTripRequest | null> {
  const position = await trips.findDriverPosition(driverId);
  if (!passenger || position.latitude == null || position.longitude == null) return null;
  return toDriverRequestDto(
    trip,
    passenger,
    { latitude: Number(position.latitude), longitude: Number(position.longitude) },
    myOfferCents,
  );
}

/** … or from the matching query (pull). */
export function nearbyRowToDto(row: NearbyRequestRow): DriverTripRequest {
  return {
    id: Number(row.id),
    passenger_name: `${row.first_name} ${row.last_name}`.trim(),
    passenger_rating: ratingAverage(row.passenger_rating),
    passenger_phone_verified: row.passenger_phone_verified === true,
    service_type: serviceTypeName(Number(row.service_type_id)) ?? 'Auto',
    service_type_id: Number(row.service_type_id),
    pickup_address: row.pickup_address,
    destination_address: row.destination_address,
    pickup_latitude: Number(row.pickup_latitude),
    pickup_longitude: Number(row.pickup_longitude),
    estimated_fare: fromCentimos(Number(row.estimated_fare_cents)),
    offer_price: row.offer_price_cents == null ? null : fromCentimos(Number(row.offer_price_cents)),
    estimated_distance: roundTo2(Number(row.distance_km)),
    estimated_duration: Number(row.duration_minutes),
    distance_to_pickup_km: distanceToPickupKm(Number(row.distance_to_pickup_m)),
    passenger_notes: row.passenger_notes,
    my_offer_price: row.my_offer_cents == null ? null : fromCentimos(Number(row.my_offer_cents)),
    created_at: new Date(row.created_at).toISOString(),
    fare_hint: fareHintFromColumns(
      {
        fareHintTrips: nullableNumber(row.fare_hint_trips),
        fareHintLowCents: nullableNumber(row.fare_hint_low_cents),
        fareHintHighCents: nullableNumber(row.fare_hint_high_cents),
      },
      Number(row.estimated_fare_cents),
    ),
    scheduled_for: row.scheduled_for == null ? null : new Date(row.scheduled_for).toISOString(),
    payment_method: row.payment_method,
    cash_note: nullableNumber(row.cash_note),
  };
}
