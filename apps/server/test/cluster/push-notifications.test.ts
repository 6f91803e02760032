/**
 * Web Push on two nodes sharing PostgreSQL and Redis: both booted at once and agree on one VAPID key pair;
 * each event is pushed once, by the node that wrote it, whichever node the recipient subscribed or is
 * connected to; "on screen" reported to one node keeps the other from pushing.
 */
import { eq, schema } from '@jala/db';
import { createDriver } from '@jala/test-factories/database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { login, requestTrip } from '../support/actors';
import { api, registerUser } from '../support/http';
import { pushesSettled, subscribeDevice, titles } from '../support/push-actors';
import { startPushService, type TestPushService } from '../support/push-service';
import { useTwoNodes } from '../support/two-nodes';

describe('push notifications on two nodes', () => {
  const cluster = useTwoNodes();
  const { nodes, api: bases } = cluster;
  let service: TestPushService;
  beforeAll(async () => {
    service = await startPushService();
  });
  afterAll(async () => service.close());
  const settled = () => pushesSettled(...nodes);

  it('both nodes hand out the one key pair stored in the database, and sign with it', async () => {
    const { token } = await registerUser(bases[0]!);
    const keys = await Promise.all(
      bases.map(
        async (base) =>
          (await api<{ public_key: string }>(base, 'GET', '/notifications/config', { token })).body.data.public_key,
      ),
    );
    expect(keys[0]).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(keys[1]).toBe(keys[0]);
    const [row] = await nodes[0]!.database.db
      .select()
      .from(schema.clusterState)
      .where(eq(schema.clusterState.name, 'vapid_keys'));
    expect(JSON.parse(row!.value)).toMatchObject({ publicKey: keys[0] });

    const device = await subscribeDevice(bases[0]!, token, service);
    await api(bases[1]!, 'POST', '/notifications/test', { token });
    await settled();
    expect(device.signers).toEqual([keys[0]]);
  });

  it('each event is pushed once, and "on screen" told to one node holds back the other', async () => {
    const p = await registerUser(bases[0]!, { user_type: 'passenger' });
    const { user } = await createDriver(nodes[0]!.database.db);
    const driverToken = (await login(bases[1]!, user.email)).token;
    const passengerDevice = await subscribeDevice(bases[0]!, p.token, service);
    const driverDevice = await subscribeDevice(bases[1]!, driverToken, service);

    // Published on node A: the driver, subscribed through node B, hears it once.
    const trip = await requestTrip(bases[0]!, p.token);
    expect((await api(bases[0]!, 'POST', `/trips/${trip.id}/publish`, { token: p.token })).status).toBe(200);
    await settled();
    expect(titles(driverDevice)).toEqual(['Nueva solicitud en Miraflores']);

    // The passenger's app is on screen (told to node A): the offer made on node B is not pushed.
    await api(bases[0]!, 'PUT', '/notifications/presence', { token: p.token, body: { visible: true } });
    expect(
      (await api(bases[1]!, 'POST', '/driver/trips/accept', { token: driverToken, body: { trip_request_id: trip.id } }))
        .status,
    ).toBe(201);
    await settled();
    expect(passengerDevice.received).toEqual([]);

    // Off screen again (told to node B): the accept on node A reaches the driver once, the passenger nothing.
    await api(bases[1]!, 'PUT', '/notifications/presence', { token: p.token, body: { visible: false } });
    expect(
      (
        await api(bases[0]!, 'POST', '/drivers/trips/accept', {
          token: p.token,
          body: { trip_id: trip.id, driver_id: user.id },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await api(bases[1]!, 'PUT', `/driver/trips/${trip.id}/status`, {
          token: driverToken,
          body: { status: 'en_route' },
        })
      ).status,
    ).toBe(200);
    await settled();
    expect(titles(driverDevice)).toEqual(['Nueva solicitud en Miraflores', '¡El pasajero te eligió!']);
    expect(titles(passengerDevice)).toEqual(['Tu conductor está en camino']);
    expect(service.rejections).toEqual([]);
  });
});
