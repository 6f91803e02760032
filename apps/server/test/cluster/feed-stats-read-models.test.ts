/**
 * The request feed and stats read models on a cluster: two nodes on one PostgreSQL and one Redis. Writes go
 * to node A; the reads on node B were made warm (kept in B's memory) before each write, and must answer the
 * new state right after it.
 */
import { beforeAll, describe, expect, it } from 'vitest';

import { driveToStage, KENNEDY, onlineDriver, passenger, requestTrip } from '../support/actors';
import { api, readWarm } from '../support/http';
import { useTwoNodes } from '../support/two-nodes';

const feedPath = `/driver/trip-requests?latitude=${KENNEDY.latitude}&longitude=${KENNEDY.longitude}`;

describe('request feed and stats read models across two nodes', () => {
  let apiA = '';
  let apiB = '';

  const cluster = useTwoNodes();
  const { nodes } = cluster;
  beforeAll(() => {
    [apiA, apiB] = cluster.api as [string, string];
  });

  it("a request created on one node is listed on the other, and a completion there changes both users' stats", async () => {
    const db = nodes[0]!.database.db;
    const rider = await passenger(apiA);
    const driver = await onlineDriver(apiA, db);

    expect((await readWarm<{ id: number }[]>(apiB, feedPath, driver.token)).status).toBe(200);
    const trip = await requestTrip(apiA, rider.token);
    expect(
      (await api<{ id: number }[]>(apiB, 'GET', feedPath, { token: driver.token })).body.data.map((r) => r.id),
    ).toContain(trip.id);

    expect(
      (await api(apiA, 'POST', '/driver/trips/accept', { token: driver.token, body: { trip_request_id: trip.id } }))
        .status,
    ).toBe(201);
    expect(
      (
        await api(apiA, 'POST', '/drivers/trips/accept', {
          token: rider.token,
          body: { trip_id: trip.id, driver_id: driver.id },
        })
      ).status,
    ).toBe(200);
    await driveToStage(apiA, { passenger: rider.token, driver: driver.token }, trip.id, 'in_progress');
    expect((await readWarm<{ total_trips: number }>(apiB, '/passenger/stats', rider.token)).body.data.total_trips).toBe(
      0,
    );
    expect((await readWarm<{ today_trips: number }>(apiB, '/driver/stats', driver.token)).body.data.today_trips).toBe(
      0,
    );
    const done = await api(apiA, 'POST', '/driver/trips/complete', {
      token: driver.token,
      body: { trip_id: trip.id, final_latitude: KENNEDY.latitude, final_longitude: KENNEDY.longitude },
    });
    expect(done.status).toBe(200);
    expect(
      (await api<{ total_trips: number }>(apiB, 'GET', '/passenger/stats', { token: rider.token })).body.data
        .total_trips,
    ).toBe(1);
    expect(
      (await api<{ today_trips: number }>(apiB, 'GET', '/driver/stats', { token: driver.token })).body.data.today_trips,
    ).toBe(1);

    // Going offline on A: B's kept status and feed follow.
    expect(
      (await readWarm<{ driver_status: string }>(apiB, '/driver/status', driver.token)).body.data.driver_status,
    ).toBe('online');
    expect(
      (await api(apiA, 'POST', '/driver/status', { token: driver.token, body: { status: 'offline' } })).status,
    ).toBe(200);
    expect(
      (await api<{ driver_status: string }>(apiB, 'GET', '/driver/status', { token: driver.token })).body.data
        .driver_status,
    ).toBe('offline');
    expect((await api(apiB, 'GET', feedPath, { token: driver.token })).status).toBe(409);
  });
});
