import { assertInPeru } from '../coverage-guard';
import { isValidLatLng } from '../geo-math';
import {
  GEO_ERROR_MESSAGES,
  GeoError,
  type GeoErrorCode,
  type GeoProvider,
  type LatLng,
  type Place,
  type ReverseGeocodeResult,
  type RouteOptions,
  type RouteResult,
  type SearchPlacesOptions,
  UNKNOWN_LOCATION_ADDRESS,
} from '../geo-provider';
import { htmlToPlainText } from '../html-text';
import { isInPeru } from '../peru-coverage';
import { roadRouteResult, roadStep } from '../route-result';
import { clampLimit, NEAR_RADIUS_KM } from '../search-options';
import { DEFAULT_SERVICE_TYPE_ID } from '../service-speed';
import { normalizeText } from '../text-normalize';
import {
  directionsResponse,
  geocodingResponse,
  type GeocodingResult,
  placesTextSearchResponse,
} from './google-responses';
import { type FetchLike, getJson, parseResponse, requireOk } from './http-json';

/**
 * Google Maps web services, called only from the server: the key lives in server configuration and
 * is never returned, logged or put in an error message (GUIDE §4: no map key in the browser bundle).
 */
export interface GoogleProviderConfig {
  apiKey: string;
  fetch: FetchLike;
  timeoutMs: number;
  /** Tests and proxies; defaults to Google's public endpoint. */
  baseUrl?: string | undefined;
}

const GOOGLE_BASE_URL = 'https://maps.googleapis.com/maps/api/';
const NO_ROUTE_MESSAGE = 'No encontramos una ruta por carretera entre estos puntos.';
const OVER_LIMIT_MESSAGE = 'El servicio de mapas está saturado. Inténtalo en unos minutos.';

const formatLatLng = (point: LatLng): string => `${point.latitude.toFixed(6)},${point.longitude.toFixed(6)}`;

/** A failed Google `status` as the GeoError the user sees; the status itself stays in upstreamStatus. */
function statusError(code: GeoErrorCode, status: string, message?: string): GeoError {
  const text =
    status === 'OVER_QUERY_LIMIT' || status === 'OVER_DAILY_LIMIT'
      ? OVER_LIMIT_MESSAGE
      : (message ?? GEO_ERROR_MESSAGES[code]);
  return new GeoError(code, text, { upstreamStatus: status });
}

function geocodingToPlace(result: GeocodingResult): Place {
  return {
    placeId: result.place_id,
    // 'Av. José Larco 345, Miraflores 15074, Perú' → 'Av. José Larco 345'.
    name: (result.formatted_address.split(',')[0] ?? result.formatted_address).trim(),
    formattedAddress: result.formatted_address,
    coordinates: { latitude: result.geometry.location.lat, longitude: result.geometry.location.lng },
    types: result.types,
  };
}

export class GoogleGeoProvider implements GeoProvider {
  readonly name = 'google' as const;

  constructor(private readonly config: GoogleProviderConfig) {
    if (!config.apiKey) throw new Error('El proveedor de mapas google necesita una clave de API (googleApiKey).');
  }

  async searchPlaces(query: string, opts: SearchPlacesOptions = {}): Promise<Place[]> {
    if (normalizeText(query).length < 2) return [];
    const limit = clampLimit(opts.limit);
    const params: Record<string, string> = { query: query.trim(), region: 'pe', language: 'es' };
    if (opts.near && isValidLatLng(opts.near)) {
      params.location = formatLatLng(opts.near);
      params.radius = String(NEAR_RADIUS_KM * 1000);
    }
    const body = await this.call('place/textsearch/json', params, 'PLACES_SEARCH_FAILED');
    const response = parseResponse(placesTextSearchResponse, body, 'PLACES_SEARCH_FAILED');
    if (response.status === 'ZERO_RESULTS') return this.geocode(query.trim(), limit);
    if (response.status !== 'OK') throw statusError('PLACES_SEARCH_FAILED', response.status);
    // Text Search only *biases* to region=pe; Jala operates in Peru, so drop anything outside it.
    return response.results
      .map((result) => ({
        placeId: result.place_id,
        name: result.name,
        formattedAddress: result.formatted_address,
        coordinates: { latitude: result.geometry.location.lat, longitude: result.geometry.location.lng },
        types: result.types,
      }))
      .filter((place) => isInPeru(place.coordinates))
      .slice(0, limit);
  }

