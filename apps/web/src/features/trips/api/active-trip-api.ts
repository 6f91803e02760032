import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/**
 * The two active-trip lookups used by the route guard, the driver's nav badge and the active-trip
 * pages. The server answers 404 'No hay viaje activo' when there is none, which the api client turns
 * into `{ success: false, data: null }`; both functions then resolve null.
 */

/** Only what the shell reads; the trip pages will type the rest when they are built. */
export interface ActiveTripSummary {
  id: number;
  status?: string;
  trip_status?: string;
}

/** How long a lookup is trusted before the guard asks again (avoids a call per click). */
export const ACTIVE_TRIP_STALE_MS = 5_000;

function tripOrNull(response: { success: boolean; data: ActiveTripSummary | null }): ActiveTripSummary | null {
  return response.success && response.data ? response.data : null;
}

export async function fetchPassengerActiveTrip(): Promise<ActiveTripSummary | null> {
  return tripOrNull(await apiClient.get<ActiveTripSummary | null>('/trips/active'));
}

export async function fetchDriverCurrentTrip(): Promise<ActiveTripSummary | null> {
  return tripOrNull(await apiClient.get<ActiveTripSummary | null>('/driver/trips/current'));
}

export const activeTripKeys = {
  all: ['active-trip'] as const,
  passenger: (userId: number) => ['active-trip', 'passenger', userId] as const,
  driver: (userId: number) => ['active-trip', 'driver', userId] as const,
};

export const passengerActiveTripQuery = (userId: number) =>
  queryOptions({
    queryKey: activeTripKeys.passenger(userId),
    queryFn: fetchPassengerActiveTrip,
    staleTime: ACTIVE_TRIP_STALE_MS,
  });

export const driverCurrentTripQuery = (userId: number) =>
  queryOptions({
    queryKey: activeTripKeys.driver(userId),
    queryFn: fetchDriverCurrentTrip,
    staleTime: ACTIVE_TRIP_STALE_MS,
  });
