// The shapes of places and routes are the API contract's (spec §3 'Place', 'Route result'), shared with the web.
import type { LatLng, Place, ReverseGeocodeResult, RouteResult, RouteStep, TextValue } from '@jala/contracts';

/**
 * The contract every maps backend implements. The HTTP layer (`/api/geo/...`) only ever sees this
 * interface, so switching GEO_PROVIDER between the embedded gazetteer, OpenStreetMap services and
 * Google is configuration, never code.
 */

export type { LatLng, Place, ReverseGeocodeResult, RouteResult, RouteStep, TextValue };

export interface SearchPlacesOptions {
  /** Bias: places within 50 km of this point come first (spec §9 place search radius). */
  near?: LatLng;
  limit?: number;
}

export interface RouteOptions {
  /** 1 mototaxi, 2 auto (spec §9); decides speed and fare. Defaults to auto. */
  serviceTypeId?: number;
  /** Intermediate stops, in order (spec §7 'optional waypoints'). */
  waypoints?: LatLng[];
  /** Spec §7 'avoid tolls/highways'; the offline estimate ignores it. */
  avoid?: ('tolls' | 'highways')[];
}

export interface GeoProvider {
  readonly name: 'offline' | 'osm' | 'google';
  searchPlaces(query: string, opts?: SearchPlacesOptions): Promise<Place[]>;
  reverseGeocode(point: LatLng): Promise<ReverseGeocodeResult>;
  route(origin: LatLng, destination: LatLng, opts?: RouteOptions): Promise<RouteResult>;
}

export type GeoErrorCode =
  'GEOCODING_FAILED' | 'REVERSE_GEOCODING_FAILED' | 'PLACES_SEARCH_FAILED' | 'ROUTE_FAILED' | 'OUT_OF_COVERAGE';

/** Default user-facing Spanish text per code, for callers that have nothing more specific. */
export const GEO_ERROR_MESSAGES: Readonly<Record<GeoErrorCode, string>> = {
  GEOCODING_FAILED: 'No se pudo encontrar la dirección.',
  REVERSE_GEOCODING_FAILED: 'No se pudo obtener la dirección de este punto.',
  PLACES_SEARCH_FAILED: 'No se pudo buscar lugares. Inténtalo de nuevo.',
  ROUTE_FAILED: 'No se pudo calcular la ruta.',
  OUT_OF_COVERAGE: 'Esta ubicación está fuera de Perú. Jala solo opera en Perú.',
};

/** Text the spec (§5) shows when a point has no known address. */
export const UNKNOWN_LOCATION_ADDRESS = 'Mi ubicación actual';

export interface GeoErrorOptions {
  /** Status reported by the upstream service ('REQUEST_DENIED', 'HTTP 500', 'NoRoute'…), for logs only. */
  upstreamStatus?: string;
  cause?: unknown;
}

/**
 * A maps failure whose message can be shown to the user as is. Upstream details (status, cause) are
 * kept apart for logging, so nothing from a provider (least of all a key) leaks into the message.
 */
export class GeoError extends Error {
  readonly upstreamStatus: string | undefined;

  constructor(
    public readonly code: GeoErrorCode,
    message: string = GEO_ERROR_MESSAGES[code],
    options: GeoErrorOptions = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'GeoError';
    this.upstreamStatus = options.upstreamStatus;
  }
}
