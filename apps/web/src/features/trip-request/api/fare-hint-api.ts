import type { FareHint } from '@jala/contracts';
import { routeSearchParams, type MapPoint } from '../../map';
import { apiClient, callApi } from '../../../lib/api-client';

export const FARE_HINT_FALLBACK = 'No se pudo calcular el precio habitual';

/** GET /trips/fare-hint: the usual price of the route (issue 26), with the same parameters as the route preview. */
export function fetchFareHint(origin: MapPoint, destination: MapPoint, serviceTypeId: number, signal?: AbortSignal): Promise<FareHint> {
  const params = routeSearchParams(origin, destination, serviceTypeId);
  return callApi(apiClient.get<FareHint>(`/trips/fare-hint?${params.toString()}`, signal ? { signal } : undefined), FARE_HINT_FALLBACK);
}

export const fareHintKeys = {
  route: (origin: MapPoint, destination: MapPoint, serviceTypeId: number) =>
    ['fare-hint', origin.latitude, origin.longitude, destination.latitude, destination.longitude, serviceTypeId] as const,
};
