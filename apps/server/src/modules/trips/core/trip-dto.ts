import type {
  CashChange,
  CreatedTrip,
  DriverTrip,
  FareAdjustment,
  PassengerTrip,
  TripCore,
  TripPayment,
} from '@jala/contracts';
import type { schema } from '@jala/db';
import {
  cashChange,
  cashChangeText,
  fromCentimos,
  isDriverBusyStatus,
  isWalletMethod,
  serviceTypeName,
  START_CODE_MAX_ATTEMPTS,
} from '@jala/domain';

import { fullName } from '../../../lib/person-name';

export type TripRow = typeof schema.trips.$inferSelect;
export type FareAdjustmentRow = typeof schema.fareAdjustments.$inferSelect;

export interface TripParty {
  id: number;
  firstName: string;
  lastName: string;
  phone: string | null;
  /** The party confirmed `phone` by SMS code. */
  phoneVerified: boolean;
  ratingAverage: number | null;
}

export interface TripVehicle {
  brand: string;
  model: string;
  licensePlate: string;
  color: string;
  vehicleType: string;
}

export interface DriverPosition {
  latitude: string | null;
  longitude: string | null;
}

const money = (cents: number | null) => (cents == null ? null : fromCentimos(cents));
/** numeric columns arrive as decimal strings; the API sends numbers. */
const degrees = (value: string | null) => (value == null ? null : Number(value));

/** POST /trips and /trips/{id}/publish (spec §3 'Trip creation response fields read', plus status). */
export function toCreatedTripDto(trip: TripRow): CreatedTrip {
  return {
    id: trip.id,
    trip_code: trip.tripCode,
    status: trip.status,
    estimated_fare: fromCentimos(trip.estimatedFareCents),
    offer_price: money(trip.offerPriceCents),
    distance_km: Number(trip.distanceKm),
    duration_minutes: trip.durationMinutes,
    route_polyline: trip.routePolyline,
    created_at: trip.createdAt.toISOString(),
    expires_at: trip.expiresAt.toISOString(),
    published_at: trip.publishedAt?.toISOString() ?? null,
    scheduled_for: trip.scheduledFor?.toISOString() ?? null,
  };
}

/** What both sides read of a trip. */
function toTripCoreDto(trip: TripRow): TripCore {
  return {
    id: trip.id,
    trip_code: trip.tripCode,
    pickup_address: trip.pickupAddress,
    pickup_latitude: Number(trip.pickupLatitude),
    pickup_longitude: Number(trip.pickupLongitude),
    destination_address: trip.destinationAddress,
    destination_latitude: Number(trip.destinationLatitude),
    destination_longitude: Number(trip.destinationLongitude),
    service_type_id: trip.serviceTypeId,
    passenger_notes: trip.passengerNotes,
    estimated_fare: fromCentimos(trip.estimatedFareCents),
    distance_km: Number(trip.distanceKm),
    duration_minutes: trip.durationMinutes,
    route_polyline: trip.routePolyline,
    scheduled_for: trip.scheduledFor?.toISOString() ?? null,
  };
}

/** The trip as its passenger reads it (spec §3 'Passenger active trip'). */
export function toPassengerTripDto(
  trip: TripRow,
  adjustments: FareAdjustmentRow[],
  driver?: { party: TripParty; vehicle: TripVehicle | null; position: DriverPosition; hasPhoto: boolean },
): PassengerTrip {
  // The start code matters (and is shown) only until the trip starts; it never goes into a driver's answer.
  const awaitingStart = isDriverBusyStatus(trip.status) && trip.status !== 'in_progress';
  return {
    ...toTripCoreDto(trip),
    status: trip.status,
    service_type: { id: trip.serviceTypeId, name: serviceTypeName(trip.serviceTypeId) },
    offer_price: money(trip.offerPriceCents),
    agreed_fare: money(trip.agreedFareCents),
    final_fare: money(trip.finalFareCents),
    created_at: trip.createdAt.toISOString(),
    published_at: trip.publishedAt?.toISOString() ?? null,
    expires_at: trip.expiresAt.toISOString(),
    driver: driver
      ? {
          id: driver.party.id,
          name: fullName(driver.party),
          phone: driver.party.phone,
          phone_verified: driver.party.phoneVerified,
          vehicle: driver.vehicle ? vehicleLabel(driver.vehicle) : null,
          rating_average: driver.party.ratingAverage,
          location_latitude: degrees(driver.position.latitude),
          location_longitude: degrees(driver.position.longitude),
          vehicle_details: driver.vehicle
            ? {
                brand: driver.vehicle.brand,
                model: driver.vehicle.model,
                color: driver.vehicle.color,
                license_plate: driver.vehicle.licensePlate,
                vehicle_type: driver.vehicle.vehicleType,
              }
            : null,
          has_photo: driver.hasPhoto,
        }
      : null,
    fare_adjustments: adjustments.map(toFareAdjustmentDto),
    payment: toTripPaymentDto(
      trip,
      trip.driverId == null ? null : bindingFareCents(trip, adjustments),
      driver ? fullName(driver.party) : null,
    ),
    start_code: awaitingStart ? trip.startCode : null,
    start_code_locked: awaitingStart && trip.startCodeAttempts >= START_CODE_MAX_ATTEMPTS,
  };
}

