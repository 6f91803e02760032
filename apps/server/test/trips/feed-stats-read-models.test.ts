/**
 * The driver's request feed, driver status and the passenger's and driver's stats kept in memory
 * (modules/trips/driver-feed.ts, docs/ARCHITECTURE.md 'Read models'): every read below is made warm first
 * (answered from memory), so each assertion after a write proves the write invalidated what was kept.
 */
import { createUser, FACTORY_PASSWORD } from '@jala/test-factories/database';
import { beforeEach, expect } from 'vitest';

import { driveToStage, KENNEDY, onlineDriver, passenger, requestTrip } from '../support/actors';
import { describeOnBackends } from '../support/backends';
import { api } from '../support/http';

type Request = { id: number; distance_to_pickup_km: number };
type Status = { driver_status: string; active_vehicle_id: number | null; documents_verified: boolean };
type PassengerStats = {
  total_trips: number;
  total_spent: number;
  averageRating: number | null;
  savedLocations: number;
};
type DriverStats = { today_trips: number; online_hours_today: number; acceptance_rate: number | null };

const START = new Date('2026-03-10T15:00:00Z');
let clock = START;
const later = (minutes: number) => {
  clock = new Date(clock.getTime() + minutes * 60_000);
};

/** About `km` north of Parque Kennedy (one degree of latitude is ~111.2 km). */
const northOfKennedy = (km: number) => ({
  latitude: Number((KENNEDY.latitude + km / 111.2).toFixed(6)),
  longitude: KENNEDY.longitude,
});
const feedPath = (at?: { latitude: number; longitude: number }) =>
  at ? `/driver/trip-requests?latitude=${at.latitude}&longitude=${at.longitude}` : '/driver/trip-requests';

/** GET twice (the second is the one that may come from memory) and return the second answer. */
async function warmRead<T>(baseUrl: string, path: string, token: string) {
  await api(baseUrl, 'GET', path, { token });
  return api<T>(baseUrl, 'GET', path, { token });
}

/** Whether `tripId` is in the listed requests (other tests' requests share the database). */
const lists = (res: { body: { data: Request[] } }, tripId: number) => res.body.data.some((r) => r.id === tripId);
const entry = (res: { body: { data: Request[] } }, tripId: number) => res.body.data.find((r) => r.id === tripId);

