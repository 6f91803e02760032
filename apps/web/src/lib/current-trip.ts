import type { DriverTrip, PassengerTrip } from '@jala/contracts';
import { queryOptions } from '@tanstack/react-query';

import { fetchDriverTrip, fetchPassengerTrip } from './api/current-trip-api';

/**
 * The current trip, one query per role: GET /trips/active for the passenger, GET /driver/trips/current
 * for the driver. The route guard (app), the driver's nav badge (components) and the live-trip pages
 * all read these same cache entries, so a change seen by one is seen by all. With no trip the server
 * answers 200 with `data: null`, and the lookups resolve null (lib/api/current-trip-api.ts).
 */

export type { DriverTrip, PassengerTrip };

/** How long a lookup is trusted before the guard asks again (avoids a call per click). */
export const CURRENT_TRIP_STALE_MS = 5_000;

export const currentTripKeys = {
  all: ['current-trip'] as const,
  passenger: (userId: number) => ['current-trip', 'passenger', userId] as const,
  driver: (userId: number) => ['current-trip', 'driver', userId] as const,
};

export const passengerTripQuery = (userId: number) =>
  queryOptions({
    queryKey: currentTripKeys.passenger(userId),
    queryFn: fetchPassengerTrip,
    staleTime: CURRENT_TRIP_STALE_MS,
  });

export const driverTripQuery = (userId: number) =>
  queryOptions({
    queryKey: currentTripKeys.driver(userId),
    queryFn: fetchDriverTrip,
    staleTime: CURRENT_TRIP_STALE_MS,
  });
