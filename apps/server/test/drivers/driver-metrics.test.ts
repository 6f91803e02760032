import { type Database, schema } from '@jala/db';
import { createCompletedTrip, createTrip, createUser } from '@jala/test-factories/database';
import { beforeEach, expect } from 'vitest';

import { describeOnBackends } from '../support/backends';
import { api } from '../support/http';
import { driverWithVehicle, signUpDriver } from './driver-test-kit';

// 10:00 in Lima on Tuesday 2026-03-10; Lima's day began at 2026-03-10T05:00Z.
const NOW = new Date('2026-03-10T15:00:00Z');
const at = (iso: string) => new Date(iso);

interface Stats {
  today_earnings: number;
  today_trips: number;
  online_hours_today: number;
  acceptance_rate: number | null;
  completion_rate: number | null;
}
interface Summary {
  total_earnings: number;
  total_trips: number;
  today_earnings: number;
  last_week_earnings: number;
}

/** A trip the driver acted on (offer or rejection) at `when`; the trip itself is long over so no index blocks it. */
async function requestActedOn(
  db: Database,
  driverId: number,
  vehicleId: number,
  passengerId: number,
  when: Date,
  action: 'offer' | 'reject' | 'both',
) {
  const trip = await createTrip(db, { passengerId, status: 'cancelled_by_system', createdAt: when, cancelledAt: when });
  if (action !== 'reject')
    await db
      .insert(schema.tripOffers)
      .values({ tripId: trip.id, driverId, vehicleId, priceCents: 1500, createdAt: when });
  if (action !== 'offer')
    await db.insert(schema.tripRejections).values({ tripId: trip.id, driverId, reason: 'lejos', createdAt: when });
}

let clock = NOW;

