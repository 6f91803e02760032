/**
 * The usual price of a route at 100k completed trips on PostgreSQL: the repository's
 * percentile_cont query (FareHintRepository.similarFares) and the whole service behind
 * GET /trips/fare-hint (offline route + the query), timed over routes between Lima's busy places — where
 * many trips are similar — and random ones; plus the plan it runs.
 */
import { type Database, sql } from '@jala/db';

import { createGeoProvider, isInPeru } from '../apps/server/src/geo';
import { FareHintRepository, type RouteForHint } from '../apps/server/src/modules/trips/fares/fare-hint.repository';
import { FareHintService } from '../apps/server/src/modules/trips/fares/fare-hint.service';
import { withScratchDatabase } from './lib/postgres';
import { LIMA_CORE, pointIn, seededRandom } from './lib/random';
import { below, type Benchmark, info, log, percentile, round } from './lib/report';

const TRIPS = 100_000;
const P99_BUDGET_MS = 10;
const ROUTES = 400;
const WARMUP = 40;

/**
 * Busy places of Lima (malls, stations, districts' centres): half of all pickups and destinations are
 * within ~1.2 km of one of them, so the popular routes have hundreds of similar trips, as a real city does.
 */
const HOTSPOTS = [
  [-12.1211, -77.0297],
  [-12.0859, -76.9773],
  [-12.0464, -77.0428],
  [-12.0977, -77.0365],
  [-12.056, -77.0844],
  [-12.0705, -77.0335],
  [-12.1475, -77.0219],
  [-12.1064, -76.999],
  [-12.0262, -77.057],
  [-11.9905, -77.0606],
  [-12.058, -76.97],
  [-12.0232, -77.1194],
  [-12.17, -77.015],
  [-12.13, -76.98],
  [-12.012, -77.003],
] as const;

/**
 * `count` completed trips in one INSERT … SELECT generate_series: points near a hotspot or anywhere in
 * central Lima, distance the straight line × 1.3 (streets), a fare of S/ 4 + S/ 1.50 per km ± 25 %,
 * completed over the last 40 days (so about a quarter fall outside the 30-day window), 70 % 'auto'.
 */
async function insertCompletedTrips(db: Database, passengerId: number, driverId: number, count: number): Promise<void> {
  const hotspots = `array[${HOTSPOTS.map(([lat, lon]) => `point(${lat}, ${lon})`).join(', ')}]`;
  const box = LIMA_CORE;
  // The same draw `h` picks the hotspot for both coordinates; then up to ±0.011° (~1.2 km) around it.
  const near = (axis: 0 | 1, h: string) =>
    sql.raw(`((${hotspots})[1 + floor(${h} * ${HOTSPOTS.length})::int])[${axis}] + (random() - 0.5) * 0.022`);
  const anywhere = (axis: 0 | 1) =>
    sql.raw(
      axis === 0
        ? `${box.south} + random() * ${box.north - box.south}`
        : `${box.west} + random() * ${box.east - box.west}`,
    );
  await db.execute(sql`
    with drawn as (
      select g, random() as p_zone, random() as p_h, random() as d_zone, random() as d_h, random() as kind, random() as age, random() as noise
      from generate_series(1, ${count}::int) g
    ), placed as (
      select g, kind, age, noise,
             case when p_zone < 0.5 then ${near(0, 'p_h')} else ${anywhere(0)} end as plat,
             case when p_zone < 0.5 then ${near(1, 'p_h')} else ${anywhere(1)} end as plon,
             case when d_zone < 0.5 then ${near(0, 'd_h')} else ${anywhere(0)} end as dlat,
             case when d_zone < 0.5 then ${near(1, 'd_h')} else ${anywhere(1)} end as dlon
      from drawn
    ), measured as (
      select *, greatest(0.5, earth_distance(ll_to_earth(plat, plon), ll_to_earth(dlat, dlon)) * 1.3 / 1000) as km from placed
    )
    insert into trips (trip_code, passenger_id, driver_id, service_type_id, status, pickup_latitude, pickup_longitude, pickup_address,
                       destination_latitude, destination_longitude, destination_address, estimated_fare_cents, agreed_fare_cents,
                       final_fare_cents, distance_km, duration_minutes, created_at, expires_at, accepted_at, completed_at)
    select 'HINT-' || g, ${passengerId}, ${driverId}, case when kind < 0.7 then 2 else 1 end, 'completed',
           round(plat::numeric, 6), round(plon::numeric, 6), 'Recojo ' || g, round(dlat::numeric, 6), round(dlon::numeric, 6), 'Destino ' || g,
           (400 + km * 150)::int, ((400 + km * 150) * (0.75 + noise * 0.5))::int, ((400 + km * 150) * (0.75 + noise * 0.5))::int,
           round(km::numeric, 2), greatest(3, (km * 3)::int),
           now() - age * interval '40 days' - interval '40 minutes', now() - age * interval '40 days' - interval '25 minutes',
           now() - age * interval '40 days' - interval '35 minutes', now() - age * interval '40 days'
    from measured`);
}

async function createParties(db: Database): Promise<{ passengerId: number; driverId: number }> {
  const result = await db.execute(sql`
    insert into users (email, password_hash, first_name, last_name, phone, user_type)
    values ('bench.hint.p@bench.pe', 'not-a-hash', 'Rosa', 'Huamán', '987654321', 'passenger'),
           ('bench.hint.d@bench.pe', 'not-a-hash', 'Jorge', 'Vargas', '987654322', 'driver')
    returning id`);
  const [p, d] = result.rows as { id: number }[];
  return { passengerId: Number(p?.id), driverId: Number(d?.id) };
}

type Point = { latitude: number; longitude: number };

