/**
 * The usual price of a route for the passenger proposing a price (GET /trips/fare-hint) and,
 * stored on the trip when it is requested, for the drivers who see the request: their feed carries it
 * without a query per read.
 */
import type { FareHint, FareHintQuery } from '@jala/contracts';
import { FARE_HINT_MIN_TRIPS, fareForRoute, fromCentimos, toCentimos } from '@jala/domain';

import type { GeoProvider } from '../../../geo';
import type { FareHintRepository, RouteForHint } from './fare-hint.repository';

/** The trips columns the hint is stored in. */
export interface StoredFareHint {
  fareHintTrips: number | null;
  fareHintLowCents: number | null;
  fareHintHighCents: number | null;
}

/** A route priced the way trip creation prices it: the provider's distance and time, the domain's fare. */
export interface PricedRoute {
  distanceMetres: number;
  durationSeconds: number;
  polyline: string | null;
  fareCents: number;
}

/** The server's own measure and fare of a route; the client's numbers are only a preview. */
export async function priceRoute(geo: GeoProvider, route: Omit<RouteForHint, 'distanceKm'>): Promise<PricedRoute> {
  const found = await geo.route(route.pickup, route.destination, { serviceTypeId: route.serviceTypeId });
  const measure = { distanceMetres: found.distance.value, durationSeconds: found.duration.value };
  return { ...measure, polyline: found.polyline, fareCents: toCentimos(fareForRoute(measure, route.serviceTypeId)) };
}

/** The hint as the API gives it: the quartiles only from FARE_HINT_MIN_TRIPS similar trips on. */
function fareHintValues(
  trips: number,
  lowCents: number | null,
  highCents: number | null,
  estimateCents: number,
): FareHint {
  const enough = trips >= FARE_HINT_MIN_TRIPS && lowCents !== null && highCents !== null;
  return {
    similar_trips: trips,
    low: enough ? fromCentimos(lowCents) : null,
    high: enough ? fromCentimos(highCents) : null,
    estimate: fromCentimos(estimateCents),
  };
}

/** The hint stored on a trip, with the trip's estimate; null for trips requested before the hint existed. */
export function fareHintFromColumns(stored: StoredFareHint, estimateCents: number): FareHint | null {
  return stored.fareHintTrips == null
    ? null
    : fareHintValues(stored.fareHintTrips, stored.fareHintLowCents, stored.fareHintHighCents, estimateCents);
}

export class FareHintService {
  constructor(private readonly d: { repository: FareHintRepository; geo: GeoProvider; now: () => Date }) {}

  /** The columns to store on a trip being requested for this route. */
  async forRoute(route: RouteForHint): Promise<StoredFareHint> {
    const similar = await this.d.repository.similarFares(route, this.d.now());
    return { fareHintTrips: similar.trips, fareHintLowCents: similar.p25Cents, fareHintHighCents: similar.p75Cents };
  }

  /** The hint while the passenger proposes a price: the route is priced as POST /trips will price it. */
  async forQuery(q: FareHintQuery): Promise<FareHint> {
    const route = {
      serviceTypeId: q.service_type_id,
      pickup: { latitude: q.origin_latitude, longitude: q.origin_longitude },
      destination: { latitude: q.destination_latitude, longitude: q.destination_longitude },
    };
    const priced = await priceRoute(this.d.geo, route);
    const similar = await this.d.repository.similarFares(
      { ...route, distanceKm: priced.distanceMetres / 1000 },
      this.d.now(),
    );
    return fareHintValues(similar.trips, similar.p25Cents, similar.p75Cents, priced.fareCents);
  }
}
