import { type Database, sql } from '@jala/db';
import { TIME_ZONE } from '@jala/domain';

import type { DistrictAnchor } from '../../../geo';

type Row = Record<string, unknown>;

function rowsOf(result: unknown): Row[] {
  // node-postgres and PGlite both return { rows }.
  return ((result as { rows?: Row[] }).rows ?? []) as Row[];
}

type SQL = ReturnType<typeof sql>;

const int = (value: unknown): number => (value == null ? 0 : Number(value));
const num = (value: unknown): number | null => (value == null ? null : Number(value));
/** An instant as a timestamptz parameter (both drivers serialise a string the same way). */
const at = (instant: Date) => sql`${instant.toISOString()}::timestamptz`;

/** Degrees of a cell of the no-offer map: about 1 km north–south, and east–west at Lima's latitude (cos 12° ≈ 0.98). */
export const KPI_CELL_DEGREES = 0.009;
const KM_PER_DEGREE = 111.32;

/** The trips the figures count: requested (created) in [from, to), optionally with the pickup in one district. */
export interface KpiScope {
  from: Date;
  to: Date;
  /** The anchors of the chosen district and every anchor of the city (a pickup belongs to its nearest anchor). */
  district?: { name: string; own: readonly DistrictAnchor[]; all: readonly DistrictAnchor[]; radiusKm: number };
}

export interface TripFigures {
  total: number;
  withOffer: number;
  accepted: number;
  completed: number;
  firstOfferMedian: number | null;
  firstOfferP90: number | null;
  acceptanceMedian: number | null;
  acceptanceP90: number | null;
  passengerNoShows: number;
  bookings: number;
  bookingsCompleted: number;
  bookingsByPassenger: number;
  bookingsByDriver: number;
  bookingsBySystem: number;
  agreedTrips: number;
  agreedVsAsked: number | null;
  agreedVsEstimated: number | null;
  agreedMedianCents: number | null;
  activePassengers: number;
  activeDrivers: number;
}

export interface SideFigures {
  driverReleases: number;
  driverNoShows: number;
  casesOpen: number;
  casesPaid: number;
  casesUnpaid: number;
  sosTotal: number;
  sosResolved: number;
}

/** Squared distance in km² on the local plane, cheap enough to rank every anchor per pickup. */
function distanceSquared(anchor: SQL, lat: SQL, lng: SQL): SQL {
  return sql`power((${anchor}.lat - ${lat}) * ${KM_PER_DEGREE}, 2) + power((${anchor}.lng - ${lng}) * ${KM_PER_DEGREE} * cos(radians(${lat})), 2)`;
}

/**
 * Pickups in the district: inside the box around its anchors (index-free but cheap), and nearest to one of its
 * anchors among all the city's, within the radius — the rule `districtNameAt` names a pickup by.
 */
function districtFilter(district: NonNullable<KpiScope['district']>): SQL {
  const { own, all, radiusKm } = district;
  const lats = own.map((a) => a.latitude);
  const lngs = own.map((a) => a.longitude);
  const dLat = radiusKm / KM_PER_DEGREE;
  const dLng = radiusKm / (KM_PER_DEGREE * Math.cos((Math.min(...lats.map(Math.abs)) * Math.PI) / 180));
  const anchors = sql.join(
    all.map((a) => sql`(${a.district}::text, ${a.latitude}::float8, ${a.longitude}::float8)`),
    sql`, `,
  );
  const lat = sql`pickup_latitude::float8`;
  const lng = sql`pickup_longitude::float8`;
  const d2 = distanceSquared(sql`a`, lat, lng);
  return sql`and pickup_latitude between ${Math.min(...lats) - dLat} and ${Math.max(...lats) + dLat}
    and pickup_longitude between ${Math.min(...lngs) - dLng} and ${Math.max(...lngs) + dLng}
    and (select a.name from (values ${anchors}) as a(name, lat, lng)
         where ${d2} <= ${radiusKm * radiusKm} order by ${d2} limit 1) = ${district.name}::text`;
}

/**
 * The period's trips as `t`, their first offers as `f`, and both joined as `j`: computed once per statement
 * (materialized) and read by every aggregate of it, so the trips are scanned once per answer.
 */
function scopedTrips(scope: KpiScope): SQL {
  const district = scope.district ? districtFilter(scope.district) : sql``;
  return sql`t as materialized (
    select id, status, created_at, accepted_at, arrived_at, cancel_reason, scheduled_for, offer_price_cents,
           estimated_fare_cents, agreed_fare_cents, final_fare_cents, payment_method, passenger_id, driver_id,
           pickup_latitude, pickup_longitude
    from trips
    where created_at >= ${at(scope.from)} and created_at < ${at(scope.to)} ${district}
  ),
  f as materialized (
    select o.trip_id, min(o.created_at) as first_at from trip_offers o join t on t.id = o.trip_id group by o.trip_id
  ),
  j as materialized (select t.*, f.first_at from t left join f on f.trip_id = t.id)`;
}