/** Half the timed routes between two hotspots (the most similar trips), half between random points. */
function timedRoutes(random: () => number): { pickup: Point; destination: Point; serviceTypeId: number }[] {
  const hotspot = (): Point => {
    const [latitude, longitude] = HOTSPOTS[Math.floor(random() * HOTSPOTS.length)] as readonly [number, number];
    return { latitude: latitude + (random() - 0.5) * 0.01, longitude: longitude + (random() - 0.5) * 0.01 };
  };
  // The box touches the sea off Callao and Miraflores, where there is no route.
  const onLand = (): Point => {
    for (;;) {
      const point = pointIn(LIMA_CORE, random);
      if (isInPeru(point)) return point;
    }
  };
  return Array.from({ length: ROUTES }, (_, i) =>
    i % 2 === 0
      ? { pickup: hotspot(), destination: hotspot(), serviceTypeId: 2 }
      : { pickup: onLand(), destination: onLand(), serviceTypeId: random() < 0.7 ? 2 : 1 },
  );
}

interface Timing {
  p50: number;
  p99: number;
  samples: number;
}

async function time(calls: (() => Promise<unknown>)[]): Promise<Timing> {
  for (const call of calls.slice(0, WARMUP)) await call();
  const samples: number[] = [];
  for (const call of calls) {
    const t0 = performance.now();
    await call();
    samples.push(performance.now() - t0);
  }
  return { p50: percentile(samples, 50), p99: percentile(samples, 99), samples: samples.length };
}

/** The repository's own SQL under EXPLAIN (ANALYZE, BUFFERS): db.execute is wrapped and the plan kept. */
async function explain(db: Database, route: RouteForHint): Promise<string> {
  const lines: string[] = [];
  const explaining = new Proxy(db, {
    get(target, prop, receiver) {
      if (prop === 'execute') {
        return async (query: Parameters<Database['execute']>[0]) => {
          const result = await target.execute(
            sql`explain (analyze, buffers) ${typeof query === 'string' ? sql.raw(query) : query}`,
          );
          lines.push(...(result.rows as Record<string, string>[]).map((r) => r['QUERY PLAN'] ?? ''));
          return { rows: [] };
        };
      }
      return Reflect.get(target, prop, receiver) as unknown;
    },
  });
  await new FareHintRepository(explaining).similarFares(route, new Date());
  return lines.join('\n');
}

export const fareHint: Benchmark = {
  name: 'fare-hint',
  description: `the usual price of a route (percentile_cont over similar completed trips) at ${TRIPS.toLocaleString('en-US')} completed trips on PostgreSQL`,
  async run() {
    return withScratchDatabase('fare-hint', async (db) => {
      const { passengerId, driverId } = await createParties(db);
      const t0 = performance.now();
      await insertCompletedTrips(db, passengerId, driverId, TRIPS);
      await db.execute(sql`analyze trips`);
      log(
        'fare-hint',
        `${TRIPS.toLocaleString('en-US')} completed trips inserted + ANALYZE in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
      );

      const repository = new FareHintRepository(db);
      const geo = createGeoProvider({ provider: 'offline' });
      const service = new FareHintService({ repository, geo, now: () => new Date() });
      const routes = timedRoutes(seededRandom(20_261_125));
      // The repository is given the route's distance as the service measures it (the offline road factor).
      const measured: RouteForHint[] = [];
      for (const r of routes) {
        const found = await geo.route(r.pickup, r.destination, { serviceTypeId: r.serviceTypeId });
        measured.push({ ...r, distanceKm: found.distance.value / 1000 });
      }
      const matches: number[] = [];
      for (const r of measured) matches.push((await repository.similarFares(r, new Date())).trips);
      const popular = matches.filter((_, i) => i % 2 === 0);
      const withRange = matches.filter((n) => n >= 5).length;
      log(
        'fare-hint',
        `similar trips per route: hotspot routes mean ${round(popular.reduce((a, b) => a + b, 0) / popular.length, 1)}, max ${Math.max(...matches)}; ${withRange}/${matches.length} routes have ≥ 5 (a range)`,
      );

      const query = await time(measured.map((r) => () => repository.similarFares(r, new Date())));
      log(
        'fare-hint',
        `query: p50 ${query.p50.toFixed(2)} ms, p99 ${query.p99.toFixed(2)} ms over ${query.samples} routes`,
      );
      const whole = await time(
        routes.map(
          (r) => () =>
            service.forQuery({
              origin_latitude: r.pickup.latitude,
              origin_longitude: r.pickup.longitude,
              destination_latitude: r.destination.latitude,
              destination_longitude: r.destination.longitude,
              service_type_id: r.serviceTypeId,
            }),
        ),
      );
      log(
        'fare-hint',
        `service (offline route + query): p50 ${whole.p50.toFixed(2)} ms, p99 ${whole.p99.toFixed(2)} ms`,
      );

      const busiest = measured[matches.indexOf(Math.max(...matches))] as RouteForHint;
      const plan = await explain(db, busiest);
      console.info(
        `[fare-hint] EXPLAIN (ANALYZE, BUFFERS) of the busiest route (${Math.max(...matches)} similar trips):`,
      );
      console.info(
        plan
          .split('\n')
          .map((l) => `    ${l}`)
          .join('\n'),
      );
      const usesIndex = plan.includes('trips_completed_route_earth_idx');

      return [
        info('query p50 @ 100k completed', round(query.p50, 3), 'ms'),
        below('query p99 @ 100k completed', round(query.p99, 3), 'ms', P99_BUDGET_MS),
        info('service p50 (route + query)', round(whole.p50, 3), 'ms'),
        below('service p99 (route + query)', round(whole.p99, 3), 'ms', P99_BUDGET_MS),
        info('similar trips, busiest route', Math.max(...matches), 'trips'),
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
