/**
 * The account's lifecycle on two nodes sharing PostgreSQL and Redis: a session ended on node A ('Sesiones
 * abiertas', one or the others), an account deleted on A, and a consent accepted on A are acted on by node B
 * at once: B's MQTT connections of those sessions close, B refuses their tokens even though it had them cached,
 * and B serves the new consent state.
 */
import type { User } from '@jala/contracts';
import { eq, schema } from '@jala/db';
import type { MqttClient } from 'mqtt';
import { beforeAll, describe, expect, it } from 'vitest';

import { sessionIdOf } from '../account/account-kit';
import { api, registerUser } from '../support/http';
import { connectMqtt } from '../support/mqtt';
import { useTwoNodes } from '../support/two-nodes';

const closedOf = (client: MqttClient) => new Promise<void>((resolve) => client.once('close', () => resolve()));

describe('account lifecycle on two nodes', () => {
  const cluster = useTwoNodes();
  let onA = '';
  let onB = '';
  beforeAll(() => {
    [onA, onB] = cluster.api as [string, string];
  });
  const profile = (base: string, token: string) => api<User>(base, 'GET', '/auth/profile', { token });

  /** A second session of `account`, opened, cached and connected over MQTT on node B. */
  async function phoneOnB(account: { user: { id: number; email: string }; password: string }) {
    const signedIn = await api<{ token: string }>(onB, 'POST', '/auth/login', {
      body: { email: account.user.email, password: account.password },
    });
    const token = signedIn.body.data.token;
    expect((await profile(onB, token)).status).toBe(200);
    const link = await connectMqtt(cluster.ws[1]!, { userId: account.user.id, token });
    cluster.clients.push(link);
    return { token, link, closed: closedOf(link) };
  }

  it("ends on B the session ended on A, MQTT included; 'Cerrar las demás sesiones' too", async () => {
    const account = await registerUser(onA);
    const first = await phoneOnB(account);
    const ended = await api(onA, 'DELETE', `/account/sessions/${sessionIdOf(first.token)}`, { token: account.token });
    expect(ended.status).toBe(200);
    await first.closed;
    expect((await profile(onB, first.token)).status).toBe(401);

    const second = await phoneOnB(account);
    const others = await api(onA, 'POST', '/account/sessions/end-others', { token: account.token, body: {} });
    expect(others.body.data).toEqual({ ended: 1 });
    await second.closed;
    expect((await profile(onB, second.token)).status).toBe(401);
    expect((await profile(onA, account.token)).status).toBe(200);
  });

  it('cuts off on B an account deleted on A', async () => {
    const account = await registerUser(onA);
    const phone = await phoneOnB(account);
    const deleted = await api(onA, 'DELETE', '/account', {
      token: account.token,
      body: { password: account.password },
    });
    expect(deleted.status).toBe(200);
    await phone.closed;
    expect((await profile(onB, phone.token)).status).toBe(401);
  });

  it('serves on B the consent just accepted on A', async () => {
    const account = await registerUser(onA);
    await cluster.nodes[0]!.database.db.update(schema.users)
      .set({ consentVersion: '2025-01-15' })
      .where(eq(schema.users.id, account.user.id));
    // A fresh sign-in reads the older version (the cached copies are of the version before this change).
    const signedIn = await api<{ token: string; user: User }>(onB, 'POST', '/auth/login', {
      body: { email: account.user.email, password: account.password },
    });
    expect(signedIn.body.data.user.consent_required).toBe(true);
    const accepted = await api<User>(onA, 'POST', '/account/consent', {
      token: account.token,
      body: { accept_terms: true },
    });
    expect(accepted.body.data.consent_required).toBe(false);
    expect((await profile(onB, signedIn.body.data.token)).body.data.consent_required).toBe(false);
  });
});
