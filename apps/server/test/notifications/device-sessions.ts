/**
 * Many signed-in devices for the push tests: an account holds one push device per session, so ten devices
 * need ten sessions. Sessions are opened the way AuthService does after the password check (a `sessions`
 * row and a token signed with the app's secret), skipping argon2: a thousand logins would spend the test
 * hashing. The app then checks each token on its real paths.
 */
import { randomUUID } from 'node:crypto';

import { schema } from '@jala/db';
import { expect } from 'vitest';

import type { App } from '../../src/app';
import { TokenService } from '../../src/modules/auth/token.service';
import { api } from '../support/http';
import type { PushDevice, TestPushService } from '../support/push-service';

export interface OpenSession {
  userId: number;
  sessionId: string;
  token: string;
}

export async function openSessions(app: App, userId: number, count: number): Promise<OpenSession[]> {
  const tokens = new TokenService(app.config.tokenSecret, app.config.tokenTtlSeconds);
  const rows = Array.from({ length: count }, () => ({
    id: randomUUID(),
    userId,
    expiresAt: new Date(Date.now() + app.config.tokenTtlSeconds * 1000),
  }));
  await app.database.db.insert(schema.sessions).values(rows);
  return Promise.all(
    rows.map(async (row) => ({ userId, sessionId: row.id, token: await tokens.sign({ userId, sessionId: row.id }) })),
  );
}

/** Subscribes a fresh device of `service` from each session over HTTP, `concurrency` requests at a time. */
export async function subscribeEach(
  baseUrl: string,
  sessions: readonly OpenSession[],
  service: TestPushService,
  concurrency = 20,
): Promise<PushDevice[]> {
  const devices: PushDevice[] = [];
  for (let i = 0; i < sessions.length; i += concurrency) {
    devices.push(
      ...(await Promise.all(
        sessions.slice(i, i + concurrency).map(async ({ token }) => {
          const device = service.device();
          const res = await api(baseUrl, 'POST', '/notifications/subscription', {
            token,
            body: { endpoint: device.endpoint, keys: device.keys },
          });
          expect(res.status, JSON.stringify(res.body)).toBe(201);
          return device;
        }),
      )),
    );
  }
  return devices;
}

/**
 * What POST /notifications/subscription runs once its route budget (budgets/budget-table.ts: a few per hour)
 * let the request through: the data-level caps must hold on their own, since a budget resets every window
 * and a cluster whose Redis is down counts it per node.
 */
export function subscribeBehindBudget(app: App, session: OpenSession, device: PushDevice): Promise<void> {
  return app.services.push.settings.subscribe(
    { id: session.userId, sessionId: session.sessionId, userType: 'passenger', isAdmin: false },
    { endpoint: device.endpoint, keys: device.keys },
  );
}
