import type { TripHistoryItem, TripHistoryPage } from '@jala/contracts';
import { HISTORY_PAGE_SIZE, type HistoryStatus } from '@jala/domain';
import { createCompletedTrip, createDriver, createTrip } from '@jala/test-factories/database';
import { expect } from 'vitest';

import { describeOnBackends } from '../support/backends';
import { api } from '../support/http';
import { insertRating, registerPassenger } from './passenger-fixtures';

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

describeOnBackends('trip history API on %s', ({ t, maybe, whenStarted }) => {
  let token = '';
  let otherToken = '';
  let driverId = 0;
  /** Seeded history of the passenger, newest first, as the server should order it. */
  const expected: { id: number; status: HistoryStatus }[] = [];

  whenStarted(async () => {
    const { db } = t.app.database;
    const passenger = await registerPassenger(t, { first_name: 'Carla' });
    const other = await registerPassenger(t);
    token = passenger.token;
    otherToken = other.token;
    const { user: driver, vehicle } = await createDriver(db, { user: { firstName: 'Jorge', lastName: 'Vargas' } });
    driverId = driver.id;

    // Oldest first: 3 completed, 2 cancelled by the passenger, 1 by the driver, 1 by the system.
    const seeds: { status: HistoryStatus; minutes: number }[] = [
      { status: 'completed', minutes: 700 },
      { status: 'cancelled_by_passenger', minutes: 600 },
      { status: 'completed', minutes: 500 },
      { status: 'cancelled_by_driver', minutes: 400 },
      { status: 'cancelled_by_system', minutes: 300 },
      { status: 'completed', minutes: 200 },
      { status: 'cancelled_by_passenger', minutes: 100 },
    ];
    for (const [index, seed] of seeds.entries()) {
      const trip =
        seed.status === 'completed'
          ? await createCompletedTrip(db, {
              passengerId: passenger.id,
              driverId: driver.id,
              vehicleId: vehicle.id,
              fareCents: 1500 + index * 100,
              completedAt: minutesAgo(seed.minutes - 35),
              serviceTypeId: index === 0 ? 1 : 2,
            })
          : await createTrip(db, {
              passengerId: passenger.id,
              status: seed.status,
              createdAt: minutesAgo(seed.minutes),
              cancelledAt: minutesAgo(seed.minutes - 5),
              ...(seed.status === 'cancelled_by_driver' ? { driverId: driver.id, vehicleId: vehicle.id } : {}),
            });
      expected.unshift({ id: trip.id, status: seed.status });
    }
    // Not history: the active trip, and another passenger's finished trip.
    await createTrip(db, { passengerId: passenger.id, status: 'pending', createdAt: minutesAgo(1) });
    await createCompletedTrip(db, {
      passengerId: other.id,
      driverId: driver.id,
      fareCents: 999,
      completedAt: minutesAgo(50),
    });
    // The driver's ratings: 5 from this passenger on the newest completed trip, 4 from someone else.
    const newestCompleted = expected.find((trip) => trip.status === 'completed');
    await insertRating(db, {
      tripId: newestCompleted!.id,
      raterId: passenger.id,
      rateeId: driver.id,
      raterRole: 'passenger',
      score: 5,
    });
    const otherTrip = await createCompletedTrip(db, {
      passengerId: other.id,
      driverId: driver.id,
      fareCents: 1000,
      completedAt: minutesAgo(40),
    });
    await insertRating(db, {
      tripId: otherTrip.id,
      raterId: other.id,
      rateeId: driver.id,
      raterRole: 'passenger',
      score: 4,
    });
  });

  const history = (query: string, as = token) =>
    api<TripHistoryPage>(t.baseUrl, 'GET', `/passenger/trip-history${query}`, { token: as });
  const idsOf = (statuses: HistoryStatus[] | null) =>
    expected.filter((trip) => !statuses || statuses.includes(trip.status)).map((trip) => trip.id);

  maybe('without a status lists every finished trip of the passenger, newest first, 2 per page', async () => {
    const all = idsOf(null);
    expect(all).toHaveLength(7);
    const seen: number[] = [];
    for (let page = 1; page <= 4; page++) {
      const res = await history(`?page=${page}`);
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ page, per_page: HISTORY_PAGE_SIZE, total: 7, total_pages: 4 });
      seen.push(...res.body.data.trips.map((trip) => trip.id));
    }
    expect(seen).toEqual(all);
    const first = await history('');
    expect(first.body.data.page).toBe(1);
    expect(first.body.data.trips.map((trip) => trip.id)).toEqual(all.slice(0, 2));
  });

  maybe.each<[HistoryStatus, number]>([
    ['completed', 3],
    ['cancelled_by_passenger', 2],
    ['cancelled_by_driver', 1],
    ['cancelled_by_system', 1],
  ])('filters by %s and pages through exactly those trips', async (status, count) => {
    const pages = Math.max(1, Math.ceil(count / HISTORY_PAGE_SIZE));
    const seen: TripHistoryItem[] = [];
    for (let page = 1; page <= pages; page++) {
      const res = await history(`?page=${page}&status=${status}`);
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ page, total: count, total_pages: pages });
      seen.push(...res.body.data.trips);
    }
    expect(seen.map((trip) => trip.id)).toEqual(idsOf([status]));
    expect(seen.every((trip) => trip.status === status)).toBe(true);
  });

  maybe('treats an empty status as no filter, serves per_page up to 50 and an empty page past the end', async () => {
    const empty = await history('?status=&per_page=50');
    expect(empty.body.data).toMatchObject({ total: 7, total_pages: 1, per_page: 50 });
    expect(empty.body.data.trips).toHaveLength(7);
    const past = await history('?page=9&status=completed');
    expect(past.status).toBe(200);
    expect(past.body.data).toMatchObject({ trips: [], page: 9, total: 3, total_pages: 2 });
  });

  maybe('describes each trip as the card reads it: fares in soles, driver, rating and my score', async () => {
    const res = await history('?status=completed&per_page=50');
    const [newest, , oldest] = res.body.data.trips;
    expect(newest).toMatchObject({
      status: 'completed',
      pickup_address: 'Parque Kennedy, Miraflores',
      destination_address: 'Jockey Plaza, Santiago de Surco',
      // The factory's ride ran 20 minutes (the route's estimate said 22): the history says what it took.
      service_type: 'Auto',
      service_type_id: 2,
      final_fare: 20,
      estimated_fare: 23.5,
      distance_km: 7.8,
      duration_minutes: 20,
      driver: { id: driverId, name: 'Jorge Vargas', rating_average: 4.5 },
      my_rating: 5,
    });
    expect(new Date(newest!.trip_date).getTime()).toBeLessThan(Date.now());
    expect(oldest).toMatchObject({ service_type: 'Mototaxi', final_fare: 15, my_rating: null });
    const system = await history('?status=cancelled_by_system');
    // A trip that never ran claims no duration.
    expect(system.body.data.trips[0]).toMatchObject({
      driver: null,
      final_fare: null,
      my_rating: null,
      duration_minutes: null,
    });
  });

  maybe("says a one-minute ride took 1 min, not the route's 22-minute estimate", async () => {
    const { db } = t.app.database;
    const rider = await registerPassenger(t);
    const completedAt = minutesAgo(3);
    await createCompletedTrip(db, {
      passengerId: rider.id,
      driverId,
      fareCents: 800,
      completedAt,
      startedAt: new Date(completedAt.getTime() - 65_000),
      durationMinutes: 22,
    });
    const res = await history('?status=completed', rider.token);
    expect(res.body.data.trips[0]).toMatchObject({ duration_minutes: 1, distance_km: 7.8 });
  });

  maybe('shows another passenger only their own trips', async () => {
    const res = await history('?per_page=50', otherToken);
    expect(res.body.data.total).toBe(2);
    expect(res.body.data.trips.some((trip) => expected.some((mine) => mine.id === trip.id))).toBe(false);
  });

  maybe.each([
    ['page', '?page=0', 'La página debe ser un número entero mayor o igual a 1.'],
    ['page', '?page=-1', 'La página debe ser un número entero mayor o igual a 1.'],
    ['page', '?page=abc', 'La página debe ser un número entero mayor o igual a 1.'],
    ['page', '?page=1.5', 'La página debe ser un número entero mayor o igual a 1.'],
    ['per_page', '?per_page=51', 'per_page debe ser un número entero entre 1 y 50.'],
    ['per_page', '?per_page=0', 'per_page debe ser un número entero entre 1 y 50.'],
    [
      'status',
      '?status=pending',
      'Estado no válido. Usa completed, cancelled_by_passenger, cancelled_by_driver o cancelled_by_system.',
    ],
    [
      'status',
      '?status=completed&status=cancelled_by_driver',
      'Estado no válido. Usa completed, cancelled_by_passenger, cancelled_by_driver o cancelled_by_system.',
    ],
  ])('refuses a bad %s (%s) with a Spanish 400', async (field, query, message) => {
    const res = await history(query);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION');
    expect(res.body.fields?.[field]).toBe(message);
  });

  maybe('needs a session', async () => {
    expect((await api(t.baseUrl, 'GET', '/passenger/trip-history')).status).toBe(401);
  });
});
