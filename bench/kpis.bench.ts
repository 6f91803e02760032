/**
 * 'Indicadores' at 100k trips over 30 days: KpisService.figures (every query behind GET /admin/kpis) for the
 * last 30 Lima days, city-wide and for one district, on PGlite and on PostgreSQL (`--db` picks one): the
 * first read (which computes and keeps the days that are over), then reads with today computed live, and a
 * read after a trip of a past day changed.
 * The city is seeded with a few bulk INSERT … SELECT generate_series: trips in every state with their offers,
 * bookings and their cancellations, payment cases, SOS alerts and the drivers' online history.
 */
import { type Database, openDatabase, sql } from '@jala/db';
import { lastNDaysKeys } from '@jala/domain';

import { DISTRICT_ANCHOR_KM, DISTRICT_ANCHORS } from '../apps/server/src/geo';
import { KpisRepository } from '../apps/server/src/modules/admin/kpis/kpis.repository';
import { KpisService } from '../apps/server/src/modules/admin/kpis/kpis.service';
import { withScratchDatabase } from './lib/postgres';
import { LIMA_CORE } from './lib/random';
import { below, type Benchmark, info, log, percentile } from './lib/report';

const TRIPS = 100_000;
const PASSENGERS = 3_000;
const DRIVERS = 400;
const DAYS = 30;
const P95_BUDGET_MS = 500;
const WARMUP = 3;
const RUNS = 20;

/**
 * The whole city in a few statements. A trip's fate is its bucket `mod(g * 37, 100)` (37 is prime to 100, so
 * buckets are evenly spread over time): 0–54 completed, 55–66 cancelled by the passenger, 67–71 by the driver
 * (67–69 after arriving: a no-show), 72–84 expired with no offer (one live request a passenger at a time), 85–92
 * bookings (85–89 done, 90 cancelled by the passenger, 91–92 waiting), 93–99 completed and paid by Yape.
 */
