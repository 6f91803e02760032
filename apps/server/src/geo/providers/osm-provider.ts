import { assertInPeru } from '../coverage-guard';
import { compassDirectionEs, isValidLatLng } from '../geo-math';
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
import { PERU_BOUNDS } from '../peru-coverage';
import { roadRouteResult, roadStep } from '../route-result';
import { clampLimit, NEAR_RADIUS_KM } from '../search-options';
import { DEFAULT_SERVICE_TYPE_ID } from '../service-speed';
import { normalizeText } from '../text-normalize';
import { type FetchLike, getJson, parseResponse, requireOk, unexpectedFormat } from './http-json';
import { nominatimToPlace, photonToPlace, shortAddress } from './osm-places';
import { nominatimReverseResponse, nominatimSearchResponse, osrmRouteResponse, photonResponse } from './osm-responses';
import { osrmInstruction } from './osrm-instructions';

/**
 * OpenStreetMap services: Nominatim (search, reverse), optionally Photon (search as you type) and
 * OSRM (driving routes). Meant for self-hosted instances in production: the public ones allow about
 * one request per second and require an identifying User-Agent, which every request here sends.
 */
export interface OsmProviderConfig {
  nominatimUrl: string;
  osrmUrl: string;
  photonUrl?: string | undefined;
  fetch: FetchLike;
  userAgent: string;
  timeoutMs: number;
}

const NO_ROUTE_MESSAGE = 'No encontramos una ruta por carretera entre estos puntos.';
const OSRM_MESSAGES: Record<string, string> = {
  NoRoute: NO_ROUTE_MESSAGE,
  NoSegment: 'Uno de los puntos está demasiado lejos de una vía. Elige un punto sobre una calle.',
};

/** 'https://host/nominatim' + 'search' → 'https://host/nominatim/search' (URL() alone would drop 'nominatim'). */
function endpoint(base: string, path: string): URL {
  return new URL(path, base.endsWith('/') ? base : `${base}/`);
}

/** Nominatim's viewbox: a square of ±50 km around `near` (longitude degrees shrink with latitude). */
function viewboxAround(near: LatLng): string {
  const dLat = NEAR_RADIUS_KM / 111.32;
  const dLng = NEAR_RADIUS_KM / (111.32 * Math.cos((near.latitude * Math.PI) / 180));
  return [near.longitude - dLng, near.latitude + dLat, near.longitude + dLng, near.latitude - dLat]
    .map((value) => value.toFixed(5))
    .join(',');
}

export class OsmGeoProvider implements GeoProvider {
  readonly name = 'osm' as const;

  constructor(private readonly config: OsmProviderConfig) {}

  async searchPlaces(query: string, opts: SearchPlacesOptions = {}): Promise<Place[]> {
    if (normalizeText(query).length < 2) return [];
    const near = opts.near && isValidLatLng(opts.near) ? opts.near : undefined;
    const limit = clampLimit(opts.limit);
    if (this.config.photonUrl) return this.searchPhoton(query.trim(), near, limit, this.config.photonUrl);
    // 50 km around `near` first (bounded); only when nothing is there, the whole of Peru.
    if (near) {
      const nearby = await this.searchNominatim(query.trim(), limit, near);
      if (nearby.length > 0) return nearby;
    }
    return this.searchNominatim(query.trim(), limit, undefined);
  }

  async reverseGeocode(point: LatLng): Promise<ReverseGeocodeResult> {
    assertInPeru(point);
    const url = endpoint(this.config.nominatimUrl, 'reverse');
    url.search = new URLSearchParams({
      format: 'jsonv2',
      lat: point.latitude.toFixed(6),
      lon: point.longitude.toFixed(6),
      zoom: '18',
      addressdetails: '1',
      'accept-language': 'es',
    }).toString();
    const body = requireOk(await this.get(url, 'REVERSE_GEOCODING_FAILED'), 'REVERSE_GEOCODING_FAILED');
    const result = parseResponse(nominatimReverseResponse, body, 'REVERSE_GEOCODING_FAILED');
    if ('error' in result) return { address: UNKNOWN_LOCATION_ADDRESS, place: null };
    return { address: shortAddress(result), place: nominatimToPlace(result) };
  }

