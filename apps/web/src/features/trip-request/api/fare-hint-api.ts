import type { FareHint } from '@jala/contracts';
import type { MapPoint } from '../../map';
import { apiClient, callApi } from '../../../lib/api-client';

export const FARE_HINT_FALLBACK = 'No se pudo calcular el precio habitual';

/** GET /trips/fare-hint: the usual price of the route (issue 26), with the same parameters as the route preview. */
export function fetchFareHint(origin: MapPoint, destination: MapPoint, serviceTypeId: number, signal?: AbortSignal): Promise<FareHint> {
  const params = new URLSearchParams({
    origin_latitude: String(origin.latitude),
    origin_longitude: String(origin.longitude),
    destination_latitude: String(destination.latitude),
    destination_longitude: String(destination.longitude),
    service_type_id: String(serviceTypeId),
  });
  return callApi(apiClient.get<FareHint>(`/trips/fare-hint?${params.toString()}`, signal ? { signal } : undefined), FARE_HINT_FALLBACK);
}

export const fareHintKeys = {
  route: (origin: MapPoint, destination: MapPoint, serviceTypeId: number) =>
    ['fare-hint', origin.latitude, origin.longitude, destination.latitude, destination.longitude, serviceTypeId] as const,
};
