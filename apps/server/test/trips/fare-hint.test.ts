/**
 * The usual price of a route: the database's quartiles of the agreed fares of similar completed
 * trips — same service type, pickup and destination each within 1 km, similar distance, last 30 days —
 * checked against hand-computed percentiles, with one decoy per filter whose fare would move them; the
 * formula's estimate below FARE_HINT_MIN_TRIPS; the hint stored on a requested trip and shown in the
 * driver's feed; validation and the per-user limit.
 */
import type { Database } from '@jala/db';
import { createCompletedTrip, createDriver, createUser } from '@jala/test-factories/database';
import { expect } from 'vitest';

import { HTTP_BUDGETS } from '../../src/budgets/budget-table';
import { onlineDriver, passenger, requestTrip } from '../support/actors';
import { describeOnBackends } from '../support/backends';
import { api, statusesInTurn } from '../support/http';
import type { TestApp } from '../support/test-app';

const FARE_HINTS_PER_MINUTE = Number(HTTP_BUDGETS['GET /api/trips/fare-hint']?.limit);

interface Point {
  latitude: number;
  longitude: number;
}
interface Hint {
  similar_trips: number;
  low: number | null;
  high: number | null;
  estimate: number;
}

/** Moves a point `metres` north (about 111 km per degree of latitude). */
const north = (p: Point, metres: number): Point => ({
  latitude: p.latitude + metres / 111_195,
  longitude: p.longitude,
});

/** Routes in different districts of Lima, so each test's history is its own. */
const ROUTES = {
  enough: { from: { latitude: -12.1211, longitude: -77.0297 }, to: { latitude: -12.0859, longitude: -76.9773 } }, // Kennedy → Jockey
  few: { from: { latitude: -12.0464, longitude: -77.0428 }, to: { latitude: -12.0705, longitude: -77.0335 } }, // Centro → Lince
  feed: { from: { latitude: -12.0977, longitude: -77.0365 }, to: { latitude: -12.056, longitude: -77.0844 } }, // San Isidro → San Miguel
} as const;

const hintPath = (route: { from: Point; to: Point }, serviceTypeId = 2) =>
  `/trips/fare-hint?origin_latitude=${route.from.latitude}&origin_longitude=${route.from.longitude}` +
  `&destination_latitude=${route.to.latitude}&destination_longitude=${route.to.longitude}&service_type_id=${serviceTypeId}`;

/** The route's distance (km) as the server measures it, which the hint compares distances with. */
async function routeKm(t: TestApp, token: string, route: { from: Point; to: Point }): Promise<number> {
  const res = await api<{ distance: { value: number } }>(
    t.baseUrl,
    'GET',
    `/geo/route?origin_latitude=${route.from.latitude}&origin_longitude=${route.from.longitude}&destination_latitude=${route.to.latitude}&destination_longitude=${route.to.longitude}&service_type_id=2`,
    { token },
  );
  expect(res.status).toBe(200);
  return res.body.data.distance.value / 1000;
}

/** Completed trips on (about) `route`, one per fare; `shape` changes what makes a decoy a decoy. */
async function seedHistory(
  db: Database,
  route: { from: Point; to: Point },
  km: number,
  faresCents: number[],
  shape: {
    serviceTypeId?: number;
    pickupShiftM?: number;
    destinationShiftM?: number;
    distanceKm?: number;
    daysAgo?: number;
    status?: 'completed' | 'cancelled_by_passenger';
  } = {},
) {
  const p = await createUser(db);
  const { user: d } = await createDriver(db);
  for (const [i, fareCents] of faresCents.entries()) {
    // Spread within 300 m of the points (inside the 1 km circles), as real pickups are.
    const pickup = north(route.from, (shape.pickupShiftM ?? 0) + (i % 3) * 100);
    const destination = north(route.to, (shape.destinationShiftM ?? 0) - (i % 3) * 100);
    await createCompletedTrip(db, {
      passengerId: p.id,
      driverId: d.id,
      fareCents,
      completedAt: new Date(Date.now() - (shape.daysAgo ?? 2) * 86_400_000),
      serviceTypeId: shape.serviceTypeId ?? 2,
      pickupLatitude: pickup.latitude.toFixed(6),
      pickupLongitude: pickup.longitude.toFixed(6),
      destinationLatitude: destination.latitude.toFixed(6),
      destinationLongitude: destination.longitude.toFixed(6),
      distanceKm: (shape.distanceKm ?? km).toFixed(2),
      ...(shape.status ? { status: shape.status } : {}),
    });
  }
}

