/**
 * Push abuse, on PGlite and PostgreSQL: one account registering thousands of devices (concurrently, from
 * many sessions, over HTTP and behind the route's budget) keeps at most MAX_DEVICES_PER_USER, and a fan-out to 1,000 devices across accounts plus
 * that account's own devices is delivered in full while the node keeps answering. Only outcomes are
 * asserted here (rows, deliveries, answers); the event loop's delay during a fan-out is measured by
 * `npm run bench -- push`, never by a timed test.
 */
import { eq, schema } from '@jala/db';
import { createUser } from '@jala/test-factories/database';
import { afterAll, beforeAll, expect } from 'vitest';

import { MAX_DEVICES_PER_USER } from '../../src/modules/notifications/subscriptions.repository';
import { openSessions, subscribeBehindBudget, subscribeEach } from '../notifications/device-sessions';
import { tripInProgress } from '../support/actors';
import { describeOnBackends } from '../support/backends';
import { api } from '../support/http';
import { pushesSettled } from '../support/push-actors';
import { type PushDevice, startPushService, type TestPushService } from '../support/push-service';

const ATTEMPTS = 2_000;
/** More sessions than the cap, so the per-account cap (not one-per-session) is what stops the flood. */
const SESSIONS = 40;
const ATTEMPTS_AT_ONCE = 50;
/** The first attempts go over HTTP, where the route's budget answers most of them. */
const HTTP_ATTEMPTS = 100;
const OPERATORS = 100;

let service: TestPushService;
beforeAll(async () => {
  service = await startPushService();
});
afterAll(async () => service.close());

describeOnBackends('push abuse on %s', ({ t, maybe }) => {
  const devicesOf = (userId: number) =>
    t.app.database.db.select().from(schema.pushSubscriptions).where(eq(schema.pushSubscriptions.userId, userId));
  const kinds = (device: PushDevice) => device.received.map((payload) => payload.kind);
  /** The abusive account of the first test, with the devices it was left with (for the second). */
  let flooder: { id: number; token: string; kept: PushDevice[] } | undefined;

  maybe(
    `${ATTEMPTS.toLocaleString('en-US')} subscription attempts by one account, ${ATTEMPTS_AT_ONCE} at a time from ${SESSIONS} sessions, leave ${MAX_DEVICES_PER_USER} devices`,
    async () => {
      const user = await createUser(t.app.database.db);
      const sessions = await openSessions(t.app, user.id, SESSIONS);
      const devices: PushDevice[] = [];
      const attempt = async (i: number, overHttp: boolean) => {
        const session = sessions[i % SESSIONS]!;
        const device = service.device();
        devices.push(device);
        if (!overHttp) return subscribeBehindBudget(t.app, session, device);
        const res = await api(t.baseUrl, 'POST', '/notifications/subscription', {
          token: session.token,
          body: { endpoint: device.endpoint, keys: device.keys },
        });
        // Accepted, or refused by the route's budget: never anything else.
        expect([201, 429], JSON.stringify(res.body)).toContain(res.status);
      };
      // Over HTTP first, as the abuser would; then the rest behind the route's budget, which resets every
      // window and is counted per node while a cluster's Redis is down: the data-level cap must hold alone.
      for (let i = 0; i < ATTEMPTS; i += ATTEMPTS_AT_ONCE) {
        await Promise.all(Array.from({ length: ATTEMPTS_AT_ONCE }, (_, j) => attempt(i + j, i < HTTP_ATTEMPTS)));
        // The cap holds at every moment, not only at the end.
        expect((await devicesOf(user.id)).length).toBeLessThanOrEqual(MAX_DEVICES_PER_USER);
      }
      const rows = await devicesOf(user.id);
      expect(rows).toHaveLength(MAX_DEVICES_PER_USER);
      expect(new Set(rows.map((row) => row.sessionId)).size).toBe(MAX_DEVICES_PER_USER);

      // "Probar notificación" reaches exactly the devices kept, once each; the 1,990 replaced get nothing.
      expect(
        (await api<{ devices: number }>(t.baseUrl, 'POST', '/notifications/test', { token: sessions[0]!.token })).body
          .data.devices,
      ).toBe(MAX_DEVICES_PER_USER);
      await pushesSettled(t.app);
      const stored = new Set(rows.map((row) => row.endpoint));
      const kept = devices.filter((device) => stored.has(device.endpoint));
      expect(kept).toHaveLength(MAX_DEVICES_PER_USER);
      for (const device of devices) expect(kinds(device)).toEqual(stored.has(device.endpoint) ? ['test'] : []);
      flooder = { id: user.id, token: sessions[0]!.token, kept };
    },
  );

  maybe(
    `an SOS to ${OPERATORS} operators × ${MAX_DEVICES_PER_USER} devices and the flooding account's test push are all delivered while /api/health answers`,
    async () => {
      if (!flooder) throw new Error('runs after the flood above');
      const operators = await Promise.all(
        Array.from({ length: OPERATORS }, () => createUser(t.app.database.db, { isAdmin: true })),
      );
      const sessions = (
        await Promise.all(operators.map((operator) => openSessions(t.app, operator.id, MAX_DEVICES_PER_USER)))
      ).flat();
      const operatorDevices = await subscribeEach(t.baseUrl, sessions, service);
      const { p } = await tripInProgress(t);
      await pushesSettled(t.app);

      const sos = api(t.baseUrl, 'POST', '/safety/sos', {
        token: p.token,
        body: { latitude: -12.1211, longitude: -77.0297 },
      });
      const test = api<{ devices: number }>(t.baseUrl, 'POST', '/notifications/test', { token: flooder.token });
      expect((await sos).status).toBe(201);
      expect((await test).body.data.devices).toBe(MAX_DEVICES_PER_USER);
      // Queued behind those requests, with 1,010 pushes on their way: the node still answers.
      const health = await Promise.all(
        Array.from({ length: 5 }, () => api<{ status: string }>(t.baseUrl, 'GET', '/health')),
      );
      for (const res of health) expect(res.status).toBe(200);
      await pushesSettled(t.app);

      for (const device of operatorDevices) expect(kinds(device)).toEqual(['sos']);
      for (const device of flooder.kept) expect(kinds(device)).toEqual(['test', 'test']);
      expect(service.rejections).toEqual([]);
    },
  );
});
