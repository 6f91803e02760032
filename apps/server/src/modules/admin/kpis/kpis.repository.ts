import { type Database, inArray, schema, sql } from '@jala/db';
import { TIME_ZONE } from '@jala/domain';

import { type DayFigures, type DistrictDay, emptyDay, emptyDistrictDay, RATIO_SCALE, WAIT_SCALE } from './kpi-days';

type Row = Record<string, unknown>;
type SQL = ReturnType<typeof sql>;

function rowsOf(result: unknown): Row[] {
  // node-postgres and PGlite both return { rows }.
  return ((result as { rows?: Row[] }).rows ?? []) as Row[];
}

const int = (value: unknown): number => (value == null ? 0 : Number(value));
/** An instant as a timestamptz parameter (both drivers serialise a string the same way). */
const at = (instant: Date) => sql`${instant.toISOString()}::timestamptz`;
/** The Lima day of a timestamptz column, as 'YYYY-MM-DD'. */
const limaDay = (column: SQL) => sql`((${column}) at time zone ${TIME_ZONE})::date::text`;

/** Degrees of a cell of the no-offer map: about 1 km north–south, and east–west at Lima's latitude (cos 12° ≈ 0.98). */
export const KPI_CELL_DEGREES = 0.009;

/** The trips the live figures count: requested (created) in [from, to), optionally picked up in one district. */
export interface KpiScope {
  from: Date;
  to: Date;
  district?: string;
}

/** A json column as the drivers give it back: PGlite and node-postgres parse jsonb, but be lenient with text. */
function json<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

/**
 * The SQL behind 'Indicadores' (docs/ARCHITECTURE.md): each Lima day's figures per pickup district in three
 * statements (the trips in one pass with grouping sets, what hangs off them, the drivers' online hours), the
 * stored days, and the distinct people of a period, valid on PGlite and PostgreSQL alike.
 */
export class KpisRepository {
  constructor(private readonly db: Database) {}

