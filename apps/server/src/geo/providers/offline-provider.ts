import { assertInPeru } from '../coverage-guard';
import { findNearest } from '../gazetteer';
import { searchGazetteer } from '../gazetteer-search';
import { isValidLatLng } from '../geo-math';
import {
  type GeoProvider,
  type LatLng,
  type Place,
  type ReverseGeocodeResult,
  type RouteOptions,
  type RouteResult,
  type SearchPlacesOptions,
  UNKNOWN_LOCATION_ADDRESS,
} from '../geo-provider';
import { clampLimit } from '../search-options';
import { buildStraightLineRoute } from '../straight-line-route';

/** A landmark this close is what people call the spot ('Cerca de Parque Kennedy'). */
const LANDMARK_RADIUS_KM = 0.3;
/** A curated Lima/Callao district or city seat this close names the area (districts span a few km). */
const CURATED_LOCALITY_RADIUS_KM = 10;
/** Beyond this from any known place, a name would mislead: say 'Mi ubicación actual' instead. */
const ANY_LOCALITY_RADIUS_KM = 30;

function joinUnique(parts: (string | null)[]): string {
  return [...new Set(parts.filter((part): part is string => Boolean(part)))].join(', ');
}

/**
 * The default provider: everything from embedded data, no network, no key. It keeps the whole product
 * working on a laptop or in CI and is the fallback shape the other providers must match.
 */
export class OfflineGeoProvider implements GeoProvider {
  readonly name = 'offline' as const;

  async searchPlaces(query: string, opts: SearchPlacesOptions = {}): Promise<Place[]> {
    // `near` only biases results, so a bad one is ignored rather than failing the search.
    const near = opts.near && isValidLatLng(opts.near) ? opts.near : undefined;
    return searchGazetteer(query, near, clampLimit(opts.limit));
  }

  async reverseGeocode(point: LatLng): Promise<ReverseGeocodeResult> {
    assertInPeru(point);
    const landmark = findNearest(point, LANDMARK_RADIUS_KM, (entry) => entry.kind === 'landmark');
    if (landmark) {
      const { entry } = landmark;
      return {
        address: `Cerca de ${joinUnique([entry.place.name, entry.district, entry.city])}`,
        place: structuredClone(entry.place),
      };
    }
    const locality =
      findNearest(point, CURATED_LOCALITY_RADIUS_KM, (entry) => entry.isCurated && entry.kind !== 'landmark') ??
      findNearest(point, ANY_LOCALITY_RADIUS_KM, (entry) => entry.kind !== 'landmark');
    if (!locality) return { address: UNKNOWN_LOCATION_ADDRESS, place: null };
    const { entry } = locality;
    const area = entry.kind === 'settlement' ? entry.region : entry.city;
    return {
      address: joinUnique([entry.place.name, area === entry.place.name ? entry.region : area]),
      place: structuredClone(entry.place),
    };
  }

  async route(origin: LatLng, destination: LatLng, opts: RouteOptions = {}): Promise<RouteResult> {
    const stops = [origin, ...(opts.waypoints ?? []), destination];
    for (const stop of stops) assertInPeru(stop);
    return buildStraightLineRoute(stops, opts.serviceTypeId);
  }
}
