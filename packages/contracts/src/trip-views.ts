/**
 * What the API answers about a trip: the trip as its passenger and as its driver read it, and the result
 * of every trip action. Coordinates are numbers (degrees), statuses the domain's enum, money soles.
 * The server's DTO builders are typed by these schemas and the routes serialise through them, so a field
 * exists on the wire only if it is written here.
 */
import { z } from 'zod';
import { TRIP_STATUSES } from '@jala/domain';

export const zTripStatus = z.enum(TRIP_STATUSES);

/** ISO 8601 instant. */
const zInstant = z.string();
const zSolesAmount = z.number();

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
});
export type CreatedTrip = z.infer<typeof zCreatedTrip>;

/** The assigned driver as the passenger sees them on the active trip. */
export const zTripDriver = z.object({
  id: z.number().int(),
  name: z.string(),
  phone: z.string().nullable(),
  /** 'Toyota Yaris · Blanco · ABC-123'. */
  vehicle: z.string().nullable(),
  rating_average: z.number().nullable(),
  /** Last known position (null until the driver shares one). */
  location_latitude: z.number().nullable(),
  location_longitude: z.number().nullable(),
});
export type TripDriver = z.infer<typeof zTripDriver>;

/** GET /trips/active: the passenger's one active trip (spec §3 'Passenger active trip'). */
export const zPassengerTrip = z.object({
  id: z.number().int(),
  trip_code: z.string(),
  status: zTripStatus,
  pickup_address: z.string(),
  pickup_latitude: z.number(),
  pickup_longitude: z.number(),
  destination_address: z.string(),
  destination_latitude: z.number(),
  destination_longitude: z.number(),
  service_type_id: z.number().int(),
  service_type: z.object({ id: z.number().int(), name: z.string().nullable() }),
  passenger_notes: z.string().nullable(),
  /** The passenger's proposed price, if any. */
  offer_price: zSolesAmount.nullable(),
  /** The accepted offer's price, once a driver is assigned. */
  agreed_fare: zSolesAmount.nullable(),
  estimated_fare: zSolesAmount,
  final_fare: zSolesAmount.nullable(),
  distance_km: z.number(),
  duration_minutes: z.number().int(),
  route_polyline: z.string().nullable(),
  created_at: zInstant,
  published_at: zInstant.nullable(),
  expires_at: zInstant,
  driver: zTripDriver.nullable(),
});
export type PassengerTrip = z.infer<typeof zPassengerTrip>;

/** GET /driver/trips/current: the driver's assigned trip (spec §3 'Driver current trip'). */
export const zDriverTrip = z.object({
  id: z.number().int(),
  trip_code: z.string(),
  trip_status: zTripStatus,
  pickup_address: z.string(),
  pickup_latitude: z.number(),
  pickup_longitude: z.number(),
  destination_address: z.string(),
  destination_latitude: z.number(),
  destination_longitude: z.number(),
  service_type_id: z.number().int(),
  passenger_id: z.number().int(),
  passenger_name: z.string(),
  passenger_phone: z.string().nullable(),
  passenger_rating: z.number().nullable(),
  passenger_notes: z.string().nullable(),
  estimated_fare: zSolesAmount,
  /** The fare the driver will charge: final, else agreed, else the passenger's proposal, else the estimate. */
  actual_fare: zSolesAmount,
  distance_km: z.number(),
  duration_minutes: z.number().int(),
  route_polyline: z.string().nullable(),
  accepted_at: zInstant.nullable(),
});
export type DriverTrip = z.infer<typeof zDriverTrip>;

// ------------------------------------------------------------------------------------ trip actions

/** PUT /trips/{id}/cancel. */
export const zTripCancellation = z.object({ id: z.number().int(), status: zTripStatus });
export type TripCancellation = z.infer<typeof zTripCancellation>;

/** POST /drivers/trips/accept: the passenger accepted this driver's offer. */
export const zOfferAcceptance = z.object({ id: z.number().int(), status: zTripStatus, driver_id: z.number().int() });
export type OfferAcceptance = z.infer<typeof zOfferAcceptance>;

/** PUT /driver/trips/{id}/status. */
export const zTripStageChange = z.object({ id: z.number().int(), trip_status: zTripStatus });
export type TripStageChange = z.infer<typeof zTripStageChange>;

/** POST /driver/trips/complete. */
export const zTripCompletion = zTripStageChange.extend({ final_fare: zSolesAmount });
export type TripCompletion = z.infer<typeof zTripCompletion>;
