/**
 * The live trips read model on a cluster: two nodes on one PostgreSQL and one Redis. Every write goes to
 * node A; the other party follows the trip on node B, whose answers were made warm (kept in B's memory)
 * before each write, and reads again as soon as B delivers the MQTT message of that write — as a phone
 * that refetches on the message does. B must answer the new state every time.
 */
import { beforeAll, describe, expect, it } from 'vitest';

import { driveToStage, onlineDriver, passenger, requestTrip } from '../support/actors';
import { api, readWarm } from '../support/http';
import { connectMqtt, nextMessage, subscribeQos } from '../support/mqtt';
import { useTwoNodes } from '../support/two-nodes';

type Trip = { id: number; status: string; driver: { id: number } | null; fare_adjustments: { status: string }[] };

describe('live trips read model across two nodes', () => {
  let apiA = '';
  let apiB = '';
  let wsB = '';

  const cluster = useTwoNodes();
  const { nodes, clients } = cluster;
  beforeAll(() => {
    [apiA, apiB] = cluster.api as [string, string];
    wsB = cluster.ws[1]!;
  });

  it('offer, withdrawal, accept, stage, fare adjustment and cancel written on one node are read on the other at the MQTT message', async () => {
    const db = nodes[0]!.database.db;
    const rider = await passenger(apiA);
    const driver = await onlineDriver(apiA, db);
    const other = await onlineDriver(apiA, db);
    const trip = await requestTrip(apiA, rider.token);
    const riderOnB = await connectMqtt(wsB, { userId: rider.id, token: rider.token });
    clients.push(riderOnB);
    expect(await subscribeQos(riderOnB, `trip_offers/${trip.id}`)).toBe(0);
    expect(await subscribeQos(riderOnB, `trip_status/${trip.id}`)).toBe(0);
    const offersPath = `/trips/${trip.id}/driver-offers`;

    // A new offer.
    expect((await readWarm<unknown[]>(apiB, offersPath, rider.token)).body.data).toEqual([]);
    let offerSeen = nextMessage(riderOnB, `trip_offers/${trip.id}`, 5000);
    expect(
      (await api(apiA, 'POST', '/driver/trips/accept', { token: driver.token, body: { trip_request_id: trip.id } }))
        .status,
    ).toBe(201);
    expect(await offerSeen).toMatchObject({ driver_id: driver.id });
    expect(
      (await api<{ driver_id: number }[]>(apiB, 'GET', offersPath, { token: rider.token })).body.data.map(
        (o) => o.driver_id,
      ),
    ).toEqual([driver.id]);

    // A withdrawn offer (the driver rejects after offering): no message, the next read on B leaves it out.
    offerSeen = nextMessage(riderOnB, `trip_offers/${trip.id}`, 5000);
    expect(
      (await api(apiA, 'POST', '/driver/trips/accept', { token: other.token, body: { trip_request_id: trip.id } }))
        .status,
    ).toBe(201);
    await offerSeen;
    expect((await readWarm<unknown[]>(apiB, offersPath, rider.token)).body.data).toHaveLength(2);
    expect(
      (
        await api(apiA, 'POST', '/driver/trip-requests/reject', {
          token: other.token,
          body: { trip_request_id: trip.id },
        })
      ).status,
    ).toBe(200);
    expect(
      (await api<{ driver_id: number }[]>(apiB, 'GET', offersPath, { token: rider.token })).body.data.map(
        (o) => o.driver_id,
      ),
    ).toEqual([driver.id]);

    // Accept, by the passenger on A: the driver follows on B; the passenger's own next read on B has it.
    const driverOnB = await connectMqtt(wsB, { userId: driver.id, token: driver.token });
    clients.push(driverOnB);
    expect(await subscribeQos(driverOnB, `trip_status/${trip.id}`)).toBe(0);
    expect((await readWarm(apiB, '/driver/trips/current', driver.token)).body.data).toBeNull();
    expect((await readWarm<Trip>(apiB, '/trips/active', rider.token)).body.data.status).toBe('pending');
    const acceptSeen = nextMessage(driverOnB, `trip_status/${trip.id}`, 5000);
    expect(
      (
        await api(apiA, 'POST', '/drivers/trips/accept', {
          token: rider.token,
          body: { trip_id: trip.id, driver_id: driver.id },
        })
      ).status,
    ).toBe(200);
    expect((await api<Trip>(apiB, 'GET', '/trips/active', { token: rider.token })).body.data).toMatchObject({
      status: 'accepted',
      driver: { id: driver.id },
    });
    expect(await acceptSeen).toMatchObject({ status: 'accepted' });
    expect(
      (await api<{ trip_status: string }>(apiB, 'GET', '/driver/trips/current', { token: driver.token })).body.data
        .trip_status,
    ).toBe('accepted');

    // A stage, by the driver on A.
    expect((await readWarm<Trip>(apiB, '/trips/active', rider.token)).body.data.status).toBe('accepted');
    const stageSeen = nextMessage(riderOnB, `trip_status/${trip.id}`, 5000);
    await driveToStage(apiA, { passenger: rider.token, driver: driver.token }, trip.id, 'en_route');
    expect(await stageSeen).toMatchObject({ status: 'en_route' });
    expect((await api<Trip>(apiB, 'GET', '/trips/active', { token: rider.token })).body.data.status).toBe('en_route');

    // A fare adjustment, asked on A.
    expect((await readWarm<Trip>(apiB, '/trips/active', rider.token)).body.data.fare_adjustments).toEqual([]);
    const fareSeen = nextMessage(riderOnB, `trip_status/${trip.id}`, 5000);
    expect(
      (
        await api(apiA, 'POST', `/driver/trips/${trip.id}/fare-adjustments`, {
          token: driver.token,
          body: { amount: 4, reason: 'tolls' },
        })
      ).status,
    ).toBe(201);
    expect(await fareSeen).toMatchObject({ fare_adjustment: { status: 'pending' } });
    expect(
      (await api<Trip>(apiB, 'GET', '/trips/active', { token: rider.token })).body.data.fare_adjustments.map(
        (a) => a.status,
      ),
    ).toEqual(['pending']);

    // Cancel, by the driver on A.
    const cancelSeen = nextMessage(riderOnB, `trip_status/${trip.id}`, 5000);
    const cancel = await api(apiA, 'PUT', `/driver/trips/${trip.id}/status`, {
      token: driver.token,
      body: { status: 'cancelled_by_driver', reason: 'Llanta baja' },
    });
    expect(cancel.status).toBe(200);
    expect(await cancelSeen).toMatchObject({ status: 'cancelled_by_driver' });
    expect((await api(apiB, 'GET', '/trips/active', { token: rider.token })).body.data).toBeNull();
    expect((await api(apiB, 'GET', '/driver/trips/current', { token: driver.token })).body.data).toBeNull();
  });
});
