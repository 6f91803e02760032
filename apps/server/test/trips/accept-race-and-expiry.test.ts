import { topics } from '@jala/contracts';
import { describe, expect, it } from 'vitest';

import { onlineDriver, passenger, requestTrip } from '../support/actors';
import { describeOnBackends } from '../support/backends';
import { api } from '../support/http';
import { connectMqtt, nextMessage, subscribeQos } from '../support/mqtt';
import { useTestApp } from '../support/use-test-app';

describeOnBackends('accept is atomic on %s', ({ t, maybe }) => {
  maybe('of many concurrent accepts for one trip exactly one wins', async () => {
    const p = await passenger(t.baseUrl);
    const trip = await requestTrip(t.baseUrl, p.token);
    const drivers = await Promise.all(Array.from({ length: 6 }, () => onlineDriver(t.baseUrl, t.app.database.db)));
    for (const d of drivers)
      await api(t.baseUrl, 'POST', '/driver/trips/accept', { token: d.token, body: { trip_request_id: trip.id } });
    const results = await Promise.all(
      drivers.map((d) =>
        api(t.baseUrl, 'POST', '/drivers/trips/accept', {
          token: p.token,
          body: { trip_id: trip.id, driver_id: d.id },
        }),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(5);
    const active = await api<{ driver: { id: number } }>(t.baseUrl, 'GET', '/trips/active', { token: p.token });
    const winner = drivers[results.findIndex((r) => r.status === 200)];
    expect(active.body.data.driver.id).toBe(winner?.id);
  });

  maybe('one driver accepted on two trips at once ends up on exactly one', async () => {
    const d = await onlineDriver(t.baseUrl, t.app.database.db);
    const passengers = await Promise.all(Array.from({ length: 4 }, () => passenger(t.baseUrl)));
    const trips = [];
    for (const p of passengers) {
      const trip = await requestTrip(t.baseUrl, p.token);
      expect(
        (await api(t.baseUrl, 'POST', '/driver/trips/accept', { token: d.token, body: { trip_request_id: trip.id } }))
          .status,
      ).toBe(201);
      trips.push({ p, trip });
    }
    const results = await Promise.all(
      trips.map(({ p, trip }) =>
        api(t.baseUrl, 'POST', '/drivers/trips/accept', {
          token: p.token,
          body: { trip_id: trip.id, driver_id: d.id },
        }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(3);
    for (const r of results.filter((x) => x.status === 409)) expect(r.body.message).toMatch(/conductor|viaje/i);
    // The losers' trips are still pending and can take another driver.
    const loser = trips[results.findIndex((r) => r.status === 409)]!;
    expect(
      (await api<{ status: string }>(t.baseUrl, 'GET', '/trips/active', { token: loser.p.token })).body.data.status,
    ).toBe('pending');
  });
});

describe('pending trips expire', () => {
  let now = new Date('2026-06-01T15:00:00Z');
  const t = useTestApp('pglite', () => ({ config: { tripExpiryMinutes: 10 }, app: { now: () => now } }));

  it('moves an unanswered trip to cancelled_by_system after the configured time and announces it (retained)', async () => {
    const p = await passenger(t.baseUrl);
    const trip = await requestTrip(t.baseUrl, p.token);
    now = new Date(now.getTime() + 9 * 60_000);
    expect(await t.app.services.trips.requests.expirePending()).toBe(0);
    now = new Date(now.getTime() + 2 * 60_000);
    expect(await t.app.services.trips.requests.expirePending()).toBe(1);
    expect((await api(t.baseUrl, 'GET', '/trips/active', { token: p.token })).body.data).toBeNull();
    // A client that connects afterwards still learns the outcome (retained message).
    const mqtt = await connectMqtt(t.wsUrl, { userId: p.id, token: p.token });
    const message = nextMessage(mqtt, topics.tripStatus(trip.id));
    expect(await subscribeQos(mqtt, topics.tripStatus(trip.id))).toBe(0);
    expect(await message).toMatchObject({ trip_id: trip.id, status: 'cancelled_by_system' });
    mqtt.end(true);
    const d = await onlineDriver(t.baseUrl, t.app.database.db);
    expect(
      (await api(t.baseUrl, 'POST', '/driver/trips/accept', { token: d.token, body: { trip_request_id: trip.id } }))
        .status,
    ).toBe(404);
  });
});