  async reverseGeocode(point: LatLng): Promise<ReverseGeocodeResult> {
    assertInPeru(point);
    const body = await this.call(
      'geocode/json',
      { latlng: formatLatLng(point), language: 'es' },
      'REVERSE_GEOCODING_FAILED',
    );
    const response = parseResponse(geocodingResponse, body, 'REVERSE_GEOCODING_FAILED');
    if (response.status === 'ZERO_RESULTS') return { address: UNKNOWN_LOCATION_ADDRESS, place: null };
    if (response.status !== 'OK') throw statusError('REVERSE_GEOCODING_FAILED', response.status);
    // Google may list a bare plus code ('PWH9+GQ Lima') first; a street address reads better.
    const best = response.results.find((result) => !result.types.includes('plus_code')) ?? response.results[0];
    if (!best) return { address: UNKNOWN_LOCATION_ADDRESS, place: null };
    return { address: best.formatted_address.replace(/,\s*Per[uú]$/i, ''), place: geocodingToPlace(best) };
  }

  async route(origin: LatLng, destination: LatLng, opts: RouteOptions = {}): Promise<RouteResult> {
    const waypoints = opts.waypoints ?? [];
    for (const stop of [origin, ...waypoints, destination]) assertInPeru(stop);
    const params: Record<string, string> = {
      origin: formatLatLng(origin),
      destination: formatLatLng(destination),
      mode: 'driving',
      language: 'es',
      region: 'pe',
    };
    if (waypoints.length > 0) params.waypoints = waypoints.map(formatLatLng).join('|');
    if (opts.avoid && opts.avoid.length > 0) params.avoid = opts.avoid.join('|');

    const body = await this.call('directions/json', params, 'ROUTE_FAILED');
    const response = parseResponse(directionsResponse, body, 'ROUTE_FAILED');
    if (response.status === 'ZERO_RESULTS' || response.status === 'NOT_FOUND') {
      throw statusError('ROUTE_FAILED', response.status, NO_ROUTE_MESSAGE);
    }
    if (response.status !== 'OK') throw statusError('ROUTE_FAILED', response.status);
    const best = response.routes[0];
    if (!best) throw statusError('ROUTE_FAILED', 'ZERO_RESULTS', NO_ROUTE_MESSAGE);

    const serviceTypeId = opts.serviceTypeId ?? DEFAULT_SERVICE_TYPE_ID;
    return roadRouteResult(
      {
        metres: best.legs.reduce((sum, leg) => sum + leg.distance.value, 0),
        carSeconds: best.legs.reduce((sum, leg) => sum + leg.duration.value, 0),
        polyline: best.overview_polyline.points,
        steps: best.legs.flatMap((leg) =>
          leg.steps.map((step) =>
            roadStep(
              {
                instruction: htmlToPlainText(step.html_instructions),
                metres: step.distance.value,
                carSeconds: step.duration.value,
                start: { latitude: step.start_location.lat, longitude: step.start_location.lng },
              },
              serviceTypeId,
            ),
          ),
        ),
      },
      serviceTypeId,
    );
  }

  /** Geocoding restricted to Peru (components=country:PE), for addresses Text Search did not find. */
  private async geocode(address: string, limit: number): Promise<Place[]> {
    const body = await this.call(
      'geocode/json',
      { address, components: 'country:PE', region: 'pe', language: 'es' },
      'GEOCODING_FAILED',
    );
    const response = parseResponse(geocodingResponse, body, 'GEOCODING_FAILED');
    if (response.status === 'ZERO_RESULTS') return [];
    if (response.status !== 'OK') throw statusError('GEOCODING_FAILED', response.status);
    return response.results.map(geocodingToPlace).slice(0, limit);
  }

  private async call(path: string, params: Record<string, string>, code: GeoErrorCode): Promise<unknown> {
    const url = new URL(path, this.config.baseUrl ?? GOOGLE_BASE_URL);
    url.search = new URLSearchParams({ ...params, key: this.config.apiKey }).toString();
    const response = await getJson(url, code, { fetch: this.config.fetch, timeoutMs: this.config.timeoutMs });
    return requireOk(response, code);
  }
}