describeOnBackends(
  'request feed, driver status and stats read models (%s)',
  ({ t, maybe }) => {
    beforeEach(() => {
      clock = START;
    });

    maybe('a new request, a radius change and going offline are read back at once', async () => {
      const db = t.app.database.db;
      const driver = await onlineDriver(t.baseUrl, db);
      const rider = await passenger(t.baseUrl);
      const at = northOfKennedy(2);

      expect((await warmRead<Request[]>(t.baseUrl, feedPath(at), driver.token)).status).toBe(200);
      const trip = await requestTrip(t.baseUrl, rider.token);
      const listed = await api<Request[]>(t.baseUrl, 'GET', feedPath(at), { token: driver.token });
      expect(entry(listed, trip.id)?.distance_to_pickup_km).toBe(2);

      // The radius shrinks below the distance to the pickup.
      expect(lists(await warmRead<Request[]>(t.baseUrl, feedPath(at), driver.token), trip.id)).toBe(true);
      const profile = {
        license_expiry_date: '2030-12-31',
        emergency_contact_name: 'Rosa Quispe',
        emergency_contact_phone: '987654321',
        search_radius_km: 1,
      };
      expect(
        (await api(t.baseUrl, 'POST', '/driver/profile/update', { token: driver.token, body: profile })).status,
      ).toBe(200);
      expect(lists(await api<Request[]>(t.baseUrl, 'GET', feedPath(at), { token: driver.token }), trip.id)).toBe(false);
      expect(
        (
          await api(t.baseUrl, 'POST', '/driver/profile/update', {
            token: driver.token,
            body: { ...profile, search_radius_km: 5 },
          })
        ).status,
      ).toBe(200);
      expect(lists(await api<Request[]>(t.baseUrl, 'GET', feedPath(at), { token: driver.token }), trip.id)).toBe(true);

      // Going offline: the feed refuses, the status says so.
      expect((await warmRead<Status>(t.baseUrl, '/driver/status', driver.token)).body.data.driver_status).toBe(
        'online',
      );
      expect((await warmRead(t.baseUrl, feedPath(at), driver.token)).status).toBe(200);
      expect(
        (await api(t.baseUrl, 'POST', '/driver/status', { token: driver.token, body: { status: 'offline' } })).status,
      ).toBe(200);
      expect(
        (await api<Status>(t.baseUrl, 'GET', '/driver/status', { token: driver.token })).body.data.driver_status,
      ).toBe('offline');
      expect((await api(t.baseUrl, 'GET', feedPath(at), { token: driver.token })).status).toBe(409);
      const online = await api(t.baseUrl, 'POST', '/driver/status', {
        token: driver.token,
        body: { status: 'online', vehicle_id: driver.vehicleId },
      });
      expect(online.body).toMatchObject({ success: true });
      expect(
        (await api<Status>(t.baseUrl, 'GET', '/driver/status', { token: driver.token })).body.data.driver_status,
      ).toBe('online');
    });

    maybe('an operator rejecting the documents takes the feed away and the status says so', async () => {
      const db = t.app.database.db;
      const admin = await createUser(db, { isAdmin: true });
      const adminToken = (
        await api<{ token: string }>(t.baseUrl, 'POST', '/auth/login', {
          body: { email: admin.email, password: FACTORY_PASSWORD },
        })
      ).body.data.token;
      const driver = await onlineDriver(t.baseUrl, db);
      expect((await warmRead(t.baseUrl, feedPath(KENNEDY), driver.token)).status).toBe(200);
      expect((await warmRead<Status>(t.baseUrl, '/driver/status', driver.token)).body.data.documents_verified).toBe(
        true,
      );
      const rejected = await api(t.baseUrl, 'POST', `/admin/drivers/${driver.id}/reject`, {
        token: adminToken,
        body: { reason: 'La foto de la licencia no se lee bien.' },
      });
      expect(rejected.status).toBe(200);
      expect(
        (await api<Status>(t.baseUrl, 'GET', '/driver/status', { token: driver.token })).body.data.documents_verified,
      ).toBe(false);
      const refused = await api<null>(t.baseUrl, 'GET', feedPath(KENNEDY), { token: driver.token });
      expect(refused.status).toBe(409);
      expect(refused.body.message).toMatch(/pendiente de verificación/);
    });

    maybe('the feed follows the driver: a move past the threshold reloads it around the new position', async () => {
      const db = t.app.database.db;
      const driver = await onlineDriver(t.baseUrl, db);
      const rider = await passenger(t.baseUrl);
      const trip = await requestTrip(t.baseUrl, rider.token);
      const far = northOfKennedy(8); // outside the default radius
      expect(lists(await warmRead<Request[]>(t.baseUrl, feedPath(far), driver.token), trip.id)).toBe(false);
      // Without a position the stored one counts: still far.
      expect(lists(await api<Request[]>(t.baseUrl, 'GET', feedPath(), { token: driver.token }), trip.id)).toBe(false);
      const near = northOfKennedy(1);
      const moved = await api<Request[]>(t.baseUrl, 'GET', feedPath(near), { token: driver.token });
      expect(entry(moved, trip.id)?.distance_to_pickup_km).toBe(1);
      // A few metres on, from memory: the distance follows the sent position.
      const nudged = await api<Request[]>(t.baseUrl, 'GET', feedPath(northOfKennedy(1.03)), { token: driver.token });
      expect(entry(nudged, trip.id)?.distance_to_pickup_km).toBe(1);
      expect(lists(await api<Request[]>(t.baseUrl, 'GET', feedPath(), { token: driver.token }), trip.id)).toBe(true);
    });

    maybe('a kept feed never shows a request past its expiry, even before the sweep closes it', async () => {
      const db = t.app.database.db;
      const driver = await onlineDriver(t.baseUrl, db);
      const rider = await passenger(t.baseUrl);
      const trip = await requestTrip(t.baseUrl, rider.token);
      later(14);
      expect(lists(await warmRead<Request[]>(t.baseUrl, feedPath(KENNEDY), driver.token), trip.id)).toBe(true);
      later(2); // past the 15 minutes of TRIP_EXPIRY_MINUTES; no sweep ran
      expect(lists(await api<Request[]>(t.baseUrl, 'GET', feedPath(KENNEDY), { token: driver.token }), trip.id)).toBe(
        false,
      );
    });

    maybe('stats follow completions, ratings, saved places and status changes', async () => {
      const db = t.app.database.db;
      const driver = await onlineDriver(t.baseUrl, db);
      const rider = await passenger(t.baseUrl);

      expect(
        (await warmRead<PassengerStats>(t.baseUrl, '/passenger/stats', rider.token)).body.data.savedLocations,
      ).toBe(0);
      const place = {
        name: 'Casa',
        address: 'Av. Larco 123, Miraflores',
        latitude: KENNEDY.latitude,
        longitude: KENNEDY.longitude,
      };
      expect(
        (await api(t.baseUrl, 'POST', '/passenger/saved-locations', { token: rider.token, body: place })).status,
      ).toBe(201);
      expect(
        (await api<PassengerStats>(t.baseUrl, 'GET', '/passenger/stats', { token: rider.token })).body.data
          .savedLocations,
      ).toBe(1);

      const trip = await requestTrip(t.baseUrl, rider.token);
      expect(
        (
          await api(t.baseUrl, 'POST', '/driver/trips/accept', {
            token: driver.token,
            body: { trip_request_id: trip.id },
          })
        ).status,
      ).toBe(201);
      expect(
        (
          await api(t.baseUrl, 'POST', '/drivers/trips/accept', {
            token: rider.token,
            body: { trip_id: trip.id, driver_id: driver.id },
          })
        ).status,
      ).toBe(200);
      await driveToStage(t.baseUrl, { passenger: rider.token, driver: driver.token }, trip.id, 'in_progress');
      expect((await warmRead<PassengerStats>(t.baseUrl, '/passenger/stats', rider.token)).body.data.total_trips).toBe(
        0,
      );
      expect((await warmRead<DriverStats>(t.baseUrl, '/driver/stats', driver.token)).body.data.today_trips).toBe(0);
      const done = await api(t.baseUrl, 'POST', '/driver/trips/complete', {
        token: driver.token,
        body: { trip_id: trip.id, final_latitude: KENNEDY.latitude, final_longitude: KENNEDY.longitude },
      });
      expect(done.status).toBe(200);
      expect(
        (await api<PassengerStats>(t.baseUrl, 'GET', '/passenger/stats', { token: rider.token })).body.data.total_trips,
      ).toBe(1);
      expect(
        (await api<DriverStats>(t.baseUrl, 'GET', '/driver/stats', { token: driver.token })).body.data.today_trips,
      ).toBe(1);

      // The driver rates the passenger: the passenger's average shows at once.
      expect(
        (await warmRead<PassengerStats>(t.baseUrl, '/passenger/stats', rider.token)).body.data.averageRating,
      ).toBeNull();
      expect(
        (await api(t.baseUrl, 'POST', `/trips/${trip.id}/rating`, { token: driver.token, body: { score: 4 } })).status,
      ).toBe(201);
      expect(
        (await api<PassengerStats>(t.baseUrl, 'GET', '/passenger/stats', { token: rider.token })).body.data
          .averageRating,
      ).toBe(4);

      // Online hours grow with the clock from the kept log; going offline stops them.
      expect(
        (await api(t.baseUrl, 'POST', '/driver/status', { token: driver.token, body: { status: 'offline' } })).status,
      ).toBe(200);
      later(1);
      expect((await warmRead<DriverStats>(t.baseUrl, '/driver/stats', driver.token)).status).toBe(200);
      expect(
        (
          await api(t.baseUrl, 'POST', '/driver/status', {
            token: driver.token,
            body: { status: 'online', vehicle_id: driver.vehicleId },
          })
        ).status,
      ).toBe(200);
      const before = (await warmRead<DriverStats>(t.baseUrl, '/driver/stats', driver.token)).body.data
        .online_hours_today;
      later(30);
      expect(
        (await api<DriverStats>(t.baseUrl, 'GET', '/driver/stats', { token: driver.token })).body.data
          .online_hours_today,
      ).toBeCloseTo(before + 0.5, 2);
      expect(
        (await api(t.baseUrl, 'POST', '/driver/status', { token: driver.token, body: { status: 'offline' } })).status,
      ).toBe(200);
      later(30);
      expect(
        (await api<DriverStats>(t.baseUrl, 'GET', '/driver/stats', { token: driver.token })).body.data
          .online_hours_today,
      ).toBeCloseTo(before + 0.5, 2);
    });
  },
  { start: () => ({ app: { now: () => clock } }) },
);
