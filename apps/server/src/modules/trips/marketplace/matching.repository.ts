/**
 * Geographic matching between drivers and pending requests, on the GiST index over
 * ll_to_earth(pickup) (cube + earthdistance; same SQL on PGlite and PostgreSQL).
 */
import { and, type Database, eq, schema, sql } from '@jala/db';
import { DRIVER_BUSY_STATUSES, limaDateKey, vehicleTypeForServiceType } from '@jala/domain';

/** A driver's position older than this is not trusted for matching. */
export const POSITION_FRESHNESS_MINUTES = 15;

/** `(v1, v2, …)` with each value a bound parameter, for `in` lists in raw SQL. */
const sqlList = (values: readonly string[]) =>
  sql`(${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )})`;

/**
 * A booking is a live request only once published live (30 minutes before, `live_at`), and
 * somebody's active trip only once activated (20 minutes before); live trips are both from the start.
 */
const LIVE_REQUEST_SQL = sql.raw('(t.scheduled_for is null or t.live_at is not null)');
export const countsAsActive = (alias: string) =>
  sql.raw(`(${alias}.scheduled_for is null or ${alias}.activated_at is not null)`);

/** One row of the nearby-requests query (a type alias: drizzle's execute wants an indexable row type). */
export type NearbyRequestRow = {
  id: number;
  passenger_id: number;
  first_name: string;
  last_name: string;
  service_type_id: number;
  pickup_address: string;
  destination_address: string;
  pickup_latitude: string;
  pickup_longitude: string;
  estimated_fare_cents: number;
  offer_price_cents: number | null;
  distance_km: string;
  duration_minutes: number;
  passenger_notes: string | null;
  created_at: Date | string;
  expires_at: Date | string;
  distance_to_pickup_m: number;
  my_offer_cents: number | null;
  /** The passenger's average rating received, as PostgreSQL's numeric text; null when never rated. */
  passenger_rating: string | null;
  passenger_phone_verified: boolean;
  /** The route's usual price stored at the request. */
  fare_hint_trips: number | null;
  fare_hint_low_cents: number | null;
  fare_hint_high_cents: number | null;
  /** A booking that joined the live requests: its pickup time. */
  scheduled_for: Date | string | null;
  /** How the passenger pays, and the cash note (null: exact). */
  payment_method: 'cash' | 'yape' | 'plin';
  cash_note: number | null;
};

export interface MatchingDriver {
  driverId: number;
  latitude: number;
  longitude: number;
  radiusKm: number;
  vehicleType: 'mototaxi' | 'auto';
}

export class MatchingRepository {
  constructor(private readonly db: Database) {}

  /**
   * Pending, unexpired requests within the driver's radius for their vehicle type, minus those they
   * rejected or withdrew their offer from, nearest first. The inner query walks the GiST index in distance
   * order (KNN `<->`) and stops after `limit` rows, so its cost does not grow with the number of requests
   * around; the radius is applied to those rows (the nearest `limit` include every request inside it). No
   * `earth_box` bound: with one, PostgreSQL's fixed selectivity guess for it picked a bitmap scan plus sort
   * on smaller tables, twice as slow. Only the rows kept are joined with their passenger (name, average
   * rating) and the driver's own offer.
   */
  async nearbyRequests(driver: MatchingDriver, now: Date, limit = 50): Promise<NearbyRequestRow[]> {
    const serviceTypeId = driver.vehicleType === 'mototaxi' ? 1 : 2;
    const radiusM = driver.radiusKm * 1000;
    const here = sql`ll_to_earth(${driver.latitude}::float8, ${driver.longitude}::float8)`;
    const pickup = sql`ll_to_earth(t.pickup_latitude::float8, t.pickup_longitude::float8)`;
    const result = await this.db.execute<NearbyRequestRow>(sql`
      with nearest as (
        select t.id, t.passenger_id, t.service_type_id, t.pickup_address, t.destination_address,
               t.pickup_latitude, t.pickup_longitude, t.estimated_fare_cents, t.offer_price_cents, t.distance_km,
               t.duration_minutes, t.passenger_notes, t.created_at, t.expires_at,
               t.fare_hint_trips, t.fare_hint_low_cents, t.fare_hint_high_cents, t.scheduled_for, t.payment_method, t.cash_note,
               earth_distance(${here}, ${pickup}) as distance_to_pickup_m
        from trips t
        where t.status = 'pending'
          and ${LIVE_REQUEST_SQL}
          and t.expires_at > ${now}
          and t.service_type_id = ${serviceTypeId}
          and t.passenger_id <> ${driver.driverId}
          and not exists (select 1 from trip_rejections r where r.trip_id = t.id and r.driver_id = ${driver.driverId})
          and not exists (select 1 from trip_offers w where w.trip_id = t.id and w.driver_id = ${driver.driverId} and w.status = 'withdrawn')
        order by ${pickup} <-> ${here}
        limit ${limit}
      )
      select n.*, u.first_name, u.last_name, o.price_cents as my_offer_cents,
             u.rating_average as passenger_rating, u.phone_verified_at is not null as passenger_phone_verified
      from nearest n
      join users u on u.id = n.passenger_id
      left join trip_offers o on o.trip_id = n.id and o.driver_id = ${driver.driverId}
      where n.distance_to_pickup_m <= ${radiusM}
      order by n.distance_to_pickup_m asc, n.id asc`);
    return result.rows;
  }