export async function seed(db: Database): Promise<void> {
  await db.execute(sql`
    insert into users (email, password_hash, first_name, last_name, user_type)
    select 'kpi.' || g || '@bench.pe', 'not-a-hash', 'Persona', 'Bench ' || g, case when g <= ${DRIVERS} then 'driver' else 'passenger' end
    from generate_series(1, ${DRIVERS + PASSENGERS}) g`);
  await db.execute(sql`
    insert into vehicles (driver_id, vehicle_type, brand, model, license_plate, color, year)
    select u.id, 'auto', 'Toyota', 'Yaris', 'KPI-' || u.id, 'Blanco', 2020
    from users u where u.email like 'kpi.%' and u.user_type = 'driver'`);
  const box = LIMA_CORE;
  await db.execute(sql`
    with d as (select array_agg(id order by id) as ids from users where email like 'kpi.%' and user_type = 'driver'),
    p as (select array_agg(id order by id) as ids from users where email like 'kpi.%' and user_type = 'passenger'),
    drawn as (
      select g, mod(g * 37, 100) as b, random() as age, random() as w, random() as lat, random() as lng, random() as price
      from generate_series(1, ${TRIPS}) g
    )
    insert into trips (trip_code, passenger_id, driver_id, vehicle_id, service_type_id, status, pickup_latitude,
      pickup_longitude, pickup_address, destination_latitude, destination_longitude, destination_address,
      offer_price_cents, estimated_fare_cents, agreed_fare_cents, final_fare_cents, distance_km, duration_minutes,
      cancel_reason, created_at, published_at, expires_at, accepted_at, arrived_at, completed_at, cancelled_at,
      scheduled_for, payment_method)
    select 'KPI-' || g, p.ids[1 + mod(g, ${PASSENGERS})],
      case when b < 72 or b between 85 and 89 or b >= 93 then d.ids[1 + mod(g + 131, ${DRIVERS})] end,
      null, 2,
      case when b < 55 or b between 85 and 89 or b >= 93 then 'completed'
           when b < 67 or b = 90 then 'cancelled_by_passenger' when b < 72 then 'cancelled_by_driver'
           when b < 85 then 'cancelled_by_system' else 'pending' end,
      round((${box.south} + lat * ${box.north - box.south})::numeric, 6), round((${box.west} + lng * ${box.east - box.west})::numeric, 6),
      'Recojo ' || g, -12.0859, -76.9773, 'Jockey Plaza',
      (800 + price * 1500)::int, (900 + price * 1500)::int,
      case when b < 72 or b between 85 and 89 or b >= 93 then (850 + price * 1600)::int end,
      case when b < 55 or b between 85 and 89 or b >= 93 then (850 + price * 1600)::int end,
      5, 15,
      case when b between 55 and 66 or b = 90 then 'passenger_request' when b < 72 and b >= 67 then 'driver_request'
           when b between 72 and 84 then 'expired' end,
      created, created, created + interval '10 minutes',
      case when b < 72 or b between 85 and 89 or b >= 93 then created + (60 + w * 240) * interval '1 second' end,
      case when b between 67 and 69 or b < 55 then created + interval '8 minutes' end,
      case when b < 55 or b between 85 and 89 or b >= 93 then created + interval '30 minutes' end,
      case when b between 55 and 84 or b = 90 then created + interval '5 minutes' end,
      case when b between 85 and 92 then created + interval '1 day' end,
      case when b >= 93 then 'yape' else 'cash' end
    from drawn, d, p,
      lateral (select now() - age * ${DAYS} * interval '1 day' as created) c`);
  // Offers: one to three per offered trip (every bucket but the no-offer ones), the first by the trip's driver.
  await db.execute(sql`
    with d as (select array_agg(id order by id) as ids from users where email like 'kpi.%' and user_type = 'driver')
    insert into trip_offers (trip_id, driver_id, vehicle_id, price_cents, status, created_at)
    select t.id, d.ids[1 + mod(g + 131 * k, ${DRIVERS})], v.id, coalesce(t.agreed_fare_cents, t.offer_price_cents),
      case when k = 1 and t.accepted_at is not null then 'accepted' else 'rejected' end,
      t.created_at + (k * 20 + mod(g * 7, 90)) * interval '1 second'
    from trips t
    cross join lateral (select substr(t.trip_code, 5)::int as g) n
    cross join d
    cross join lateral generate_series(1, 1 + mod(n.g, 3)) k
    join vehicles v on v.driver_id = d.ids[1 + mod(n.g + 131 * k, ${DRIVERS})]
    where t.trip_code like 'KPI-%' and not (mod(n.g * 37, 100) between 72 and 84) and mod(n.g * 37, 100) not in (91, 92)`);
  // What the product writes as it goes: the first offer's time and the pickup's district (anchoredDistrictAt).
  await db.execute(sql`
    update trips set first_offer_at = f.first_at
    from (select trip_id, min(created_at) as first_at from trip_offers group by trip_id) f where f.trip_id = trips.id`);
  const anchors = sql.join(
    DISTRICT_ANCHORS.map((a) => sql`(${a.district}::text, ${a.latitude}::float8, ${a.longitude}::float8)`),
    sql`, `,
  );
  const d2 = sql`power((a.lat - pickup_latitude::float8) * 111.32, 2) + power((a.lng - pickup_longitude::float8) * 111.32 * cos(radians(pickup_latitude::float8)), 2)`;
  await db.execute(sql`
    update trips set pickup_district = (select a.name from (values ${anchors}) as a(name, lat, lng)
      where ${d2} <= ${DISTRICT_ANCHOR_KM ** 2} order by ${d2} limit 1)
    where trip_code like 'KPI-%'`);
  await db.execute(sql`
    insert into booking_cancellations (trip_id, user_id, role, late, scheduled_for, cancelled_at)
    select id, passenger_id, 'passenger', false, scheduled_for, cancelled_at
    from trips where trip_code like 'KPI-%' and scheduled_for is not null and status = 'cancelled_by_passenger'`);
  await db.execute(sql`
    insert into payment_cases (trip_id, driver_id, passenger_id, method, amount_cents, status, outcome, opened_at, resolved_at)
    select id, driver_id, passenger_id, 'yape', final_fare_cents, case when mod(id, 2) = 0 then 'open' else 'resolved' end,
      case when mod(id, 2) = 1 then 'paid' end, completed_at, case when mod(id, 2) = 1 then completed_at + interval '1 hour' end
    from trips where trip_code like 'KPI-%' and payment_method = 'yape' and mod(id, 20) = 0`);
  await db.execute(sql`
    insert into safety_alerts (trip_id, user_id, role, created_at)
    select id, passenger_id, 'passenger', created_at + interval '12 minutes'
    from trips where trip_code like 'KPI-%' and status = 'completed' and mod(id, 500) = 0`);
  // Each driver online once a day, from a random hour for one to eight hours.
  await db.execute(sql`
    with spans as (
      select u.id as driver_id, date_trunc('day', now()) - day * interval '1 day' + random() * interval '16 hours' as online_at,
             interval '1 hour' + random() * interval '7 hours' as span
      from users u cross join generate_series(0, ${DAYS}) day
      where u.email like 'kpi.%' and u.user_type = 'driver'
    )
    insert into driver_status_log (driver_id, status, changed_at)
    select driver_id, 'online', online_at from spans
    union all
    select driver_id, 'offline', online_at + span from spans`);
  await db.execute(sql`analyze`);
}

