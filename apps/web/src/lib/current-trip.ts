import { queryOptions } from '@tanstack/react-query';
import { apiClient, callApi } from './api-client';

/**
 * The current trip, one query per role: GET /trips/active for the passenger, GET /driver/trips/current
 * for the driver. The route guard (app), the driver's nav badge (components) and the live-trip pages
 * all read these same cache entries, so a change seen by one is seen by all. The server answers 404
 * NO_ACTIVE_TRIP when there is none, which the api client turns into `{ success: false, data: null }`;
 * the lookups then resolve null.
 */

// ---------------------------------------------------------------------------------------------------
// LOCAL STAND-IN until @jala/contracts exports the trip response schemas (issue 9, server half):
// the two trip shapes as the server sends them today. Replace with the contract types on merge.
/** GET /trips/active (coordinates as decimal strings). */
export interface PassengerTrip {
  id: number;
  trip_code: string;
  status: string;
  pickup_address: string;
  pickup_latitude: string | number;
  pickup_longitude: string | number;
  destination_address: string;
  destination_latitude: string | number;
  destination_longitude: string | number;
  service_type?: { id: number; name: string | null } | null;
  service_type_id: number;
  passenger_notes: string | null;
  offer_price: number | null;
  agreed_fare: number | null;
  estimated_fare: number;
  final_fare: number | null;
  distance_km: number | null;
  duration_minutes: number | null;
  route_polyline: string | null;
  created_at: string;
  published_at: string | null;
  expires_at: string;
  driver: null | {
    id: number;
    name: string;
    phone: string | null;
    vehicle: string | null;
    rating_average?: number | null;
    rating?: number | null;
    location_latitude: string | number | null;
    location_longitude: string | number | null;
  };
}

/** GET /driver/trips/current (spec §3 'Driver current trip'). */
export interface DriverTrip {
  id: number;
  trip_code: string;
  trip_status: string;
  pickup_address: string;
  pickup_latitude: string | number | null;
  pickup_longitude: string | number | null;
  destination_address: string;
  destination_latitude: string | number | null;
  destination_longitude: string | number | null;
  service_type_id: number;
  passenger_id: number;
  passenger_name: string;
  passenger_phone: string | null;
  passenger_rating: number | null;
  passenger_notes: string | null;
  estimated_fare: number;
  /** The agreed price the driver charges (prefills the completion fare). */
  actual_fare: number;
  distance_km: number;
  duration_minutes: number;
  route_polyline: string | null;
  accepted_at: string | null;
}
// ---------------------------------------------------------------------------------------------------

/** How long a lookup is trusted before the guard asks again (avoids a call per click). */
export const CURRENT_TRIP_STALE_MS = 5_000;

/** Spanish fallbacks when a lookup fails without a message of its own (spec §8). */
export const CURRENT_TRIP_FALLBACKS = {
  passenger: 'No se pudo cargar tu viaje activo',
  driver: 'Error al cargar el viaje',
} as const;

const lookup = <T>(path: string, fallback: string): Promise<T | null> =>
  callApi(apiClient.get<T | null>(path), fallback, { unsuccessfulAsNull: true });

export const fetchPassengerTrip = () => lookup<PassengerTrip>('/trips/active', CURRENT_TRIP_FALLBACKS.passenger);

export const fetchDriverTrip = () => lookup<DriverTrip>('/driver/trips/current', CURRENT_TRIP_FALLBACKS.driver);

export const currentTripKeys = {
  all: ['current-trip'] as const,
  passenger: (userId: number) => ['current-trip', 'passenger', userId] as const,
  driver: (userId: number) => ['current-trip', 'driver', userId] as const,
};

export const passengerTripQuery = (userId: number) =>
  queryOptions({ queryKey: currentTripKeys.passenger(userId), queryFn: fetchPassengerTrip, staleTime: CURRENT_TRIP_STALE_MS });

export const driverTripQuery = (userId: number) =>
  queryOptions({ queryKey: currentTripKeys.driver(userId), queryFn: fetchDriverTrip, staleTime: CURRENT_TRIP_STALE_MS });