  /**
   * Drivers who should hear about a pending trip now: online, verified, an active vehicle of the trip's type,
   * a fresh position with the pickup inside their own radius, not busy, not having rejected it or withdrawn
   * their offer on it.
   */
  async eligibleDriverIds(
    trip: { id: number; passengerId: number; serviceTypeId: number; pickupLatitude: string; pickupLongitude: string },
    now: Date,
  ): Promise<number[]> {
    const freshSince = new Date(now.getTime() - POSITION_FRESHNESS_MINUTES * 60_000);
    const result = await this.db.execute(sql`
      select p.user_id
      from driver_profiles p
      join vehicles v on v.id = p.active_vehicle_id and v.driver_id = p.user_id and v.vehicle_status = 'active'
      where p.driver_status = 'online'
        and p.verification_status = 'verified'
        and p.license_expiry_date >= ${limaDateKey(now)}::date
        and (p.soat_expiry_date is null or p.soat_expiry_date >= ${limaDateKey(now)}::date)
        and v.vehicle_type = ${vehicleTypeForServiceType(trip.serviceTypeId)}
        and p.user_id <> ${trip.passengerId}
        and p.current_latitude is not null
        and p.location_updated_at >= ${freshSince}
        and earth_distance(ll_to_earth(p.current_latitude::float8, p.current_longitude::float8),
                           ll_to_earth(${Number(trip.pickupLatitude)}, ${Number(trip.pickupLongitude)})) <= p.search_radius_km * 1000
        and not exists (select 1 from trip_rejections r where r.trip_id = ${trip.id} and r.driver_id = p.user_id)
        and not exists (select 1 from trip_offers w where w.trip_id = ${trip.id} and w.driver_id = p.user_id and w.status = 'withdrawn')
        and not exists (select 1 from trips b where b.driver_id = p.user_id and b.status in ${sqlList(DRIVER_BUSY_STATUSES)} and ${countsAsActive('b')})`);
    return (result.rows as { user_id: number }[]).map((r) => Number(r.user_id));
  }

  /** Where one driver stands on one request: their offer's status (null when none) and whether they hid it ('Rechazar'). */
  async driverStanding(tripId: number, driverId: number): Promise<{ offerStatus: string | null; rejected: boolean }> {
    const [[offer], [rejection]] = await Promise.all([
      this.db
        .select({ status: schema.tripOffers.status })
        .from(schema.tripOffers)
        .where(and(eq(schema.tripOffers.tripId, tripId), eq(schema.tripOffers.driverId, driverId)))
        .limit(1),
      this.db
        .select({ tripId: schema.tripRejections.tripId })
        .from(schema.tripRejections)
        .where(and(eq(schema.tripRejections.tripId, tripId), eq(schema.tripRejections.driverId, driverId)))
        .limit(1),
    ]);
    return { offerStatus: offer?.status ?? null, rejected: rejection !== undefined };
  }
}
