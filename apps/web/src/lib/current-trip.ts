import { queryOptions } from '@tanstack/react-query';
import type { DriverTrip, PassengerTrip } from '@jala/contracts';
import { apiClient, callApi } from './api-client';

/**
 * The current trip, one query per role: GET /trips/active for the passenger, GET /driver/trips/current
 * for the driver. The route guard (app), the driver's nav badge (components) and the live-trip pages
 * all read these same cache entries, so a change seen by one is seen by all. The server answers 404
 * NO_ACTIVE_TRIP when there is none, which the api client turns into `{ success: false, data: null }`;
 * the lookups then resolve null.
 */


export type { DriverTrip, PassengerTrip };

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
