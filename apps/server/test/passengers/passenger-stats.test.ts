import type { PassengerStats } from '@jala/contracts';
import { createCompletedTrip, createDriver, createTrip } from '@jala/test-factories/database';
import { expect } from 'vitest';

import { describeOnBackends } from '../support/backends';
import { api } from '../support/http';
import { insertRating, registerPassenger } from './passenger-fixtures';

describeOnBackends('passenger stats API on %s', ({ t, maybe }) => {
  const stats = (token: string) => api<PassengerStats>(t.baseUrl, 'GET', '/passenger/stats', { token });

  maybe('is all zero for a new passenger, with no rating yet', async () => {
    const { token } = await registerPassenger(t);
    const res = await stats(token);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ total_trips: 0, total_spent: 0, averageRating: null, savedLocations: 0 });
  });

  maybe('counts completed trips and their final fares only, the ratings received and the saved places', async () => {
    const { db } = t.app.database;
    const passenger = await registerPassenger(t);
    const other = await registerPassenger(t);
    const { user: driver } = await createDriver(db);
    const now = Date.now();
    const a = await createCompletedTrip(db, {
      passengerId: passenger.id,
      driverId: driver.id,
      fareCents: 1250,
      completedAt: new Date(now - 3_600_000),
    });
    const b = await createCompletedTrip(db, {
      passengerId: passenger.id,
      driverId: driver.id,
      fareCents: 1990,
      completedAt: new Date(now - 7_200_000),
    });
    // Cancelled and active trips cost nothing; another passenger's trip is not ours.
    await createTrip(db, {
      passengerId: passenger.id,
      status: 'cancelled_by_passenger',
      estimatedFareCents: 5000,
      cancelledAt: new Date(),
    });
    await createTrip(db, {
      passengerId: passenger.id,
      status: 'cancelled_by_driver',
      driverId: driver.id,
      estimatedFareCents: 4000,
      cancelledAt: new Date(),
    });
    await createTrip(db, { passengerId: passenger.id, status: 'pending', estimatedFareCents: 3000 });
    await createCompletedTrip(db, {
      passengerId: other.id,
      driverId: driver.id,
      fareCents: 7777,
      completedAt: new Date(),
    });
    // Scores the passenger received (4 and 5) and one they gave (not theirs to average).
    await insertRating(db, { tripId: a.id, raterId: driver.id, rateeId: passenger.id, raterRole: 'driver', score: 4 });
    await insertRating(db, { tripId: b.id, raterId: driver.id, rateeId: passenger.id, raterRole: 'driver', score: 5 });
    await insertRating(db, {
      tripId: a.id,
      raterId: passenger.id,
      rateeId: driver.id,
      raterRole: 'passenger',
      score: 1,
    });
    for (const name of ['Casa', 'Trabajo']) {
      await api(t.baseUrl, 'POST', '/passenger/saved-locations', {
        token: passenger.token,
        body: { name, address: 'Lima', latitude: -12.05, longitude: -77.04 },
      });
    }

    const res = await stats(passenger.token);
    expect(res.body.data).toEqual({ total_trips: 2, total_spent: 32.4, averageRating: 4.5, savedLocations: 2 });
    expect((await stats(other.token)).body.data).toMatchObject({
      total_trips: 1,
      total_spent: 77.77,
      averageRating: null,
      savedLocations: 0,
    });
  });

  maybe('refreshes after a trip completes and after another is cancelled', async () => {
    const { db } = t.app.database;
    const passenger = await registerPassenger(t);
    const { user: driver } = await createDriver(db);
    await createCompletedTrip(db, {
      passengerId: passenger.id,
      driverId: driver.id,
      fareCents: 800,
      completedAt: new Date(),
    });
    expect((await stats(passenger.token)).body.data).toMatchObject({ total_trips: 1, total_spent: 8 });
    await createTrip(db, { passengerId: passenger.id, status: 'cancelled_by_system', cancelledAt: new Date() });
    expect((await stats(passenger.token)).body.data).toMatchObject({ total_trips: 1, total_spent: 8 });
  });

  maybe('needs a session', async () => {
    const res = await api(t.baseUrl, 'GET', '/passenger/stats');
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('Tu sesión expiró o no es válida. Inicia sesión de nuevo.');
  });
});
