/**
 * What the API answers about a trip: the trip as its passenger and as its driver read it, and the result
 * of every trip action. Coordinates are numbers (degrees), statuses the domain's enum, money soles.
 * The server's DTO builders are typed by these schemas and the routes serialise through them, so a field
 * exists on the wire only if it is written here.
 */
import { formatSoles, TRIP_STATUSES } from '@jala/domain';
import { z } from 'zod';

import { zTripPayment } from './payment';

export const zTripStatus = z.enum(TRIP_STATUSES);

/** ISO 8601 instant. */
const zInstant = z.string();
const zSolesAmount = z.number();

/** Why a driver asks to change the agreed price, with the label both sides read. */
export const FARE_ADJUSTMENT_REASONS = ['extra_stop', 'waiting_time', 'tolls', 'other'] as const;
export type FareAdjustmentReason = (typeof FARE_ADJUSTMENT_REASONS)[number];
export const FARE_ADJUSTMENT_REASON_LABELS: Record<FareAdjustmentReason, string> = {
  extra_stop: 'Parada extra',
  waiting_time: 'Tiempo de espera',
  tolls: 'Peajes',
  other: 'Otro',
};
/** The most one adjustment may add, in soles: a change of plan, not a new trip. */
export const FARE_ADJUSTMENT_MAX = 200;

/** A fare adjustment as both sides read it (amount in soles, added to the agreed price when accepted). */
export const zFareAdjustment = z.object({
  id: z.number().int(),
  amount: zSolesAmount,
  reason: z.enum(FARE_ADJUSTMENT_REASONS),
  note: z.string().nullable(),
  status: z.enum(['pending', 'accepted', 'refused', 'lapsed']),
  created_at: zInstant,
  answered_at: zInstant.nullable(),
});
export type FareAdjustment = z.infer<typeof zFareAdjustment>;

/** POST /trips and POST /trips/{id}/publish (spec §3 'Trip creation response fields read', plus what the server adds). */
export const zCreatedTrip = z.object({
  id: z.number().int(),
  trip_code: z.string(),
  status: zTripStatus,
  estimated_fare: zSolesAmount,
  offer_price: zSolesAmount.nullable(),
  distance_km: z.number(),
  duration_minutes: z.number().int(),
  route_polyline: z.string().nullable(),
  created_at: zInstant,
  expires_at: zInstant,
  published_at: zInstant.nullable(),
  /** A booking's pickup time; absent or null for a live trip. */
  scheduled_for: zInstant.nullish(),
});
export type CreatedTrip = z.infer<typeof zCreatedTrip>;

/** The assigned driver as the passenger sees them on the active trip. */
export const zTripDriver = z.object({
  id: z.number().int(),
  name: z.string(),
  phone: z.string().nullable(),
  /** The driver confirmed that number by SMS code ('Celular verificado'). */
  phone_verified: z.boolean(),
  /** 'Toyota Yaris · Blanco · ABC-123'. */
  vehicle: z.string().nullable(),
  rating_average: z.number().nullable(),
  /** Last known position (null until the driver shares one). */
  location_latitude: z.number().nullable(),
  location_longitude: z.number().nullable(),
  /** Safety car card: the vehicle's parts, shown with the plate in large type. */
  vehicle_details: z
    .object({
      brand: z.string(),
      model: z.string(),
      color: z.string(),
      license_plate: z.string(),
      vehicle_type: z.string(),
    })
    .nullable(),
  /** Whether GET /trips/{id}/driver-photo has a photo (else the card shows initials). */
  has_photo: z.boolean(),
});
export type TripDriver = z.infer<typeof zTripDriver>;

/** What both sides read of a trip: where it goes, for what service, at what estimate, along which route. */
const zTripCore = z.object({
  id: z.number().int(),
  trip_code: z.string(),
  pickup_address: z.string(),
  pickup_latitude: z.number(),
  pickup_longitude: z.number(),
  destination_address: z.string(),
  destination_latitude: z.number(),
  destination_longitude: z.number(),
  service_type_id: z.number().int(),
  passenger_notes: z.string().nullable(),
  estimated_fare: zSolesAmount,
  distance_km: z.number(),
  duration_minutes: z.number().int(),
  route_polyline: z.string().nullable(),
  /** A booking's pickup time; absent or null for a live trip. */
  scheduled_for: zInstant.nullish(),
  /** How the trip is paid; the server always sends it. */
  payment: zTripPayment.optional(),
});
export type TripCore = z.infer<typeof zTripCore>;

/** GET /trips/active: the passenger's one active trip (spec §3 'Passenger active trip'). */
export const zPassengerTrip = zTripCore.extend({
  status: zTripStatus,
  service_type: z.object({ id: z.number().int(), name: z.string().nullable() }),
  /** The passenger's proposed price, if any. */
  offer_price: zSolesAmount.nullable(),
  /** The accepted offer's price, once a driver is assigned. */
  agreed_fare: zSolesAmount.nullable(),
  final_fare: zSolesAmount.nullable(),
  created_at: zInstant,
  published_at: zInstant.nullable(),
  expires_at: zInstant,
  driver: zTripDriver.nullable(),
  /** Every adjustment the driver asked for on this trip, oldest first (at most one pending). */
  fare_adjustments: z.array(zFareAdjustment),
  /** Safety: the code the passenger tells the driver to start (null before accept and once started). */
  start_code: z.string().nullable(),
  /** Safety: too many wrong codes; the trip cannot start and the passenger should check the car. */
  start_code_locked: z.boolean(),
});
export type PassengerTrip = z.infer<typeof zPassengerTrip>;

