import type { FareHint } from '@jala/contracts';
import * as endpoints from '@jala/contracts/endpoints';

import { type MapPoint, routeQuery } from '@/features/map';
import { api, callApi } from '@/lib/api/api-client';

export const FARE_HINT_FALLBACK = 'No se pudo calcular el precio habitual';

/** GET /trips/fare-hint: the usual price of the route, with the same parameters as the route preview. */
export function fetchFareHint(
  origin: MapPoint,
  destination: MapPoint,
  serviceTypeId: number,
  signal?: AbortSignal,
): Promise<FareHint> {
  const query = routeQuery(origin, destination, serviceTypeId);
  return callApi(api(endpoints.fareHint, { query, ...(signal ? { signal } : {}) }), FARE_HINT_FALLBACK);
}

export const fareHintKeys = {
  route: (origin: MapPoint, destination: MapPoint, serviceTypeId: number) =>
    [
      'fare-hint',
      origin.latitude,
      origin.longitude,
      destination.latitude,
      destination.longitude,
      serviceTypeId,
    ] as const,
};
