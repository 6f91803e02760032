/**
 * The usual price of a route, computed by the database: the 25th and 75th percentiles
 * (percentile_cont) of the agreed fares of completed trips of the same service type whose pickup and
 * destination are each within FARE_HINT_RADIUS_M of the request's, with a similar route distance, completed
 * in the last FARE_HINT_WINDOW_DAYS. Same SQL on PGlite and PostgreSQL.
 */
import { type Database, sql } from '@jala/db';
import { FARE_HINT_RADIUS_M, FARE_HINT_WINDOW_DAYS, similarDistanceRange } from '@jala/domain';

export interface RouteForHint {
  serviceTypeId: number;
  pickup: { latitude: number; longitude: number };
  destination: { latitude: number; longitude: number };
  distanceKm: number;
}

/** How many similar trips, and their quartiles in céntimos (null when there are none). */
export interface SimilarFares {
  trips: number;
  p25Cents: number | null;
  p75Cents: number | null;
}

type SimilarFaresRow = { trips: number | string; p25: number | string | null; p75: number | string | null };

export class FareHintRepository {
  constructor(private readonly db: Database) {}

  /**
   * The agreed fare is `agreed_fare_cents`, the accepted offer's price: what passenger and driver settled
   * for the route. Accepted adjustments (waiting, tolls, an extra stop) are left out: they describe what
   * happened on one ride, not what the route costs. Both boxes (`<@ earth_box`) are searched in one walk of
   * the two-column GiST index over completed trips; the exact circle is applied to the rows it returns.
   */
  async similarFares(route: RouteForHint, now: Date): Promise<SimilarFares> {
    const { minKm, maxKm } = similarDistanceRange(route.distanceKm);
    const since = new Date(now.getTime() - FARE_HINT_WINDOW_DAYS * 86_400_000);
    const pickupHere = sql`ll_to_earth(${route.pickup.latitude}::float8, ${route.pickup.longitude}::float8)`;
    const destinationHere = sql`ll_to_earth(${route.destination.latitude}::float8, ${route.destination.longitude}::float8)`;
    const pickup = sql`ll_to_earth(t.pickup_latitude::float8, t.pickup_longitude::float8)`;
    const destination = sql`ll_to_earth(t.destination_latitude::float8, t.destination_longitude::float8)`;
    const result = await this.db.execute<SimilarFaresRow>(sql`
      select count(*) as trips,
             percentile_cont(0.25) within group (order by t.agreed_fare_cents) as p25,
             percentile_cont(0.75) within group (order by t.agreed_fare_cents) as p75
      from trips t
      where t.status = 'completed'
        and ${pickup} <@ earth_box(${pickupHere}, ${FARE_HINT_RADIUS_M})
        and ${destination} <@ earth_box(${destinationHere}, ${FARE_HINT_RADIUS_M})
        and earth_distance(${pickup}, ${pickupHere}) <= ${FARE_HINT_RADIUS_M}
        and earth_distance(${destination}, ${destinationHere}) <= ${FARE_HINT_RADIUS_M}
        and t.service_type_id = ${route.serviceTypeId}
        and t.completed_at >= ${since}
        and t.distance_km between ${minKm.toFixed(2)} and ${maxKm.toFixed(2)}
        and t.agreed_fare_cents is not null`);
    const row = result.rows[0];
    const cents = (value: number | string | null | undefined) => (value == null ? null : Math.round(Number(value)));
    return { trips: Number(row?.trips ?? 0), p25Cents: cents(row?.p25), p75Cents: cents(row?.p75) };
  }
}
