/**
 * The driver's nearby-requests query (MatchingRepository.nearbyRequests) at 10k and 100k pending trips on
 * PostgreSQL: p50/p99 over driver positions in Lima, growth from 10k to 100k, and the plan it runs.
 */
import { type Database, sql } from '@jala/db';

import {
  type MatchingDriver,
  MatchingRepository,
} from '../apps/server/src/modules/trips/marketplace/matching.repository';
import { withScratchDatabase } from './lib/postgres';
import { type Box, LIMA_CORE, LIMA_METRO, PERU, pointIn, seededRandom } from './lib/random';
import { below, type Benchmark, info, log, percentile, round } from './lib/report';

const RADIUS_KM = 5;
const WARMUP = 50;
const SIZES = [10_000, 100_000] as const;
const P99_BUDGET_MS = 5;
const GROWTH_BUDGET = 5; // data grows 10×: "well below 10×"
/** Stop timing a data set after this long (the whole run should stay within a few minutes). */
const TIME_CAP_MS = 20_000;
const MIN_SAMPLES = 100;

/** Where pending pickups are: 60 % central Lima, 30 % the whole metro area, 10 % anywhere in Peru. */
const SPREAD: { box: Box; share: number }[] = [
  { box: LIMA_CORE, share: 0.6 },
  { box: LIMA_METRO, share: 0.3 },
  { box: PERU, share: 0.1 },
];

/**
 * Adds `count` pending trips, each with its own passenger (one active trip per passenger is a unique
 * index), in one INSERT … SELECT generate_series. 70 % are 'auto' (service 2), the rest mototaxi.
 */
async function insertPendingTrips(db: Database, from: number, count: number): Promise<void> {
  const to = from + count - 1;
  // Pick a box per row from one random draw, then a uniform point inside it.
  const [core, metro, peru] = SPREAD.map((s) => s.box) as [Box, Box, Box];
  const lat = (b: Box) => sql.raw(`${b.south} + random() * ${b.north - b.south}`);
  const lon = (b: Box) => sql.raw(`${b.west} + random() * ${b.east - b.west}`);
  await db.execute(sql`
    with passengers as (
      insert into users (email, password_hash, first_name, last_name, phone, user_type)
      select 'bench.p' || g || '@bench.pe', 'not-a-hash', 'Pasajera', 'Bench ' || g, '987654321', 'passenger'
      from generate_series(${from}::int, ${to}::int) g
      returning id
    ), placed as (
      select id, random() as zone, random() as kind from passengers
    )
    insert into trips (trip_code, passenger_id, service_type_id, status, pickup_latitude, pickup_longitude, pickup_address,
                       destination_latitude, destination_longitude, destination_address, estimated_fare_cents, distance_km,
                       duration_minutes, expires_at)
    select 'BENCH-' || id, id, case when kind < 0.7 then 2 else 1 end, 'pending',
           round((case when zone < 0.6 then ${lat(core)} when zone < 0.9 then ${lat(metro)} else ${lat(peru)} end)::numeric, 6),
           round((case when zone < 0.6 then ${lon(core)} when zone < 0.9 then ${lon(metro)} else ${lon(peru)} end)::numeric, 6),
           'Av. Arequipa ' || id, -12.0859, -76.9773, 'Jockey Plaza, Santiago de Surco',
           800 + (random() * 3000)::int, 7.80, 22, now() + interval '6 hours'
    from placed`);
}

/** The timed driver, with a vehicle, a few offers and rejections so the anti-joins have rows to look at. */
async function createDriverWithHistory(db: Database): Promise<number> {
  const result = await db.execute(sql`
    with u as (
      insert into users (email, password_hash, first_name, last_name, phone, user_type)
      values ('bench.driver@bench.pe', 'not-a-hash', 'Jorge', 'Vargas', '987654321', 'driver') returning id
    ) select id from u`);
  return Number((result.rows[0] as { id: number }).id);
}

async function addDriverHistory(db: Database, driverId: number): Promise<void> {
  await db.execute(sql`
    insert into vehicles (driver_id, vehicle_type, brand, model, license_plate, color, year)
    select ${driverId}, 'auto', 'Kia', 'Rio', 'BEN-001', 'Plata', 2021
    where not exists (select 1 from vehicles where driver_id = ${driverId})`);
  // ~1 % of the pending trips have this driver's offer, another ~1 % were rejected by them.
  await db.execute(sql`
    insert into trip_offers (trip_id, driver_id, vehicle_id, price_cents)
    select t.id, ${driverId}, (select id from vehicles where driver_id = ${driverId} limit 1), t.estimated_fare_cents
    from trips t where t.id % 100 = 7 on conflict do nothing`);
  await db.execute(sql`
    insert into trip_rejections (trip_id, driver_id, reason)
    select t.id, ${driverId}, 'lejos' from trips t where t.id % 100 = 42 on conflict do nothing`);
}

interface Timing {
  p50: number;
  p99: number;
  mean: number;
  rows: number;
  samples: number;
}

async function timeQueries(repo: MatchingRepository, drivers: MatchingDriver[]): Promise<Timing> {
  for (const driver of drivers.slice(0, WARMUP)) await repo.nearbyRequests(driver, new Date());
  const samples: number[] = [];
  let rows = 0;
  const deadline = performance.now() + TIME_CAP_MS;
  for (const driver of drivers) {
    if (samples.length >= MIN_SAMPLES && performance.now() > deadline) break;
    const now = new Date();
    const t0 = performance.now();
    const result = await repo.nearbyRequests(driver, now);
    samples.push(performance.now() - t0);
    rows += result.length;
  }
  return {
    p50: percentile(samples, 50),
    p99: percentile(samples, 99),
    mean: samples.reduce((a, b) => a + b, 0) / samples.length,
    rows: rows / samples.length,
    samples: samples.length,
  };
}