  async route(origin: LatLng, destination: LatLng, opts: RouteOptions = {}): Promise<RouteResult> {
    const stops = [origin, ...(opts.waypoints ?? []), destination];
    for (const stop of stops) assertInPeru(stop);
    const coordinates = stops.map((stop) => `${stop.longitude.toFixed(6)},${stop.latitude.toFixed(6)}`).join(';');
    const url = endpoint(this.config.osrmUrl, `route/v1/driving/${coordinates}`);
    const params = new URLSearchParams({ overview: 'full', geometries: 'polyline', steps: 'true' });
    // OSRM's car profile names these classes 'toll' and 'motorway'.
    const exclude = (opts.avoid ?? []).map((what) => (what === 'tolls' ? 'toll' : 'motorway'));
    if (exclude.length > 0) params.set('exclude', exclude.join(','));
    url.search = params.toString();

    // OSRM reports NoRoute & co. with HTTP 400 and a JSON body: read the body before the status.
    const response = await this.get(url, 'ROUTE_FAILED');
    const parsed = osrmRouteResponse.safeParse(response.body);
    if (!parsed.success) {
      requireOk(response, 'ROUTE_FAILED');
      throw unexpectedFormat('ROUTE_FAILED', parsed.error);
    }
    const { code, routes } = parsed.data;
    const best = routes[0];
    if (code !== 'Ok') {
      throw new GeoError('ROUTE_FAILED', OSRM_MESSAGES[code] ?? GEO_ERROR_MESSAGES.ROUTE_FAILED, {
        upstreamStatus: code,
      });
    }
    if (!best) throw new GeoError('ROUTE_FAILED', NO_ROUTE_MESSAGE, { upstreamStatus: 'NoRoute' });

    const serviceTypeId = opts.serviceTypeId ?? DEFAULT_SERVICE_TYPE_ID;
    const lastLeg = best.legs.length - 1;
    const steps = best.legs.flatMap((leg, legIndex) =>
      leg.steps.map((step) =>
        roadStep(
          {
            instruction: osrmInstruction(step.maneuver, step.name || step.ref || '', {
              compass: compassDirectionEs(step.maneuver.bearing_after),
              isLastLeg: legIndex === lastLeg,
            }),
            metres: step.distance,
            carSeconds: step.duration,
            start: { latitude: step.maneuver.location[1], longitude: step.maneuver.location[0] },
          },
          serviceTypeId,
        ),
      ),
    );
    return roadRouteResult(
      { metres: best.distance, carSeconds: best.duration, polyline: best.geometry, steps },
      serviceTypeId,
    );
  }

  private async searchNominatim(query: string, limit: number, boundedTo: LatLng | undefined): Promise<Place[]> {
    const url = endpoint(this.config.nominatimUrl, 'search');
    const params = new URLSearchParams({
      q: query,
      format: 'jsonv2',
      countrycodes: 'pe',
      limit: String(limit),
      addressdetails: '1',
      'accept-language': 'es',
    });
    if (boundedTo) {
      params.set('viewbox', viewboxAround(boundedTo));
      params.set('bounded', '1');
    }
    url.search = params.toString();
    const body = requireOk(await this.get(url, 'PLACES_SEARCH_FAILED'), 'PLACES_SEARCH_FAILED');
    return parseResponse(nominatimSearchResponse, body, 'PLACES_SEARCH_FAILED')
      .filter((item) => (item.address?.country_code ?? 'pe') === 'pe')
      .map(nominatimToPlace);
  }

  private async searchPhoton(
    query: string,
    near: LatLng | undefined,
    limit: number,
    photonUrl: string,
  ): Promise<Place[]> {
    const url = endpoint(photonUrl, 'api');
    const params = new URLSearchParams({
      q: query,
      limit: String(limit),
      // Photon has no country filter: restrict to Peru's box, then keep only countrycode PE.
      bbox: [PERU_BOUNDS.west, PERU_BOUNDS.south, PERU_BOUNDS.east, PERU_BOUNDS.north]
        .map((v) => v.toFixed(4))
        .join(','),
    });
    if (near) {
      params.set('lat', near.latitude.toFixed(6));
      params.set('lon', near.longitude.toFixed(6));
    }
    url.search = params.toString();
    const body = requireOk(await this.get(url, 'PLACES_SEARCH_FAILED'), 'PLACES_SEARCH_FAILED');
    return parseResponse(photonResponse, body, 'PLACES_SEARCH_FAILED')
      .features.filter((feature) => feature.properties.countrycode?.toUpperCase() === 'PE')
      .map(photonToPlace);
  }

  private get(url: URL, code: GeoErrorCode) {
    return getJson(url, code, {
      fetch: this.config.fetch,
      timeoutMs: this.config.timeoutMs,
      headers: { 'user-agent': this.config.userAgent, 'accept-language': 'es' },
    });
  }
}
