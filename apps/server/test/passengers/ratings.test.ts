import type { TripHistoryPage, TripRating, TripRatingStatus } from '@jala/contracts';
import { and, eq, schema } from '@jala/db';
import { createCompletedTrip, createDriver, createTrip, FACTORY_PASSWORD } from '@jala/test-factories/database';
import { expect } from 'vitest';

import { KENNEDY, tripPayload } from '../support/actors';
import { describeOnBackends } from '../support/backends';
import { api, registerUser } from '../support/http';
import { registerPassenger } from './passenger-fixtures';

describeOnBackends('trip ratings API on %s', ({ t, maybe }) => {
  /** A passenger (with token), a driver (with token) and a trip between them in `status`. */
  async function tripBetween(status: 'completed' | 'in_progress' | 'cancelled_by_driver' = 'completed') {
    const { db } = t.app.database;
    const passenger = await registerPassenger(t, { first_name: 'Carla', last_name: 'Ríos' });
    const { user: driver, vehicle } = await createDriver(db, { user: { firstName: 'Jorge', lastName: 'Vargas' } });
    const login = await api<{ token: string }>(t.baseUrl, 'POST', '/auth/login', {
      body: { email: driver.email, password: FACTORY_PASSWORD },
    });
    const trip =
      status === 'completed'
        ? await createCompletedTrip(db, {
            passengerId: passenger.id,
            driverId: driver.id,
            vehicleId: vehicle.id,
            fareCents: 1800,
            completedAt: new Date(),
          })
        : await createTrip(db, { passengerId: passenger.id, driverId: driver.id, vehicleId: vehicle.id, status });
    return { passenger, driver: { id: driver.id, token: login.body.data.token }, trip };
  }
  const rate = (tripId: number | string, token: string, body: unknown) =>
    api<TripRating>(t.baseUrl, 'POST', `/trips/${tripId}/rating`, { token, body });
  const ratingCount = async (tripId: number) =>
    (await t.app.database.db.select().from(schema.ratings).where(eq(schema.ratings.tripId, tripId))).length;

  maybe('lets the passenger rate the driver and the driver rate the passenger, once each', async () => {
    const { passenger, driver, trip } = await tripBetween();
    const before = await api<TripRatingStatus>(t.baseUrl, 'GET', `/trips/${trip.id}/rating`, {
      token: passenger.token,
    });
    expect(before.body.data).toEqual({
      trip_id: trip.id,
      rater_role: 'passenger',
      ratee_name: 'Jorge Vargas',
      can_rate: true,
      my_rating: null,
    });

    const byPassenger = await rate(trip.id, passenger.token, { score: 5, comment: '  Muy amable y puntual  ' });
    expect(byPassenger.status).toBe(201);
    expect(byPassenger.body.message).toBe('¡Gracias por tu calificación!');
    expect(byPassenger.body.data).toMatchObject({
      trip_id: trip.id,
      score: 5,
      comment: 'Muy amable y puntual',
      rater_role: 'passenger',
      ratee_id: driver.id,
    });

    const byDriver = await rate(trip.id, driver.token, { score: 3 });
    expect(byDriver.status).toBe(201);
    expect(byDriver.body.data).toMatchObject({ score: 3, comment: null, rater_role: 'driver', ratee_id: passenger.id });

    const after = await api<TripRatingStatus>(t.baseUrl, 'GET', `/trips/${trip.id}/rating`, { token: driver.token });
    expect(after.body.data).toMatchObject({
      rater_role: 'driver',
      ratee_name: 'Carla Ríos',
      can_rate: false,
      my_rating: { score: 3 },
    });

    // The averages feed the passenger's dashboard card, history and the session user's rating_average.
    const stats = await api<{ averageRating: number }>(t.baseUrl, 'GET', '/passenger/stats', {
      token: passenger.token,
    });
    expect(stats.body.data.averageRating).toBe(3);
    const history = await api<TripHistoryPage>(t.baseUrl, 'GET', '/passenger/trip-history', { token: passenger.token });
    expect(history.body.data.trips[0]).toMatchObject({ id: trip.id, my_rating: 5, driver: { rating_average: 5 } });
    const driverUser = await api<{ rating_average: number }>(t.baseUrl, 'GET', '/auth/profile', {
      token: driver.token,
    });
    expect(driverUser.body.data.rating_average).toBe(5);

    // …and the passenger's rating shows on their next request in the driver's list.
    const next = await api<{ id: number }>(t.baseUrl, 'POST', '/trips', {
      token: passenger.token,
      body: tripPayload(),
    });
    expect(next.status).toBe(201);
    const requests = await api<{ id: number; passenger_rating: number | null }[]>(
      t.baseUrl,
      'GET',
      `/driver/trip-requests?latitude=${KENNEDY.latitude}&longitude=${KENNEDY.longitude}`,
      { token: driver.token },
    );
    expect(requests.body.data.find((request) => request.id === next.body.data.id)).toMatchObject({
      passenger_rating: 3,
    });
  });

  maybe('refuses a second rating by the same person with 409 and keeps the first', async () => {
    const { passenger, trip } = await tripBetween();
    expect((await rate(trip.id, passenger.token, { score: 4 })).status).toBe(201);
    const again = await rate(trip.id, passenger.token, { score: 1 });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Ya calificaste este viaje.');
    const [row] = await t.app.database.db
      .select()
      .from(schema.ratings)
      .where(and(eq(schema.ratings.tripId, trip.id), eq(schema.ratings.raterId, passenger.id)));
    expect(row?.score).toBe(4);
  });

  maybe('lets exactly one of two simultaneous ratings through', async () => {
    const { passenger, trip } = await tripBetween();
    const results = await Promise.all([1, 2, 3, 4].map((score) => rate(trip.id, passenger.token, { score })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
    expect(await ratingCount(trip.id)).toBe(1);
  });

  maybe.each(['in_progress', 'cancelled_by_driver'] as const)('refuses to rate a %s trip with 409', async (status) => {
    const { passenger, driver, trip } = await tripBetween(status);
    for (const token of [passenger.token, driver.token]) {
      const res = await rate(trip.id, token, { score: 5 });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('Solo puedes calificar viajes completados.');
    }
    const ratingStatus = await api<TripRatingStatus>(t.baseUrl, 'GET', `/trips/${trip.id}/rating`, {
      token: passenger.token,
    });
    expect(ratingStatus.body.data.can_rate).toBe(false);
    expect(await ratingCount(trip.id)).toBe(0);
  });

  maybe('answers a stranger (another passenger or driver) and an unknown trip with 404', async () => {
    const { trip } = await tripBetween();
    const strangerPassenger = await registerUser(t.baseUrl);
    const strangerDriver = await registerUser(t.baseUrl, { user_type: 'driver' });
    for (const token of [strangerPassenger.token, strangerDriver.token]) {
      const res = await rate(trip.id, token, { score: 5 });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Viaje no encontrado.');
      expect((await api(t.baseUrl, 'GET', `/trips/${trip.id}/rating`, { token })).status).toBe(404);
    }
    expect((await rate(2_000_000_000, strangerPassenger.token, { score: 5 })).status).toBe(404);
    expect(await ratingCount(trip.id)).toBe(0);
  });

  maybe.each([
    ['score', { score: 0 }, 'La calificación debe ser un número entero del 1 al 5.'],
    ['score', { score: 6 }, 'La calificación debe ser un número entero del 1 al 5.'],
    ['score', { score: 4.5 }, 'La calificación debe ser un número entero del 1 al 5.'],
    ['score', { score: '5' }, 'La calificación debe ser un número entero del 1 al 5.'],
    ['score', {}, 'La calificación debe ser un número entero del 1 al 5.'],
    ['comment', { score: 5, comment: 'a'.repeat(301) }, 'El comentario no puede superar los 300 caracteres.'],
    ['comment', { score: 5, comment: 42 }, 'El comentario debe ser texto.'],
  ])('refuses a bad %s with a Spanish 400 and stores nothing', async (field, body, message) => {
    const { passenger, trip } = await tripBetween();
    const res = await rate(trip.id, passenger.token, body);
    expect(res.status).toBe(400);
    expect(res.body.fields?.[field]).toBe(message);
    expect(await ratingCount(trip.id)).toBe(0);
  });

  maybe('accepts a 300-character comment and refuses a bad trip id', async () => {
    const { passenger, trip } = await tripBetween();
    expect((await rate('abc', passenger.token, { score: 5 })).status).toBe(400);
    expect((await rate(trip.id, passenger.token, { score: 2, comment: 'b'.repeat(300) })).status).toBe(201);
  });

  maybe('needs a session', async () => {
    expect((await api(t.baseUrl, 'POST', '/trips/1/rating', { body: { score: 5 } })).status).toBe(401);
  });
});