/** Pending 'auto' trips within the radius of each position (what the query must sort to return its first 50). */
async function meanCandidates(db: Database, drivers: MatchingDriver[]): Promise<number> {
  let total = 0;
  const sample = drivers.slice(0, 50);
  for (const d of sample) {
    const result = await db.execute(sql`
      select count(*)::int as n from trips t
      where t.status = 'pending' and t.service_type_id = 2
        and earth_box(ll_to_earth(${d.latitude}, ${d.longitude}), ${d.radiusKm * 1000}) @> ll_to_earth(t.pickup_latitude::float8, t.pickup_longitude::float8)
        and earth_distance(ll_to_earth(${d.latitude}, ${d.longitude}), ll_to_earth(t.pickup_latitude::float8, t.pickup_longitude::float8)) <= ${d.radiusKm * 1000}`);
    total += Number((result.rows[0] as { n: number }).n);
  }
  return total / sample.length;
}

/** Runs the repository's own SQL under EXPLAIN (ANALYZE, BUFFERS) by wrapping db.execute. */
async function explain(db: Database, driver: MatchingDriver): Promise<string> {
  const explaining = new Proxy(db, {
    get(target, prop, receiver) {
      if (prop === 'execute') {
        return (query: Parameters<Database['execute']>[0]) =>
          target.execute(sql`explain (analyze, buffers) ${typeof query === 'string' ? sql.raw(query) : query}`);
      }
      return Reflect.get(target, prop, receiver) as unknown;
    },
  });
  const rows = (await new MatchingRepository(explaining).nearbyRequests(driver, new Date())) as unknown as Record<
    string,
    string
  >[];
  return rows.map((r) => r['QUERY PLAN']).join('\n');
}

export const nearby: Benchmark = {
  name: 'nearby',
  description: `MatchingRepository.nearbyRequests (radius ${RADIUS_KM} km, auto) at 10k and 100k pending trips on PostgreSQL`,
  async run(options) {
    const positions = options.positions ?? 500;
    return withScratchDatabase('nearby', async (db) => {
      const driverId = await createDriverWithHistory(db);
      const random = seededRandom(20_240_611);
      const drivers: MatchingDriver[] = Array.from({ length: positions }, () => ({
        driverId,
        ...pointIn(LIMA_CORE, random),
        radiusKm: RADIUS_KM,
        vehicleType: 'auto' as const,
      }));
      const repo = new MatchingRepository(db);
      const timings: (Timing & { candidates: number })[] = [];
      let usesIndex = false;
      let inserted = 0;
      for (const size of SIZES) {
        const t0 = performance.now();
        await insertPendingTrips(db, inserted + 1, size - inserted);
        inserted = size;
        await addDriverHistory(db, driverId);
        await db.execute(sql`analyze`);
        log(
          'nearby',
          `${size.toLocaleString('en-US')} pending trips inserted + ANALYZE in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
        );
        const candidates = await meanCandidates(db, drivers);
        const timing = await timeQueries(repo, drivers);
        timings.push({ ...timing, candidates });
        log(
          'nearby',
          `${size.toLocaleString('en-US')}: p50 ${timing.p50.toFixed(2)} ms, p99 ${timing.p99.toFixed(2)} ms, mean ${timing.mean.toFixed(2)} ms over ${timing.samples} positions${timing.samples < positions ? ` (time cap ${TIME_CAP_MS / 1000} s)` : ''}; ` +
            `${timing.rows.toFixed(1)} rows returned on average (limit 50), ~${Math.round(candidates)} auto requests within ${RADIUS_KM} km`,
        );
      }
      const first = drivers[0] as MatchingDriver;
      const plan = await explain(db, first);
      console.info(
        `[nearby] EXPLAIN (ANALYZE, BUFFERS) at ${inserted.toLocaleString('en-US')} trips, driver at ${first.latitude.toFixed(4)}, ${first.longitude.toFixed(4)}:`,
      );
      console.info(
        plan
          .split('\n')
          .map((l) => `    ${l}`)
          .join('\n'),
      );
      usesIndex = plan.includes('trips_pending_pickup_earth_idx');
      log(
        'nearby',
        usesIndex
          ? 'the plan uses the GiST index trips_pending_pickup_earth_idx'
          : 'WARNING: the plan does NOT use trips_pending_pickup_earth_idx',
      );

      const [small, large] = timings as [Timing & { candidates: number }, Timing & { candidates: number }];
      return [
        info('p50 @ 10k pending', round(small.p50, 3), 'ms'),
        info('p99 @ 10k pending', round(small.p99, 3), 'ms'),
        info('p50 @ 100k pending', round(large.p50, 3), 'ms'),
        below('p99 @ 100k pending', round(large.p99, 3), 'ms', P99_BUDGET_MS),
        below('growth 10k→100k (p50 ratio)', round(large.p50 / small.p50), '×', GROWTH_BUDGET),
        info('growth 10k→100k (p99 ratio)', round(large.p99 / small.p99), '×'),
        info('auto requests within 5 km @ 10k', Math.round(small.candidates), 'trips'),
        info('auto requests within 5 km @ 100k', Math.round(large.candidates), 'trips'),
        {
          name: 'plan uses the GiST index',
          value: usesIndex ? 1 : 0,
          unit: '',
          display: usesIndex ? 'yes' : 'no',
          budget: 'yes',
          pass: usesIndex,
        },
      ];
    });
  },
};