describeOnBackends(
  'driver stats and earnings on %s',
  ({ t, maybe }) => {
    beforeEach(() => {
      clock = NOW;
    });

    maybe('reports zeros and no rates for a driver without history', async () => {
      const driver = await signUpDriver(t.baseUrl);
      expect((await api<Stats>(t.baseUrl, 'GET', '/driver/stats', { token: driver.token })).body.data).toEqual({
        today_earnings: 0,
        today_trips: 0,
        online_hours_today: 0,
        acceptance_rate: null,
        completion_rate: null,
      });
      expect(
        (await api<Summary>(t.baseUrl, 'GET', '/driver/earnings/summary', { token: driver.token })).body.data,
      ).toEqual({
        total_earnings: 0,
        platform_fees: 0,
        net_earnings: 0,
        total_trips: 0,
        today_earnings: 0,
        last_week_earnings: 0,
        by_method: { cash: 0, yape: 0, plin: 0 },
        unconfirmed: { earnings: 0, trips: 0 },
        in_review: { earnings: 0, trips: 0 },
      });
      const records = await api<Array<{ date: string; earnings: number }>>(
        t.baseUrl,
        'GET',
        '/driver/earnings/records',
        { token: driver.token },
      );
      expect(records.body.data).toHaveLength(30);
      expect(records.body.data.every((r) => r.earnings === 0)).toBe(true);
    });

    maybe('computes earnings by Lima calendar day, across UTC day boundaries', async () => {
      const db = t.app.database.db;
      const driver = await driverWithVehicle(t.baseUrl);
      const other = await driverWithVehicle(t.baseUrl);
      const passenger = await createUser(db);
      const trip = (fareCents: number, iso: string, driverId = driver.id) =>
        createCompletedTrip(db, { passengerId: passenger.id, driverId, fareCents, completedAt: at(iso) });
      await trip(1500, '2026-03-10T04:30:00Z'); // 23:30 on 2026-03-09 in Lima: yesterday
      await trip(2000, '2026-03-10T05:30:00Z'); // 00:30 today in Lima
      await trip(1250, '2026-03-10T14:00:00Z'); // 09:00 today
      await trip(1000, '2026-03-04T06:00:00Z'); // 01:00 on 03-04: first day of the last 7
      await trip(700, '2026-03-04T04:00:00Z'); // 23:00 on 03-03: outside the last 7 days
      await trip(3000, '2026-02-01T12:00:00Z'); // outside the 30-day chart, still in the total
      await trip(9999, '2026-03-10T14:30:00Z', other.id); // someone else's money
      // Not completed: never earnings.
      await createTrip(db, {
        passengerId: passenger.id,
        driverId: driver.id,
        status: 'cancelled_by_passenger',
        cancelledAt: at('2026-03-10T13:00:00Z'),
        finalFareCents: 800,
      });

      const summary = await api<Summary>(t.baseUrl, 'GET', '/driver/earnings/summary', { token: driver.token });
      expect(summary.status).toBe(200);
      expect(summary.body.data).toEqual({
        total_earnings: 94.5,
        // No PLATFORM_FEE_PERCENT here: gross and net are the same.
        platform_fees: 0,
        net_earnings: 94.5,
        total_trips: 6,
        today_earnings: 32.5,
        last_week_earnings: 57.5,
        by_method: { cash: 94.5, yape: 0, plin: 0 },
        unconfirmed: { earnings: 0, trips: 0 },
        in_review: { earnings: 0, trips: 0 },
      });

      const records = await api<Array<{ date: string; earnings: number }>>(
        t.baseUrl,
        'GET',
        '/driver/earnings/records',
        { token: driver.token },
      );
      expect(records.body.data).toHaveLength(30);
      expect(records.body.data[0]?.date).toBe('2026-02-09');
      expect(records.body.data.at(-1)).toEqual({ date: '2026-03-10', earnings: 32.5 });
      const byDate = Object.fromEntries(records.body.data.map((r) => [r.date, r.earnings]));
      expect(byDate).toMatchObject({ '2026-03-09': 15, '2026-03-04': 10, '2026-03-03': 7 });
      expect(records.body.data.filter((r) => r.earnings > 0)).toHaveLength(4);

      const stats = await api<Stats>(t.baseUrl, 'GET', '/driver/stats', { token: driver.token });
      expect(stats.body.data).toMatchObject({ today_earnings: 32.5, today_trips: 2 });

      // Just before Lima's midnight the 00:30 trip is "today"; one minute after, it is yesterday's.
      clock = at('2026-03-11T04:59:00Z');
      expect(
        (await api<Stats>(t.baseUrl, 'GET', '/driver/stats', { token: driver.token })).body.data.today_earnings,
      ).toBe(32.5);
      clock = at('2026-03-11T05:01:00Z');
      expect(
        (await api<Stats>(t.baseUrl, 'GET', '/driver/stats', { token: driver.token })).body.data.today_earnings,
      ).toBe(0);
      const nextDay = await api<Array<{ date: string; earnings: number }>>(
        t.baseUrl,
        'GET',
        '/driver/earnings/records',
        { token: driver.token },
      );
      expect(nextDay.body.data.at(-2)).toEqual({ date: '2026-03-10', earnings: 32.5 });
      expect(nextDay.body.data.at(-1)).toEqual({ date: '2026-03-11', earnings: 0 });
    });

    maybe(
      'computes acceptance over requests acted on, and completion over trips completed or dropped, in 30 days',
      async () => {
        const db = t.app.database.db;
        const driver = await driverWithVehicle(t.baseUrl);
        const passenger = await createUser(db);
        const recent = at('2026-03-05T12:00:00Z');
        const old = at('2026-02-01T12:00:00Z'); // more than 30 days before NOW
        await requestActedOn(db, driver.id, driver.vehicleId, passenger.id, recent, 'offer');
        await requestActedOn(db, driver.id, driver.vehicleId, passenger.id, recent, 'offer');
        await requestActedOn(db, driver.id, driver.vehicleId, passenger.id, recent, 'both'); // counts once, as offered
        await requestActedOn(db, driver.id, driver.vehicleId, passenger.id, recent, 'reject');
        await requestActedOn(db, driver.id, driver.vehicleId, passenger.id, old, 'reject'); // outside the window
        // Outcomes: 2 completed + 1 dropped by the driver in the window; passenger cancellations do not count.
        await createCompletedTrip(db, {
          passengerId: passenger.id,
          driverId: driver.id,
          fareCents: 1000,
          completedAt: at('2026-03-01T12:00:00Z'),
        });
        await createCompletedTrip(db, {
          passengerId: passenger.id,
          driverId: driver.id,
          fareCents: 1000,
          completedAt: at('2026-03-08T12:00:00Z'),
        });
        await createCompletedTrip(db, {
          passengerId: passenger.id,
          driverId: driver.id,
          fareCents: 1000,
          completedAt: old,
        });
        await createTrip(db, {
          passengerId: passenger.id,
          driverId: driver.id,
          status: 'cancelled_by_driver',
          cancelledAt: at('2026-03-09T12:00:00Z'),
        });
        await createTrip(db, {
          passengerId: passenger.id,
          driverId: driver.id,
          status: 'cancelled_by_driver',
          cancelledAt: old,
        });
        await createTrip(db, {
          passengerId: passenger.id,
          driverId: driver.id,
          status: 'cancelled_by_passenger',
          cancelledAt: at('2026-03-09T13:00:00Z'),
        });

        const stats = await api<Stats>(t.baseUrl, 'GET', '/driver/stats', { token: driver.token });
        expect(stats.body.data.acceptance_rate).toBe(75); // 3 offered of 4 acted on
        expect(stats.body.data.completion_rate).toBe(66.7); // 2 of 3

        // 31 days later everything has left the window.
        clock = at('2026-04-10T15:00:00Z');
        const later = await api<Stats>(t.baseUrl, 'GET', '/driver/stats', { token: driver.token });
        expect(later.body.data).toMatchObject({ acceptance_rate: null, completion_rate: null });
      },
    );

    maybe(
      "counts online hours from the status log, clipped to Lima's today, with an open interval up to now",
      async () => {
        const db = t.app.database.db;
        const driver = await driverWithVehicle(t.baseUrl);
        const log = (status: 'online' | 'offline', iso: string) =>
          db
            .insert(schema.driverStatusLog)
            .values({ driverId: driver.id, status, vehicleId: driver.vehicleId, changedAt: at(iso) });
        await log('online', '2026-03-09T22:00:00Z'); // online since yesterday 17:00 Lima …
        await log('offline', '2026-03-10T06:00:00Z'); // … until 01:00 today: 1 h counts today
        await log('online', '2026-03-10T12:00:00Z'); // still online at 10:00 Lima (15:00Z): 3 h
        const stats = await api<Stats>(t.baseUrl, 'GET', '/driver/stats', { token: driver.token });
        expect(stats.body.data.online_hours_today).toBe(4);
        clock = at('2026-03-10T15:45:00Z');
        expect(
          (await api<Stats>(t.baseUrl, 'GET', '/driver/stats', { token: driver.token })).body.data.online_hours_today,
        ).toBe(4.75);
      },
    );

    maybe('counts online hours of changes made through POST /driver/status', async () => {
      const driver = await driverWithVehicle(t.baseUrl);
      await api(t.baseUrl, 'POST', '/driver/status', {
        token: driver.token,
        body: { status: 'online', vehicle_id: driver.vehicleId },
      });
      clock = at('2026-03-10T16:30:00Z');
      expect(
        (await api<Stats>(t.baseUrl, 'GET', '/driver/stats', { token: driver.token })).body.data.online_hours_today,
      ).toBe(1.5);
      await api(t.baseUrl, 'POST', '/driver/status', { token: driver.token, body: { status: 'offline' } });
      clock = at('2026-03-10T18:00:00Z');
      expect(
        (await api<Stats>(t.baseUrl, 'GET', '/driver/stats', { token: driver.token })).body.data.online_hours_today,
      ).toBe(1.5);
      // Past Lima midnight the previous day no longer counts.
      clock = at('2026-03-11T06:00:00Z');
      expect(
        (await api<Stats>(t.baseUrl, 'GET', '/driver/stats', { token: driver.token })).body.data.online_hours_today,
      ).toBe(0);
    });
  },
  { start: () => ({ app: { now: () => clock } }) },
);
