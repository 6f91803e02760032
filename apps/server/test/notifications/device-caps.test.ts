/**
 * How many push devices an account keeps, on PGlite and PostgreSQL: one per login session (a new
 * subscription from the same session replaces the previous one) and MAX_DEVICES_PER_USER per account (an
 * 11th replaces the least recently seen), without loosening who may move an endpoint.
 */
import { asc, eq, schema } from '@jala/db';
import { afterAll, beforeAll, expect } from 'vitest';

import { MAX_DEVICES_PER_USER } from '../../src/modules/notifications/subscriptions.repository';
import { passenger } from '../support/actors';
import { describeOnBackends } from '../support/backends';
import { api } from '../support/http';
import { pushesSettled, subscribeDevice } from '../support/push-actors';
import { startPushService, type TestPushService } from '../support/push-service';
import { openSessions, subscribeBehindBudget, subscribeEach } from './device-sessions';

let service: TestPushService;
beforeAll(async () => {
  service = await startPushService();
});
afterAll(async () => service.close());

describeOnBackends('push devices per account on %s', ({ t, maybe }) => {
  const devicesOf = (userId: number) =>
    t.app.database.db
      .select()
      .from(schema.pushSubscriptions)
      .where(eq(schema.pushSubscriptions.userId, userId))
      .orderBy(asc(schema.pushSubscriptions.id));
  const endpointsOf = async (userId: number) => (await devicesOf(userId)).map((row) => row.endpoint);

  maybe('a session holds one device: subscribing another browser from it replaces the first', async () => {
    const user = await passenger(t.baseUrl);
    const first = await subscribeDevice(t.baseUrl, user.token, service);
    const again = await subscribeDevice(t.baseUrl, user.token, service);
    expect(await endpointsOf(user.id)).toEqual([again.endpoint]);

    // Renewing the same endpoint (new keys from the browser) keeps one row too.
    const renewed = service.device();
    expect(
      (
        await api(t.baseUrl, 'POST', '/notifications/subscription', {
          token: user.token,
          body: { endpoint: again.endpoint, keys: renewed.keys },
        })
      ).status,
    ).toBe(201);
    expect(await devicesOf(user.id)).toMatchObject([{ endpoint: again.endpoint, p256dh: renewed.keys.p256dh }]);
    expect(first.received).toEqual([]);
  });

  maybe(
    `an account keeps ${MAX_DEVICES_PER_USER} devices: another replaces the least recently seen, and pushes reach only those kept`,
    async () => {
      const user = await passenger(t.baseUrl);
      const sessions = await openSessions(t.app, user.id, MAX_DEVICES_PER_USER + 2);
      // The first ten behind the route's budget (a few per hour), which the steps below spend over HTTP.
      const devices = sessions.slice(0, MAX_DEVICES_PER_USER).map(() => service.device());
      for (const [i, device] of devices.entries()) await subscribeBehindBudget(t.app, sessions[i]!, device);
      expect(await endpointsOf(user.id)).toEqual(devices.map((device) => device.endpoint));

      // The first device renews its subscription (a sign of life): the second is now the least recently seen.
      expect(
        (
          await api(t.baseUrl, 'POST', '/notifications/subscription', {
            token: sessions[0]!.token,
            body: { endpoint: devices[0]!.endpoint, keys: devices[0]!.keys },
          })
        ).status,
      ).toBe(201);
      const [eleventh] = await subscribeEach(t.baseUrl, [sessions[MAX_DEVICES_PER_USER]!], service);
      const kept = [devices[0]!, ...devices.slice(2), eleventh!];
      expect((await endpointsOf(user.id)).sort()).toEqual(kept.map((device) => device.endpoint).sort());

      // A push accepted by a device is a sign of life too: after a test push to all, the next one replaces
      // the oldest of them (every device was seen at the same moment), not the newest.
      expect(
        (await api<{ devices: number }>(t.baseUrl, 'POST', '/notifications/test', { token: user.token })).body.data
          .devices,
      ).toBe(MAX_DEVICES_PER_USER);
      await pushesSettled(t.app);
      for (const device of kept) expect(device.received.map((payload) => payload.kind)).toEqual(['test']);
      expect(devices[1]!.received).toEqual([]);
      const [twelfth] = await subscribeEach(t.baseUrl, [sessions[MAX_DEVICES_PER_USER + 1]!], service);
      expect(await devicesOf(user.id)).toHaveLength(MAX_DEVICES_PER_USER);
      expect(await endpointsOf(user.id)).toContain(twelfth!.endpoint);
    },
  );

  maybe(
    'the caps leave ownership as it was: a refused takeover changes nothing, a shared phone moves with its keys',
    async () => {
      const owner = await passenger(t.baseUrl);
      const stranger = await passenger(t.baseUrl);
      const ownersPhone = await subscribeDevice(t.baseUrl, owner.token, service);
      const strangersPhone = await subscribeDevice(t.baseUrl, stranger.token, service);

      // A takeover with other keys is a 409 and does not cost the stranger their own device (same session).
      const forged = await api(t.baseUrl, 'POST', '/notifications/subscription', {
        token: stranger.token,
        body: { endpoint: ownersPhone.endpoint, keys: service.device().keys },
      });
      expect(forged.status).toBe(409);
      expect(await endpointsOf(owner.id)).toEqual([ownersPhone.endpoint]);
      expect(await endpointsOf(stranger.id)).toEqual([strangersPhone.endpoint]);

      // The same browser (its keys) signed in to the stranger's account moves, replacing this session's device.
      const moved = await api(t.baseUrl, 'POST', '/notifications/subscription', {
        token: stranger.token,
        body: { endpoint: ownersPhone.endpoint, keys: ownersPhone.keys },
      });
      expect(moved.status).toBe(201);
      expect(await endpointsOf(owner.id)).toEqual([]);
      expect(await endpointsOf(stranger.id)).toEqual([ownersPhone.endpoint]);
    },
  );
});