  /**
   * Runs one aggregate statement with JIT off and room to aggregate in memory, for this transaction only:
   * PostgreSQL's JIT compiled longer than the query ran, and a 4 MB work_mem sent the grouping to disk.
   * PGlite accepts both settings (it has no JIT to turn off).
   */
  private async analytic(statement: SQL): Promise<Row[]> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`set local jit = off`);
      await tx.execute(sql`set local work_mem = '64MB'`);
      return rowsOf(await tx.execute(statement));
    });
  }

  async storedDays(days: readonly string[]): Promise<Map<string, DayFigures>> {
    if (days.length === 0) return new Map();
    const rows = await this.db
      .select({ day: schema.kpiDayRollups.day, figures: schema.kpiDayRollups.figures })
      .from(schema.kpiDayRollups)
      .where(inArray(schema.kpiDayRollups.day, [...days]));
    return new Map(rows.map((r) => [r.day, json<DayFigures>(r.figures)]));
  }

  /** Keeps days that are over; a day stored meanwhile by another request or node stays as it is. */
  async storeDays(days: ReadonlyMap<string, DayFigures>): Promise<void> {
    if (days.size === 0) return;
    await this.db
      .insert(schema.kpiDayRollups)
      .values([...days].map(([day, figures]) => ({ day, figures })))
      .onConflictDoNothing();
  }

  /** Every Lima day in [from, to) with what it adds to each figure, by pickup district; days without trips absent. */
  async computeDays(from: Date, to: Date, now: Date): Promise<Map<string, DayFigures>> {
    const days = new Map<string, DayFigures>();
    const dayOf = (row: Row): DayFigures => {
      const key = String(row.day);
      return days.get(key) ?? days.set(key, emptyDay()).get(key)!;
    };
    const district = (row: Row): DistrictDay => (dayOf(row).districts[String(row.district)] ??= emptyDistrictDay());
    for (const row of await this.tripRows(from, to)) addTripRow(district(row), row);
    for (const row of await this.sideRows(from, to)) addSideRow(district(row), row);
    for (const row of await this.onlineRows(from, to, now)) dayOf(row).online[String(row.hour)] = int(row.drivers);
    return days;
  }

  /**
   * One pass over the period's trips, grouped by day and district and, in each grouping set, by one more key:
   * a histogram value, a cancellation, a payment method or a map cell (a null key is the trips it does not apply
   * to). Each (day, district) comes back as one row whose json holds every set's tally by its `kind`, so a month
   * is a few thousand rows, not one per histogram value.
   */
  private tripRows(from: Date, to: Date): Promise<Row[]> {
    const live = sql`scheduled_for is null`;
    const seconds = (later: SQL) => sql`round(date_part('epoch', ${later} - created_at) * ${WAIT_SCALE})::bigint`;
    const ratio = (base: SQL) => sql`round(agreed_fare_cents::float8 * ${RATIO_SCALE} / ${base})::bigint`;
    const unmatched = sql`first_offer_at is null and accepted_at is null`;
    return this.analytic(sql`
      with g as (
        select day, district,
          case when grouping(fo) = 0 then 'fo' when grouping(ac) = 0 then 'ac' when grouping(va) = 0 then 'va'
               when grouping(ve) = 0 then 've' when grouping(agreed) = 0 then 'agreed'
               when grouping(reason) = 0 then 'reason' when grouping(method) = 0 then 'method'
               when grouping(lat_cell) = 0 then 'cell' else 'day' end as kind,
          case when grouping(reason) = 0 then status || ' ' || reason
               when grouping(lat_cell) = 0 then lat_cell || ',' || lng_cell
               else coalesce(coalesce(fo, ac, va, ve, agreed)::text, method) end as key,
          count(*) as trips,
          count(first_offer_at) as with_offer,
          count(accepted_at) as accepted,
          count(*) filter (where status = 'completed') as completed,
          count(*) filter (where status = 'cancelled_by_driver' and arrived_at is not null) as passenger_no_shows,
          count(*) filter (where not ${live}) as bookings,
          count(*) filter (where not ${live} and status = 'completed') as bookings_completed,
          count(*) filter (where not ${live} and status = 'cancelled_by_passenger') as bookings_by_passenger,
          count(*) filter (where not ${live} and status = 'cancelled_by_driver') as bookings_by_driver,
          count(*) filter (where not ${live} and status = 'cancelled_by_system') as bookings_by_system,
          count(agreed_fare_cents) as agreed_trips,
          coalesce(sum(final_fare_cents), 0) as cents
        from (
          select ${limaDay(sql`created_at`)} as day, coalesce(pickup_district, '') as district,
            status, scheduled_for, first_offer_at, accepted_at, arrived_at, agreed_fare_cents, final_fare_cents,
            case when ${live} and first_offer_at is not null then ${seconds(sql`first_offer_at`)} end as fo,
            case when ${live} and accepted_at is not null then ${seconds(sql`accepted_at`)} end as ac,
            case when agreed_fare_cents is not null and offer_price_cents > 0 then ${ratio(sql`offer_price_cents`)} end as va,
            case when agreed_fare_cents is not null and estimated_fare_cents > 0 then ${ratio(sql`estimated_fare_cents`)} end as ve,
            agreed_fare_cents::bigint as agreed,
            case when status in ('cancelled_by_passenger', 'cancelled_by_driver', 'cancelled_by_system') then
              case when cancel_reason like 'Cancelado por un operador:%' then 'operator'
                   else coalesce(nullif(cancel_reason, ''), 'none') end end as reason,
            case when status = 'completed' then payment_method end as method,
            case when ${unmatched} then floor(pickup_latitude::float8 / ${KPI_CELL_DEGREES})::int end as lat_cell,
            case when ${unmatched} then floor(pickup_longitude::float8 / ${KPI_CELL_DEGREES})::int end as lng_cell
          from trips
          where created_at >= ${at(from)} and created_at < ${at(to)}
        ) x
        group by grouping sets ((day, district), (day, district, fo), (day, district, ac), (day, district, va),
          (day, district, ve), (day, district, agreed), (day, district, status, reason), (day, district, method),
          (day, district, lat_cell, lng_cell))
      ),
      -- Every aggregate of a CASE runs on every row, so the keyed ones skip the 'day' row's null key.
      tallies as (
        select day, district, kind,
          case when kind = 'day' then json_agg(json_build_object(
                 'total', trips, 'withOffer', with_offer, 'accepted', accepted, 'completed', completed,
                 'passengerNoShows', passenger_no_shows, 'bookings', bookings, 'bookingsCompleted', bookings_completed,
                 'bookingsByPassenger', bookings_by_passenger, 'bookingsByDriver', bookings_by_driver,
                 'bookingsBySystem', bookings_by_system, 'agreedTrips', agreed_trips)) -> 0
               when kind = 'method' then json_object_agg(key, json_build_object('trips', trips, 'cents', cents)) filter (where key is not null)
               else json_object_agg(key, trips) filter (where key is not null) end as tally
        from g where kind = 'day' or key is not null
        group by day, district, kind
      )
      select day, district, json_object_agg(kind, tally) as kinds from tallies group by day, district`);
  }

  /** Booking give-backs, payment cases and SOS alerts, on the day and district of their trip's request. */
  private sideRows(from: Date, to: Date): Promise<Row[]> {
    const ofTrip = (table: SQL, alias: SQL) =>
      sql`from ${table} ${alias} join trips t on t.id = ${alias}.trip_id
        where t.created_at >= ${at(from)} and t.created_at < ${at(to)} group by 1, 2`;
    const key = sql`${limaDay(sql`t.created_at`)} as day, coalesce(t.pickup_district, '') as district`;
    return this.analytic(sql`
      select ${key}, 'bookings' as kind,
        count(*) filter (where b.role = 'driver') as a,
        count(*) filter (where b.role = 'driver' and b.cancelled_at >= b.scheduled_for) as b, 0 as c
      ${ofTrip(sql`booking_cancellations`, sql`b`)}
      union all
      select ${key}, 'cases' as kind, count(*) filter (where c.status = 'open'),
        count(*) filter (where c.outcome = 'paid'), count(*) filter (where c.outcome = 'unpaid')
      ${ofTrip(sql`payment_cases`, sql`c`)}
      union all
      select ${key}, 'sos' as kind, count(*), count(s.resolved_at), 0
      ${ofTrip(sql`safety_alerts`, sql`s`)}`);
  }

  /**
   * Per Lima day and hour: the distinct drivers online at some moment of it. Online spans come from
   * driver_status_log (each 'online' row until the driver's next change; still online: until `now`), cut to
   * [from, min(to, now)); each driver's last change before `from` says whether they were online at its start.
   */
  private onlineRows(from: Date, to: Date, now: Date): Promise<Row[]> {
    const end = now < to ? now : to;
    if (end <= from) return Promise.resolve([]);
    return this.analytic(sql`
      with log as (
        select driver_id, status, changed_at, id from driver_status_log
        where changed_at >= ${at(from)} and changed_at < ${at(end)}
        union all
        select * from (
          select distinct on (driver_id) driver_id, status, changed_at, id from driver_status_log
          where changed_at < ${at(from)} order by driver_id, changed_at desc, id desc
        ) before
      ),
      changes as (
        select driver_id, status, changed_at,
               lead(changed_at) over (partition by driver_id order by changed_at, id) as next_at
        from log
      ),
      spans as (
        select driver_id, greatest(changed_at, ${at(from)}) as s, least(coalesce(next_at, ${at(end)}), ${at(end)}) as e
        from changes where status = 'online'
      ),
      hours as (
        select distinct spans.driver_id, h.h
        from spans,
          generate_series(to_timestamp(floor(extract(epoch from spans.s) / 3600) * 3600), spans.e - interval '1 microsecond',
                          interval '1 hour') as h(h)
        where spans.e > spans.s
      )
      select ${limaDay(sql`h`)} as day, extract(hour from h at time zone ${TIME_ZONE})::int as hour, count(*) as drivers
      from hours group by 1, 2`);
  }

  /**
   * Distinct passengers who requested, and drivers who completed, a trip of the period (a count no sum of days
   * gives). Grouping sets hash both in one pass, where count(distinct) would sort the period twice.
   */
  async activePeople(scope: KpiScope): Promise<{ passengers: number; drivers: number }> {
    const district = scope.district === undefined ? sql`` : sql`and pickup_district = ${scope.district}`;
    const [row] = await this.analytic(sql`
      select count(*) filter (where g = 1) as passengers, count(driver) filter (where g = 2) as drivers
      from (
        select grouping(passenger_id, driver) as g, driver
        from (
          select passenger_id, case when status = 'completed' then driver_id end as driver
          from trips where created_at >= ${at(scope.from)} and created_at < ${at(scope.to)} ${district}
        ) t
        group by grouping sets ((passenger_id), (driver))
      ) people`);
    return { passengers: int(row?.passengers), drivers: int(row?.drivers) };
  }
}