describeOnBackends('the usual price of a route on %s', ({ t, maybe }) => {
  maybe(
    'is the middle half of the agreed fares of similar trips, computed by the database; every filter holds',
    async () => {
      const db = t.app.database.db;
      const p = await passenger(t.baseUrl);
      const km = await routeKm(t, p.token, ROUTES.enough);
      // Six similar trips. percentile_cont over 10, 11, 12, 13, 14, 15 soles: the 25th is at rank 1.25
      // (11 + 0.25 × 1 = 11.25), the 75th at rank 3.75 (13 + 0.75 × 1 = 13.75).
      await seedHistory(db, ROUTES.enough, km, [1500, 1000, 1300, 1100, 1400, 1200]);
      // One trip per filter, each at a fare that would move the quartiles if it were counted.
      await seedHistory(db, ROUTES.enough, km, [100, 100], { serviceTypeId: 1 });
      await seedHistory(db, ROUTES.enough, km, [100, 100], { pickupShiftM: 1_400 });
      await seedHistory(db, ROUTES.enough, km, [100, 100], { destinationShiftM: -1_500 });
      await seedHistory(db, ROUTES.enough, km, [100, 100], { distanceKm: km * 1.6 });
      await seedHistory(db, ROUTES.enough, km, [100, 100], { daysAgo: 31 });
      await seedHistory(db, ROUTES.enough, km, [100, 100], { status: 'cancelled_by_passenger' });

      const res = await api<Hint>(t.baseUrl, 'GET', hintPath(ROUTES.enough), { token: p.token });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ similar_trips: 6, low: 11.25, high: 13.75 });
      // The estimate is the formula's for the route, as the preview shows it.
      const preview = await api<{ estimatedCost: number }>(
        t.baseUrl,
        'GET',
        `/geo/route?origin_latitude=${ROUTES.enough.from.latitude}&origin_longitude=${ROUTES.enough.from.longitude}&destination_latitude=${ROUTES.enough.to.latitude}&destination_longitude=${ROUTES.enough.to.longitude}&service_type_id=2`,
        { token: p.token },
      );
      expect(res.body.data.estimate).toBe(preview.body.data.estimatedCost);

      // Mototaxi history of the same route is its own: the two decoys alone are too few.
      const moto = await api<Hint>(t.baseUrl, 'GET', hintPath(ROUTES.enough, 1), { token: p.token });
      expect(moto.body.data).toMatchObject({ similar_trips: 2, low: null, high: null });
    },
  );

  maybe('with too few similar trips it gives the estimate only', async () => {
    const db = t.app.database.db;
    const p = await passenger(t.baseUrl);
    const km = await routeKm(t, p.token, ROUTES.few);
    const empty = await api<Hint>(t.baseUrl, 'GET', hintPath(ROUTES.few), { token: p.token });
    expect(empty.body.data).toMatchObject({ similar_trips: 0, low: null, high: null });
    expect(empty.body.data.estimate).toBeGreaterThan(0);
    await seedHistory(db, ROUTES.few, km, [900, 1000, 1100, 1200]);
    const four = await api<Hint>(t.baseUrl, 'GET', hintPath(ROUTES.few), { token: p.token });
    expect(four.body.data).toEqual({ similar_trips: 4, low: null, high: null, estimate: empty.body.data.estimate });
    // The fifth makes a range: 9, 10, 11, 12, 13 → ranks 1 and 3 exactly.
    await seedHistory(db, ROUTES.few, km, [1300]);
    const five = await api<Hint>(t.baseUrl, 'GET', hintPath(ROUTES.few), { token: p.token });
    expect(five.body.data).toMatchObject({ similar_trips: 5, low: 10, high: 12 });
  });

  maybe("is stored on the requested trip and shown in the driver's feed with no query of its own", async () => {
    const db = t.app.database.db;
    const p = await passenger(t.baseUrl);
    const km = await routeKm(t, p.token, ROUTES.feed);
    await seedHistory(db, ROUTES.feed, km, [2000, 2200, 2400, 2600, 2800]);
    const d = await onlineDriver(t.baseUrl, db);
    const at = ROUTES.feed.from;
    // The driver's feed is loaded (and kept) before the request exists.
    const before = await api<unknown[]>(
      t.baseUrl,
      'GET',
      `/driver/trip-requests?latitude=${at.latitude}&longitude=${at.longitude}`,
      { token: d.token },
    );
    expect(before.status).toBe(200);
    const trip = await requestTrip(t.baseUrl, p.token, {
      pickup_latitude: at.latitude,
      pickup_longitude: at.longitude,
      destination_latitude: ROUTES.feed.to.latitude,
      destination_longitude: ROUTES.feed.to.longitude,
      offer_price: 9,
    });
    // History that arrives after the request does not change what drivers were shown.
    await seedHistory(db, ROUTES.feed, km, [9000, 9000, 9000]);
    const feed = await api<{ id: number; fare_hint: Hint | null }[]>(
      t.baseUrl,
      'GET',
      `/driver/trip-requests?latitude=${at.latitude}&longitude=${at.longitude}`,
      { token: d.token },
    );
    const request = feed.body.data.find((r) => r.id === trip.id);
    expect(request?.fare_hint).toEqual({ similar_trips: 5, low: 22, high: 26, estimate: trip.estimated_fare });
    // The passenger, asking now, sees the newer history.
    const now = await api<Hint>(t.baseUrl, 'GET', hintPath(ROUTES.feed), { token: p.token });
    expect(now.body.data.similar_trips).toBe(8);
  });

  maybe(
    'refuses bad input with a Spanish 400, strangers with a 401, and more than the per-user budget with a 429',
    async () => {
      const p = await passenger(t.baseUrl);
      const missing = await api(
        t.baseUrl,
        'GET',
        '/trips/fare-hint?origin_latitude=-12.1&origin_longitude=-77&destination_latitude=-12.2&destination_longitude=-77',
        { token: p.token },
      );
      expect(missing.status).toBe(400);
      expect(JSON.stringify(missing.body)).toContain('Elige un tipo de servicio válido.');
      const outOfRange = await api(
        t.baseUrl,
        'GET',
        hintPath({ from: { latitude: -95, longitude: -77 }, to: ROUTES.few.to }),
        { token: p.token },
      );
      expect(outOfRange.status).toBe(400);
      expect(JSON.stringify(outOfRange.body)).toContain('Latitud fuera de rango.');
      const words = await api(
        t.baseUrl,
        'GET',
        hintPath(ROUTES.few).replace('service_type_id=2', 'service_type_id=auto'),
        { token: p.token },
      );
      expect(words.status).toBe(400);
      expect((await api(t.baseUrl, 'GET', hintPath(ROUTES.few))).status).toBe(401);

      const statuses = await statusesInTurn(FARE_HINTS_PER_MINUTE + 1, () =>
        api(t.baseUrl, 'GET', hintPath(ROUTES.few), { token: p.token }),
      );
      // The 400s above did not count (validation runs before the limit): exactly the budget, then 429.
      expect(statuses.filter((s) => s === 200)).toHaveLength(FARE_HINTS_PER_MINUTE);
      const over = await api<unknown>(t.baseUrl, 'GET', hintPath(ROUTES.few), { token: p.token });
      expect(over.status).toBe(429);
      expect(over.body).toMatchObject({ success: false, code: 'RATE_LIMITED' });
      // Another passenger has their own budget.
      const other = await passenger(t.baseUrl);
      expect((await api(t.baseUrl, 'GET', hintPath(ROUTES.few), { token: other.token })).status).toBe(200);
    },
  );
});