export interface KpiRows {
  trips: TripFigures;
  side: SideFigures;
  cancellations: { status: string; reason: string; trips: number }[];
  methods: { method: string; trips: number; cents: number }[];
  cells: { latCell: number; lngCell: number; requests: number }[];
}

/** A json column as the drivers give it back: PGlite and node-postgres parse json, but be lenient with text. */
function json(value: unknown): Row | Row[] | null {
  if (value == null) return null;
  return (typeof value === 'string' ? JSON.parse(value) : value) as Row | Row[];
}

/**
 * The SQL behind 'Indicadores' (docs/ARCHITECTURE.md): one statement for every trip figure (each aggregate
 * a json column over the same materialized trips) and one for the drivers' online hours, valid on PGlite and
 * PostgreSQL alike.
 */
export class KpisRepository {
  constructor(private readonly db: Database) {}

  /**
   * Runs one aggregate statement with JIT off and room to sort in memory, for this transaction only. The
   * planner cannot estimate rows through the materialized CTEs (it guessed 36 million for 100k trips), so
   * PostgreSQL's JIT kicked in and spent 4.6 of 6.9 s compiling; and a 4 MB work_mem sent the sorts to disk.
   * PGlite accepts both settings (it has no JIT to turn off).
   */
  private async analytic(statement: SQL): Promise<unknown> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`set local jit = off`);
      await tx.execute(sql`set local work_mem = '64MB'`);
      return tx.execute(statement);
    });
  }

  async figures(scope: KpiScope, maxCells: number): Promise<KpiRows> {
    const live = sql`scheduled_for is null`;
    const waitOffer = sql`extract(epoch from (first_at - created_at))`;
    const waitAccept = sql`extract(epoch from (accepted_at - created_at))`;
    const result = await this.analytic(sql`
      with ${scopedTrips(scope)}
      select
        (select row_to_json(x) from (select
          count(*) as total,
          count(first_at) as with_offer,
          count(accepted_at) as accepted,
          count(*) filter (where status = 'completed') as completed,
          percentile_cont(0.5) within group (order by ${waitOffer}) filter (where ${live} and first_at is not null) as fo_med,
          percentile_cont(0.9) within group (order by ${waitOffer}) filter (where ${live} and first_at is not null) as fo_p90,
          percentile_cont(0.5) within group (order by ${waitAccept}) filter (where ${live} and accepted_at is not null) as ac_med,
          percentile_cont(0.9) within group (order by ${waitAccept}) filter (where ${live} and accepted_at is not null) as ac_p90,
          count(*) filter (where status = 'cancelled_by_driver' and arrived_at is not null) as passenger_no_shows,
          count(*) filter (where not ${live}) as bookings,
          count(*) filter (where not ${live} and status = 'completed') as bookings_completed,
          count(*) filter (where not ${live} and status = 'cancelled_by_passenger') as bookings_by_passenger,
          count(*) filter (where not ${live} and status = 'cancelled_by_driver') as bookings_by_driver,
          count(*) filter (where not ${live} and status = 'cancelled_by_system') as bookings_by_system,
          count(agreed_fare_cents) as agreed_trips,
          percentile_cont(0.5) within group (order by agreed_fare_cents::float8 / offer_price_cents)
            filter (where agreed_fare_cents is not null and offer_price_cents > 0) as vs_asked,
          percentile_cont(0.5) within group (order by agreed_fare_cents::float8 / estimated_fare_cents)
            filter (where agreed_fare_cents is not null and estimated_fare_cents > 0) as vs_estimated,
          percentile_cont(0.5) within group (order by agreed_fare_cents) filter (where agreed_fare_cents is not null) as agreed_median,
          count(distinct passenger_id) as active_passengers,
          count(distinct driver_id) filter (where status = 'completed') as active_drivers
        from j) x) as trips,
        (select coalesce(json_agg(x), '[]'::json) from (
          select status,
            case when cancel_reason like 'Cancelado por un operador:%' then 'operator'
                 else coalesce(nullif(cancel_reason, ''), 'none') end as reason,
            count(*) as trips
          from j where status in ('cancelled_by_passenger', 'cancelled_by_driver', 'cancelled_by_system')
          group by 1, 2 order by 3 desc, 1, 2 limit 60) x) as cancellations,
        (select coalesce(json_agg(x), '[]'::json) from (
          select payment_method as method, count(*) as trips, coalesce(sum(final_fare_cents), 0) as cents
          from j where status = 'completed' group by 1 order by 2 desc, 1) x) as methods,
        (select coalesce(json_agg(x), '[]'::json) from (
          select floor(pickup_latitude::float8 / ${KPI_CELL_DEGREES}) as lat_cell,
                 floor(pickup_longitude::float8 / ${KPI_CELL_DEGREES}) as lng_cell,
                 count(*) as requests
          from j where first_at is null and accepted_at is null
          group by 1, 2 order by 3 desc, 1, 2 limit ${maxCells}) x) as cells,
        (select row_to_json(x) from (select
          count(*) filter (where b.role = 'driver') as releases,
          count(*) filter (where b.role = 'driver' and b.cancelled_at >= b.scheduled_for) as driver_no_shows
          from booking_cancellations b join t on t.id = b.trip_id) x) as bookings,
        (select row_to_json(x) from (select
          count(*) filter (where c.status = 'open') as cases_open,
          count(*) filter (where c.outcome = 'paid') as cases_paid,
          count(*) filter (where c.outcome = 'unpaid') as cases_unpaid
          from payment_cases c join t on t.id = c.trip_id) x) as cases,
        (select row_to_json(x) from (select count(*) as sos_total, count(s.resolved_at) as sos_resolved
          from safety_alerts s join t on t.id = s.trip_id) x) as sos
    `);
    const row = rowsOf(result)[0] ?? {};
    const r = (json(row.trips) ?? {}) as Row;
    const b = (json(row.bookings) ?? {}) as Row;
    const c = (json(row.cases) ?? {}) as Row;
    const sos = (json(row.sos) ?? {}) as Row;
    return {
      trips: {
        total: int(r.total),
        withOffer: int(r.with_offer),
        accepted: int(r.accepted),
        completed: int(r.completed),
        firstOfferMedian: num(r.fo_med),
        firstOfferP90: num(r.fo_p90),
        acceptanceMedian: num(r.ac_med),
        acceptanceP90: num(r.ac_p90),
        passengerNoShows: int(r.passenger_no_shows),
        bookings: int(r.bookings),
        bookingsCompleted: int(r.bookings_completed),
        bookingsByPassenger: int(r.bookings_by_passenger),
        bookingsByDriver: int(r.bookings_by_driver),
        bookingsBySystem: int(r.bookings_by_system),
        agreedTrips: int(r.agreed_trips),
        agreedVsAsked: num(r.vs_asked),
        agreedVsEstimated: num(r.vs_estimated),
        agreedMedianCents: num(r.agreed_median),
        activePassengers: int(r.active_passengers),
        activeDrivers: int(r.active_drivers),
      },
      side: {
        driverReleases: int(b.releases),
        driverNoShows: int(b.driver_no_shows),
        casesOpen: int(c.cases_open),
        casesPaid: int(c.cases_paid),
        casesUnpaid: int(c.cases_unpaid),
        sosTotal: int(sos.sos_total),
        sosResolved: int(sos.sos_resolved),
      },
      cancellations: ((json(row.cancellations) ?? []) as Row[]).map((x) => ({
        status: String(x.status),
        reason: String(x.reason),
        trips: int(x.trips),
      })),
      methods: ((json(row.methods) ?? []) as Row[]).map((x) => ({
        method: String(x.method),
        trips: int(x.trips),
        cents: int(x.cents),
      })),
      cells: ((json(row.cells) ?? []) as Row[]).map((x) => ({
        latCell: int(x.lat_cell),
        lngCell: int(x.lng_cell),
        requests: int(x.requests),
      })),
    };
  }

  /**
   * Per Lima hour of day: the sum over the period's days of the distinct drivers online at some moment of that
   * hour, and the most on one day. Online spans come from driver_status_log (each 'online' row until the
   * driver's next change; still online: until `now`), cut to [from, min(to, now)).
   */
  async driversOnlineByHour(scope: KpiScope, now: Date): Promise<{ hour: number; total: number; peak: number }[]> {
    const end = now < scope.to ? now : scope.to;
    if (end <= scope.from) return [];
    const result = await this.analytic(sql`
      with changes as (
        select driver_id, status, changed_at,
               lead(changed_at) over (partition by driver_id order by changed_at, id) as next_at
        from driver_status_log where changed_at < ${at(end)}
      ),
      spans as (
        select driver_id, greatest(changed_at, ${at(scope.from)}) as s, least(coalesce(next_at, ${at(end)}), ${at(end)}) as e
        from changes where status = 'online'
      ),
      hours as (
        select distinct spans.driver_id, h.h
        from spans,
          generate_series(to_timestamp(floor(extract(epoch from spans.s) / 3600) * 3600), spans.e - interval '1 microsecond',
                          interval '1 hour') as h(h)
        where spans.e > spans.s
      ),
      per_hour as (select h, count(*) as drivers from hours group by h)
      select extract(hour from h at time zone ${TIME_ZONE})::int as hour, sum(drivers) as total, max(drivers) as peak
      from per_hour group by 1 order by 1
    `);
    return rowsOf(result).map((r) => ({ hour: int(r.hour), total: int(r.total), peak: int(r.peak) }));
  }
}