function addTripRow(into: DistrictDay, row: Row): void {
  const kinds = json<Record<string, Record<string, unknown>>>(row.kinds);
  const counts = (kinds.day ?? {}) as Record<string, number>;
  into.total += int(counts.total);
  into.withOffer += int(counts.withOffer);
  into.accepted += int(counts.accepted);
  into.completed += int(counts.completed);
  into.passengerNoShows += int(counts.passengerNoShows);
  into.bookings += int(counts.bookings);
  into.bookingsCompleted += int(counts.bookingsCompleted);
  into.bookingsByPassenger += int(counts.bookingsByPassenger);
  into.bookingsByDriver += int(counts.bookingsByDriver);
  into.bookingsBySystem += int(counts.bookingsBySystem);
  into.agreedTrips += int(counts.agreedTrips);
  const tally = (kind: string) => (kinds[kind] ?? {}) as Record<string, number>;
  Object.assign(into.firstOffer, tally('fo'));
  Object.assign(into.acceptance, tally('ac'));
  Object.assign(into.vsAsked, tally('va'));
  Object.assign(into.vsEstimated, tally('ve'));
  Object.assign(into.agreed, tally('agreed'));
  Object.assign(into.cancellations, tally('reason'));
  Object.assign(into.unmatched, tally('cell'));
  Object.assign(into.methods, kinds.method ?? {});
}

function addSideRow(into: DistrictDay, row: Row): void {
  if (row.kind === 'bookings') {
    into.driverReleases += int(row.a);
    into.driverNoShows += int(row.b);
  } else if (row.kind === 'cases') {
    into.casesOpen += int(row.a);
    into.casesPaid += int(row.b);
    into.casesUnpaid += int(row.c);
  } else {
    into.sosTotal += int(row.a);
    into.sosResolved += int(row.b);
  }
}
