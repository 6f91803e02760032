import { apiClient, callApi } from '../../../lib/api-client';
import type { Place, ReverseGeocodeResult, RouteResult, TextValue } from '@jala/contracts';
import type { MapPoint } from '../types';

/**
 * The server's maps service (/api/geo/*): the browser never talks to a maps vendor. Failures carry the
 * server's Spanish message, else these fallbacks (the spec's English 'Places search failed' etc. in Spanish).
 */
export const GEO_FALLBACKS = {
  search: 'No se pudo buscar lugares. Inténtalo de nuevo.',
  reverse: 'No se pudo obtener la dirección de este punto.',
  route: 'No se pudo calcular la ruta.',
} as const;

export type { Place, ReverseGeocodeResult, RouteResult, TextValue };

const call = callApi;

/** Minimum query length the server accepts. */
export const PLACE_SEARCH_MIN_CHARS = 2;
export const PLACE_SEARCH_LIMIT = 6;

/** Places in Peru matching `query`, biased to 50 km around `near` when given. */
export function searchPlaces(query: string, near?: MapPoint | null, signal?: AbortSignal): Promise<Place[]> {
  const params = new URLSearchParams({ q: query.trim(), limit: String(PLACE_SEARCH_LIMIT) });
  if (near) {
    params.set('latitude', String(near.latitude));
    params.set('longitude', String(near.longitude));
  }
  return call(apiClient.get<Place[]>(`/geo/search?${params.toString()}`, signal ? { signal } : undefined), GEO_FALLBACKS.search);
}

/** Address of a point ('Mi ubicación actual' when the server knows none). */
export function reverseGeocode(point: MapPoint): Promise<ReverseGeocodeResult> {
  const params = new URLSearchParams({ latitude: String(point.latitude), longitude: String(point.longitude) });
  return call(apiClient.get<ReverseGeocodeResult>(`/geo/reverse?${params.toString()}`), GEO_FALLBACKS.reverse);
}

/** The query of a route between two points for a service type, shared by the route and the fare-hint calls. */
export function routeSearchParams(origin: MapPoint, destination: MapPoint, serviceTypeId: number): URLSearchParams {
  return new URLSearchParams({
    origin_latitude: String(origin.latitude),
    origin_longitude: String(origin.longitude),
    destination_latitude: String(destination.latitude),
    destination_longitude: String(destination.longitude),
    service_type_id: String(serviceTypeId),
  });
}

/** Driving route between two points with the fare estimate for the service type (1 mototaxi, 2 auto). */
export function fetchRoute(origin: MapPoint, destination: MapPoint, serviceTypeId: number, signal?: AbortSignal): Promise<RouteResult> {
  const params = routeSearchParams(origin, destination, serviceTypeId);
  return call(apiClient.get<RouteResult>(`/geo/route?${params.toString()}`, signal ? { signal } : undefined), GEO_FALLBACKS.route);
}

export const geoKeys = {
  search: (query: string, near: MapPoint | null | undefined) =>
    ['geo', 'search', query.trim().toLowerCase(), near ? `${near.latitude.toFixed(2)},${near.longitude.toFixed(2)}` : ''] as const,
  route: (origin: MapPoint, destination: MapPoint, serviceTypeId: number) =>
    ['geo', 'route', origin.latitude, origin.longitude, destination.latitude, destination.longitude, serviceTypeId] as const,
};
