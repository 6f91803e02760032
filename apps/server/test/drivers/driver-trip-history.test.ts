import type { DriverTripHistoryItem, DriverTripHistoryPage } from '@jala/contracts';
import { schema } from '@jala/db';
import { DRIVER_HISTORY_PAGE_SIZE, type HistoryStatus } from '@jala/domain';
import { createCompletedTrip, createDriver, createTrip, createUser } from '@jala/test-factories/database';
import { expect } from 'vitest';

import { registerPassenger } from '../passengers/passenger-fixtures';
import { login } from '../support/actors';
import { describeOnBackends } from '../support/backends';
import { api } from '../support/http';

const at = (iso: string) => new Date(iso);

describeOnBackends("driver's trip history API on %s", ({ t, maybe, whenStarted }) => {
  let token = '';
  let otherToken = '';
  let passengerToken = '';
  let driverId = 0;
  /** The driver's finished trips, latest ended first, as the server should order them. */
  const expected: { id: number; status: HistoryStatus }[] = [];
  const ids = { cash: 0, lateEvening: 0, afterMidnight: 0, yapePending: 0 };
  /** Trips that must never reach this driver's list: another driver's, one they only offered on, an active one. */
  const notMine: number[] = [];

  whenStarted(async () => {
    const { db } = t.app.database;
    const driver = await createDriver(db, { user: { firstName: 'Jorge', lastName: 'Vargas' } });
    const other = await createDriver(db, { user: { firstName: 'Luis', lastName: 'Paredes' } });
    driverId = driver.user.id;
    token = (await login(t.baseUrl, driver.user.email)).token;
    otherToken = (await login(t.baseUrl, other.user.email)).token;
    const carla = await createUser(db, { firstName: 'Carla Sofía', lastName: 'Mendoza' });
    const passenger = await registerPassenger(t);
    passengerToken = passenger.token;
    const mine = { driverId, vehicleId: driver.vehicle.id };

    // Oldest first. Times straddle Lima's midnight: 04:30Z on 03-10 is 23:30 on 03-09 in Lima.
    const cash = await createCompletedTrip(db, {
      passengerId: carla.id,
      ...mine,
      fareCents: 1500,
      agreedFareCents: 1500,
      completedAt: at('2026-03-05T15:00:00Z'),
      serviceTypeId: 1,
    });
    const byPassenger = await createTrip(db, {
      passengerId: carla.id,
      ...mine,
      status: 'cancelled_by_passenger',
      agreedFareCents: 1800,
      createdAt: at('2026-03-08T14:00:00Z'),
      cancelledAt: at('2026-03-08T14:10:00Z'),
      paymentMethod: 'yape',
    });
    const lateEvening = await createCompletedTrip(db, {
      passengerId: carla.id,
      ...mine,
      fareCents: 3800,
      agreedFareCents: 3450,
      completedAt: at('2026-03-10T04:30:00Z'),
      paymentMethod: 'plin',
      paymentStatus: 'confirmed',
      payeePhone: '987654321',
    });
    const afterMidnight = await createCompletedTrip(db, {
      passengerId: carla.id,
      ...mine,
      fareCents: 2200,
      completedAt: at('2026-03-10T05:30:00Z'),
      paymentMethod: 'yape',
      paymentStatus: 'reported',
      payeePhone: '987654321',
    });
    const byDriver = await createTrip(db, {
      passengerId: carla.id,
      ...mine,
      status: 'cancelled_by_driver',
      createdAt: at('2026-03-11T12:00:00Z'),
      cancelledAt: at('2026-03-11T12:05:00Z'),
    });
    const bySystem = await createTrip(db, {
      passengerId: carla.id,
      ...mine,
      status: 'cancelled_by_system',
      createdAt: at('2026-03-12T12:00:00Z'),
      cancelledAt: at('2026-03-12T12:30:00Z'),
    });
    const yapePending = await createCompletedTrip(db, {
      passengerId: carla.id,
      ...mine,
      fareCents: 3800,
      completedAt: at('2026-03-13T20:00:00Z'),
      paymentMethod: 'yape',
      paymentStatus: 'pending',
      payeePhone: '987654321',
    });
    Object.assign(ids, {
      cash: cash.id,
      lateEvening: lateEvening.id,
      afterMidnight: afterMidnight.id,
      yapePending: yapePending.id,
    });
    for (const [trip, status] of [
      [cash, 'completed'],
      [byPassenger, 'cancelled_by_passenger'],
      [lateEvening, 'completed'],
      [afterMidnight, 'completed'],
      [byDriver, 'cancelled_by_driver'],
      [bySystem, 'cancelled_by_system'],
      [yapePending, 'completed'],
    ] as const)
      expected.unshift({ id: trip.id, status });

    // Ratings of the late-evening trip: the driver gave Carla 4, Carla gave the driver 5. Another trip's ratings stay there.
    await db.insert(schema.ratings).values([
      { tripId: lateEvening.id, raterId: driverId, rateeId: carla.id, raterRole: 'driver', score: 4 },
      { tripId: lateEvening.id, raterId: carla.id, rateeId: driverId, raterRole: 'passenger', score: 5 },
    ]);

    // Not this driver's history: another driver's trips (one a pending Yape), a request they only offered on,
    // and their own trip still going on.
    notMine.push(
      (
        await createCompletedTrip(db, {
          passengerId: carla.id,
          driverId: other.user.id,
          fareCents: 999,
          completedAt: at('2026-03-10T18:00:00Z'),
        })
      ).id,
    );
    notMine.push(
      (
        await createCompletedTrip(db, {
          passengerId: carla.id,
          driverId: other.user.id,
          fareCents: 2500,
          completedAt: at('2026-03-10T19:00:00Z'),
          paymentMethod: 'yape',
          paymentStatus: 'pending',
          payeePhone: '912345678',
        })
      ).id,
    );
    const offeredOnly = await createTrip(db, {
      passengerId: carla.id,
      status: 'cancelled_by_system',
      createdAt: at('2026-03-09T12:00:00Z'),
      cancelledAt: at('2026-03-09T12:15:00Z'),
    });
    await db.insert(schema.tripOffers).values({
      tripId: offeredOnly.id,
      driverId,
      vehicleId: driver.vehicle.id,
      priceCents: 1500,
      status: 'withdrawn',
    });
    notMine.push(offeredOnly.id);
    const rider = await createUser(db);
    notMine.push(
      (
        await createTrip(db, {
          passengerId: rider.id,
          ...mine,
          status: 'in_progress',
          acceptedAt: new Date(),
          startedAt: new Date(),
        })
      ).id,
    );
  });

  const history = (query: string, as = token) =>
    api<DriverTripHistoryPage>(t.baseUrl, 'GET', `/driver/trip-history${query}`, { token: as });
  const idsOf = (statuses: HistoryStatus[] | null) =>
    expected.filter((trip) => !statuses || statuses.includes(trip.status)).map((trip) => trip.id);

  maybe('lists every finished trip of the driver, latest ended first, 10 per page by default', async () => {
    const res = await history('');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ page: 1, per_page: DRIVER_HISTORY_PAGE_SIZE, total: 7, total_pages: 1 });
    expect(res.body.data.trips.map((trip) => trip.id)).toEqual(idsOf(null));
  });

  maybe('pages through the list with per_page, and answers an empty page past the end', async () => {
    const seen: number[] = [];
    for (let page = 1; page <= 3; page++) {
      const res = await history(`?page=${page}&per_page=3`);
      expect(res.body.data).toMatchObject({ page, per_page: 3, total: 7, total_pages: 3 });
      seen.push(...res.body.data.trips.map((trip) => trip.id));
    }
    expect(seen).toEqual(idsOf(null));
    const past = await history('?page=4&per_page=3');
    expect(past.status).toBe(200);
    expect(past.body.data).toMatchObject({ trips: [], page: 4, total: 7, total_pages: 3 });
  });

  maybe.each<[HistoryStatus, number]>([
    ['completed', 4],
    ['cancelled_by_passenger', 1],
    ['cancelled_by_driver', 1],
    ['cancelled_by_system', 1],
  ])('filters by %s', async (status, count) => {
    const res = await history(`?status=${status}`);
    expect(res.body.data.total).toBe(count);
    expect(res.body.data.trips.map((trip) => trip.id)).toEqual(idsOf([status]));
  });

  maybe('filters by Lima days, both ends included, and together with the status', async () => {
    const day = await history('?from=2026-03-10&to=2026-03-10');
    expect(day.body.data.trips.map((trip) => trip.id)).toEqual([ids.afterMidnight]);
    const eve = await history('?from=2026-03-09&to=2026-03-09');
    expect(eve.body.data.trips.map((trip) => trip.id)).toEqual([ids.lateEvening]);
    const since = await history('?from=2026-03-10&status=completed');
    expect(since.body.data.trips.map((trip) => trip.id)).toEqual([ids.yapePending, ids.afterMidnight]);
    const until = await history('?to=2026-03-05');
    expect(until.body.data.trips.map((trip) => trip.id)).toEqual([ids.cash]);
    const empty = await history('?from=&to=&status=');
    expect(empty.body.data.total).toBe(7);
    const none = await history('?from=2026-03-01&to=2026-03-04');
    expect(none.body.data).toMatchObject({ trips: [], total: 0, total_pages: 1 });
  });

  maybe(
    'describes each trip as the card reads it: prices, payment state, passenger first name, both ratings',
    async () => {
      const trips = (await history('?per_page=50')).body.data.trips;
      const byId = new Map(trips.map((trip) => [trip.id, trip]));
      expect(byId.get(ids.lateEvening)).toMatchObject<Partial<DriverTripHistoryItem>>({
        status: 'completed',
        trip_date: '2026-03-10T04:30:00.000Z',
        pickup_address: 'Parque Kennedy, Miraflores',
        destination_address: 'Jockey Plaza, Santiago de Surco',
        service_type: 'Auto',
        agreed_fare: 34.5,
        final_fare: 38,
        estimated_fare: 23.5,
        distance_km: 7.8,
        duration_minutes: 22,
        payment_method: 'plin',
        payment_status: 'confirmed',
        awaiting_payment_answer: false,
        passenger_first_name: 'Carla Sofía',
        my_rating: 4,
        rating_received: 5,
      });
      expect(byId.get(ids.cash)).toMatchObject({
        service_type: 'Mototaxi',
        final_fare: 15,
        payment_method: 'cash',
        payment_status: null,
        awaiting_payment_answer: false,
        my_rating: null,
        rating_received: null,
      });
      expect(byId.get(ids.yapePending)).toMatchObject({
        payment_method: 'yape',
        payment_status: 'pending',
        awaiting_payment_answer: true,
      });
      expect(byId.get(ids.afterMidnight)).toMatchObject({ payment_status: 'reported', awaiting_payment_answer: true });
      const cancelled = trips.find((trip) => trip.status === 'cancelled_by_passenger');
      expect(cancelled).toMatchObject({
        final_fare: null,
        agreed_fare: 18,
        payment_method: 'yape',
        payment_status: null,
        awaiting_payment_answer: false,
      });
      expect(new Date(cancelled!.trip_date).toISOString()).toBe('2026-03-08T14:10:00.000Z');
      // The passenger is named by first name only: no last name, phone or id anywhere in the answer.
      expect(JSON.stringify(trips)).not.toMatch(/Mendoza|987654321|passenger_id/);
    },
  );

  maybe("counts the payments waiting for the driver's answer, and stops once they answered", async () => {
    expect((await history('?status=cancelled_by_system')).body.data.awaiting_payment_answers).toBe(2);
    const answered = await api(t.baseUrl, 'POST', `/driver/trips/${ids.afterMidnight}/payment/received`, { token });
    expect(answered.status).toBe(200);
    const res = await history('?per_page=50');
    expect(res.body.data.awaiting_payment_answers).toBe(1);
    expect(res.body.data.trips.find((trip) => trip.id === ids.afterMidnight)).toMatchObject({
      payment_status: 'confirmed',
      awaiting_payment_answer: false,
    });
  });

  maybe(
    "never lists another driver's trips, a request the driver only offered on, or a trip still going on",
    async () => {
      const mine = (await history('?per_page=50')).body.data.trips.map((trip) => trip.id);
      expect(mine.filter((id) => notMine.includes(id))).toEqual([]);
      const theirs = await history('?per_page=50', otherToken);
      expect(theirs.body.data).toMatchObject({ total: 2, awaiting_payment_answers: 1 });
      expect(
        theirs.body.data.trips.map((trip) => trip.id).filter((id) => expected.some((trip) => trip.id === id)),
      ).toEqual([]);
    },
  );

  maybe("gives another driver a 404 for this driver's trip, never its receipt", async () => {
    for (const path of [`/trips/${ids.lateEvening}/receipt`, `/trips/${ids.lateEvening}/receipt.pdf`]) {
      const res = await api(t.baseUrl, 'GET', path, { token: otherToken });
      expect(res.status, path).toBe(404);
      expect(JSON.stringify(res.body)).not.toContain('Carla');
    }
    expect((await api(t.baseUrl, 'GET', `/trips/${ids.lateEvening}/receipt`, { token })).status).toBe(200);
  });

  maybe('answers a passenger-only account with the same 403 as the other driver routes', async () => {
    const res = await history('', passengerToken);
    const stats = await api(t.baseUrl, 'GET', '/driver/stats', { token: passengerToken });
    expect(res.status).toBe(403);
    expect({ code: res.body.code, message: res.body.message }).toEqual({
      code: stats.body.code,
      message: stats.body.message,
    });
    expect(res.body.message).toBe('Esta sección es solo para conductores. Regístrate como conductor para usarla.');
  });

  maybe('needs a session', async () => {
    expect((await api(t.baseUrl, 'GET', '/driver/trip-history')).status).toBe(401);
  });

  maybe.each([
    ['page', '?page=0', 'La página debe ser un número entero mayor o igual a 1.'],
    ['page', '?page=uno', 'La página debe ser un número entero mayor o igual a 1.'],
    ['per_page', '?per_page=51', 'per_page debe ser un número entero entre 1 y 50.'],
    [
      'status',
      '?status=in_progress',
      'Estado no válido. Usa completed, cancelled_by_passenger, cancelled_by_driver o cancelled_by_system.',
    ],
    ['from', '?from=2026-02-30', 'Usa una fecha válida con el formato AAAA-MM-DD.'],
    ['from', '?from=10/03/2026', 'Usa una fecha válida con el formato AAAA-MM-DD.'],
    ['to', '?to=2026-03-10T00:00:00Z', 'Usa una fecha válida con el formato AAAA-MM-DD.'],
    ['to', '?to=2026-03-01&to=2026-03-02', 'Usa una fecha válida con el formato AAAA-MM-DD.'],
    ['to', '?from=2026-03-10&to=2026-03-09', 'La fecha «hasta» no puede ser anterior a la fecha «desde».'],
  ])('refuses a bad %s (%s) with a Spanish 400', async (field, query, message) => {
    const res = await history(query);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION');
    expect(res.body.fields?.[field]).toBe(message);
  });
});