/** The trip as its driver reads it (spec §3 'Driver current trip'). */
export function toDriverTripDto(trip: TripRow, passenger: TripParty, adjustments: FareAdjustmentRow[]): DriverTrip {
  return {
    ...toTripCoreDto(trip),
    trip_status: trip.status,
    passenger_id: passenger.id,
    passenger_name: fullName(passenger),
    passenger_phone: passenger.phone,
    passenger_phone_verified: passenger.phoneVerified,
    passenger_rating: passenger.ratingAverage,
    // What the driver will charge: the final fare once completed, else the binding price so far.
    actual_fare: fromCentimos(trip.finalFareCents ?? bindingFareCents(trip, adjustments)),
    accepted_at: trip.acceptedAt?.toISOString() ?? null,
    agreed_fare: money(trip.agreedFareCents),
    fare_adjustments: adjustments.map(toFareAdjustmentDto),
    // The driver's side never names a payee: the number is theirs, and the passenger pays it.
    payment: toTripPaymentDto(trip, trip.finalFareCents ?? bindingFareCents(trip, adjustments), null),
  };
}

/**
 * How the trip is paid. `fareCents`: the binding price so far (null while nobody was chosen:
 * no change to compute yet). `payeeName`: the driver's name, given only when building the answer of the
 * trip's own passenger; with it a Yape/Plin trip names the number stored at the accept.
 */
export function toTripPaymentDto(trip: TripRow, fareCents: number | null, payeeName: string | null): TripPayment {
  const wallet = isWalletMethod(trip.paymentMethod);
  return {
    method: trip.paymentMethod,
    cash_note: trip.cashNote,
    cash_change: !wallet && fareCents != null ? toCashChangeDto(trip.cashNote, fareCents) : null,
    status: wallet ? trip.paymentStatus : null,
    payee: wallet && payeeName != null && trip.payeePhone ? { name: payeeName, phone: trip.payeePhone } : null,
  };
}

function toCashChangeDto(note: number | null, fareCents: number): CashChange {
  const change = cashChange(note, fareCents);
  return {
    kind: change.kind,
    change: change.kind === 'change' ? fromCentimos(change.changeCents) : null,
    short: change.kind === 'short' ? fromCentimos(change.shortCents) : null,
    text: cashChangeText(change),
  };
}

export function vehicleLabel(v: TripVehicle): string {
  return `${v.brand} ${v.model} · ${v.color} · ${v.licensePlate}`;
}

/** The agreed price (else, for older trips, the proposal or the estimate) plus every accepted adjustment. */
export function bindingFareCents(trip: TripRow, adjustments: FareAdjustmentRow[]): number {
  const agreed = trip.agreedFareCents ?? trip.offerPriceCents ?? trip.estimatedFareCents;
  return agreed + adjustments.filter((a) => a.status === 'accepted').reduce((sum, a) => sum + a.amountCents, 0);
}

export function toFareAdjustmentDto(row: FareAdjustmentRow): FareAdjustment {
  return {
    id: row.id,
    amount: fromCentimos(row.amountCents),
    reason: row.reason,
    note: row.note,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    answered_at: row.answeredAt?.toISOString() ?? null,
  };
}
