import type { Place, ReverseGeocodeResult, RouteResult, TextValue } from '@jala/contracts';
import * as endpoints from '@jala/contracts/endpoints';

import { api, callApi } from '@/lib/api/api-client';

import type { MapPoint } from '../model/types';

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
  const place = {
    q: query.trim(),
    limit: PLACE_SEARCH_LIMIT,
    ...(near ? { latitude: near.latitude, longitude: near.longitude } : {}),
  };
  return call(api(endpoints.searchPlaces, { query: place, ...(signal ? { signal } : {}) }), GEO_FALLBACKS.search);
}

/** Address of a point ('Mi ubicación actual' when the server knows none). */
export function reverseGeocode(point: MapPoint): Promise<ReverseGeocodeResult> {
  return call(
    api(endpoints.reverseGeocode, { query: { latitude: point.latitude, longitude: point.longitude } }),
    GEO_FALLBACKS.reverse,
  );
}

/** The query of a route between two points for a service type, shared by the route and the fare-hint calls. */
export function routeQuery(origin: MapPoint, destination: MapPoint, serviceTypeId: number) {
  return {
    origin_latitude: origin.latitude,
    origin_longitude: origin.longitude,
    destination_latitude: destination.latitude,
    destination_longitude: destination.longitude,
    service_type_id: serviceTypeId,
  };
}

/** Driving route between two points with the fare estimate for the service type (1 mototaxi, 2 auto). */
export function fetchRoute(
  origin: MapPoint,
  destination: MapPoint,
  serviceTypeId: number,
  signal?: AbortSignal,
): Promise<RouteResult> {
  const query = routeQuery(origin, destination, serviceTypeId);
  return call(api(endpoints.drivingRoute, { query, ...(signal ? { signal } : {}) }), GEO_FALLBACKS.route);
}

export const geoKeys = {
  search: (query: string, near: MapPoint | null | undefined) =>
    [
      'geo',
      'search',
      query.trim().toLowerCase(),
      near ? `${near.latitude.toFixed(2)},${near.longitude.toFixed(2)}` : '',
    ] as const,
  route: (origin: MapPoint, destination: MapPoint, serviceTypeId: number) =>
    [
      'geo',
      'route',
      origin.latitude,
      origin.longitude,
      destination.latitude,
      destination.longitude,
      serviceTypeId,
    ] as const,
};