/** GET /driver/trips/current: the driver's assigned trip (spec §3 'Driver current trip'). */
export const zDriverTrip = zTripCore.extend({
  trip_status: zTripStatus,
  passenger_id: z.number().int(),
  passenger_name: z.string(),
  passenger_phone: z.string().nullable(),
  /** The passenger confirmed that number by SMS code ('Celular verificado'). */
  passenger_phone_verified: z.boolean(),
  passenger_rating: z.number().nullable(),
  /** The fare the driver will charge: final, else agreed, else the passenger's proposal, else the estimate. */
  actual_fare: zSolesAmount,
  accepted_at: zInstant.nullable(),
  /** The accepted offer's price (null only for trips from before prices were binding). */
  agreed_fare: zSolesAmount.nullable(),
  fare_adjustments: z.array(zFareAdjustment),
});
export type DriverTrip = z.infer<typeof zDriverTrip>;

// ------------------------------------------------------------------------------------ trip actions

/** PUT /trips/{id}/cancel. */
export const zTripCancellation = z.object({
  id: z.number().int(),
  status: zTripStatus,
  /** On a booking: whether the cancellation counted against the passenger (less than 60 minutes before). */
  late: z.boolean().optional(),
});
export type TripCancellation = z.infer<typeof zTripCancellation>;

/** POST /drivers/trips/accept: the passenger accepted this driver's offer. */
export const zOfferAcceptance = z.object({ id: z.number().int(), status: zTripStatus, driver_id: z.number().int() });
export type OfferAcceptance = z.infer<typeof zOfferAcceptance>;

/** PUT /driver/trips/{id}/status. */
export const zTripStageChange = z.object({ id: z.number().int(), trip_status: zTripStatus });
export type TripStageChange = z.infer<typeof zTripStageChange>;

/** POST /driver/trips/complete. */
/** Metres from the driver's final position to the destination when beyond FAR_FROM_DESTINATION_METERS, else null. */
const zEndedFarFromDestination = z.number().int().nullable();

export const zTripCompletion = zTripStageChange.extend({
  final_fare: zSolesAmount,
  ended_far_from_destination_m: zEndedFarFromDestination,
});
export type TripCompletion = z.infer<typeof zTripCompletion>;

/** GET /trips/{id}/receipt: what a completed trip cost and why, for its passenger and its driver. */
export const zTripReceipt = z.object({
  trip_id: z.number().int(),
  trip_code: z.string(),
  pickup_address: z.string(),
  destination_address: z.string(),
  distance_km: z.number(),
  service_type: z.string(),
  agreed_fare: zSolesAmount,
  /** Accepted adjustments only: the ones that count. */
  adjustments: z.array(zFareAdjustment),
  total: zSolesAmount,
  /** 'Efectivo', 'Yape' or 'Plin'. */
  payment_method: z.string(),
  /** The receipt's payment line: 'Pagado con Yape · confirmado por el conductor', 'Efectivo', … */
  payment_text: z.string().optional(),
  /** The method, note and state, with whom to pay for the passenger of a Yape/Plin trip. */
  payment: zTripPayment.optional(),
  passenger_name: z.string(),
  driver_name: z.string(),
  /** 'Toyota Yaris · Blanco · ABC-123'. */
  vehicle: z.string().nullable(),
  requested_at: zInstant,
  accepted_at: zInstant.nullable(),
  started_at: zInstant.nullable(),
  completed_at: zInstant,
  ended_far_from_destination_m: zEndedFarFromDestination,
});
export type TripReceipt = z.infer<typeof zTripReceipt>;

/** '+S/ 3.50 · Peajes (Peaje de Evitamiento)': one adjustment as both phones and the PDF receipt write it. */
export function fareAdjustmentLabel(adjustment: Pick<FareAdjustment, 'amount' | 'reason' | 'note'>): string {
  const reason = FARE_ADJUSTMENT_REASON_LABELS[adjustment.reason];
  return `+${formatSoles(adjustment.amount)} · ${reason}${adjustment.note ? ` (${adjustment.note})` : ''}`;
}

/**
 * The usual price of a route (GET /trips/fare-hint, and each request of a driver's feed).
 * `low`/`high`: the 25th and 75th percentiles of the agreed fares (soles) of `similar_trips` similar trips,
 * null when there are fewer than FARE_HINT_MIN_TRIPS; `estimate`: the formula's fare for the route.
 */
export const zFareHint = z.object({
  similar_trips: z.number().int().nonnegative(),
  low: z.number().nullable(),
  high: z.number().nullable(),
  estimate: z.number(),
});
export type FareHint = z.infer<typeof zFareHint>;