async function timeFigures(db: Database, district?: string): Promise<{ p50: number; p95: number }> {
  const service = new KpisService(new KpisRepository(db), () => new Date());
  const days = lastNDaysKeys(DAYS);
  const query = { from: days[0] as string, to: days[DAYS - 1] as string, district };
  for (let i = 0; i < WARMUP; i += 1) await service.figures(query);
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const t0 = performance.now();
    await service.figures(query);
    samples.push(performance.now() - t0);
  }
  return { p50: percentile(samples, 50), p95: percentile(samples, 95) };
}

async function onDatabase(name: 'pglite' | 'postgres', db: Database) {
  const t0 = performance.now();
  await seed(db);
  const count = await db.execute(
    sql`select count(*)::int as trips, (select count(*)::int from trip_offers) as offers from trips`,
  );
  const row = count.rows[0] as { trips: number; offers: number };
  log(
    'kpis',
    `${name}: ${row.trips} trips, ${row.offers} offers seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  const service = new KpisService(new KpisRepository(db), () => new Date());
  const days = lastNDaysKeys(DAYS);
  const query = { from: days[0] as string, to: days[DAYS - 1] as string, district: undefined };
  const timed = async () => {
    const t = performance.now();
    const answer = await service.figures(query);
    return { answer, ms: performance.now() - t };
  };
  // The first read computes the 29 days that are over and keeps them; today is computed on every read.
  const first = await timed();
  log(
    'kpis',
    `${name}: ${first.answer.requests.total} requests, ${first.answer.requests.completed} completed, first offer median ${first.answer.waits.first_offer_median} s, ${first.answer.unmatched_cells.length} no-offer cells; first read ${first.ms.toFixed(0)} ms`,
  );
  const city = await timeFigures(db);
  const district = await timeFigures(db, 'Miraflores');
  // A trip of ten days ago changes (a payment case, a late status): the next read computes that day again.
  await db.execute(sql`update trips set cancel_reason = cancel_reason
    where id = (select id from trips where created_at < now() - interval '10 days' order by created_at desc limit 1)`);
  const oneDay = await timed();
  log(
    'kpis',
    `${name}: city p50 ${city.p50.toFixed(0)} ms, p95 ${city.p95.toFixed(0)} ms; Miraflores p95 ${district.p95.toFixed(0)} ms; after a past day changed ${oneDay.ms.toFixed(0)} ms`,
  );
  return [
    below(`${name}: 30-day figures p95`, Math.round(city.p95), 'ms', P95_BUDGET_MS),
    info(`${name}: 30-day figures p50`, Math.round(city.p50), 'ms'),
    below(`${name}: 30 days, one district p95`, Math.round(district.p95), 'ms', P95_BUDGET_MS),
    below(`${name}: 30 days, one past day recomputed`, Math.round(oneDay.ms), 'ms', P95_BUDGET_MS),
    info(`${name}: first read (computes and keeps 29 days)`, Math.round(first.ms), 'ms'),
  ];
}

export const kpis: Benchmark = {
  name: 'kpis',
  description: `'Indicadores' for the last 30 days at ${TRIPS.toLocaleString('en-US')} trips, on PGlite and PostgreSQL (--db picks one)`,
  async run(options) {
    const measurements = [];
    if (options.db !== 'postgres') {
      const handle = await openDatabase({ kind: 'pglite', dataDir: null });
      try {
        measurements.push(...(await onDatabase('pglite', handle.db)));
      } finally {
        await handle.close();
      }
    }
    if (options.db !== 'pglite')
      measurements.push(...(await withScratchDatabase('kpis', (db) => onDatabase('postgres', db))));
    return measurements;
  },
};
