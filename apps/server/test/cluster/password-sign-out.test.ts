/**
 * A password change or reset on one node ends the account's other sessions on every node at once: their
 * tokens answer 401 on the other node (whose session cache held them) and their MQTT connections there close,
 * through the cluster bus logout and suspension use. The session that changed the password stays, on both.
 */
import { createPasswordReset } from '@jala/test-factories/database';
import { describe, expect, it } from 'vitest';

import { api, registerUser } from '../support/http';
import { connectMqtt, refused } from '../support/mqtt';
import { useTwoNodes } from '../support/two-nodes';

describe('password changes on two nodes', () => {
  const cluster = useTwoNodes();
  const profileStatus = async (base: string, token: string) =>
    (await api(base, 'GET', '/auth/profile', { token })).status;

  it('a change on A ends the other sessions on B, MQTT included; a reset on B ends the rest on A', async () => {
    const [onA, onB] = cluster.api as [string, string];
    const [wsA, wsB] = cluster.ws as [string, string];
    const user = await registerUser(onA);
    const login = await api<{ token: string }>(onB, 'POST', '/auth/login', {
      body: { email: user.user.email, password: user.password },
    });
    const mine = user.token;
    const other = login.body.data.token;
    // Both sessions are cached on both nodes, and connected over MQTT on the node that will not make the change.
    for (const base of [onA, onB])
      for (const token of [mine, other]) expect(await profileStatus(base, token)).toBe(200);
    const otherOnB = await connectMqtt(wsB, { userId: user.user.id, token: other });
    const mineOnB = await connectMqtt(wsB, { userId: user.user.id, token: mine });
    cluster.clients.push(otherOnB, mineOnB);
    const otherClosed = refused(otherOnB);

    const changed = await api(onA, 'PUT', '/auth/password', {
      token: mine,
      body: { current_password: user.password, password: 'cambiada-en-a-1', password_confirmation: 'cambiada-en-a-1' },
    });
    expect(changed.status).toBe(200);
    expect(await profileStatus(onB, other)).toBe(401);
    await otherClosed;
    expect(await profileStatus(onB, mine)).toBe(200);
    expect(mineOnB.connected).toBe(true);

    const mineOnA = await connectMqtt(wsA, { userId: user.user.id, token: mine });
    cluster.clients.push(mineOnA);
    const closedOnA = refused(mineOnA);
    const closedOnB = refused(mineOnB);
    const { token } = await createPasswordReset(cluster.nodes[0]!.database.db, user.user.id);
    const reset = await api(onB, 'POST', '/auth/password-reset/confirm', {
      body: { token, password: 'cambiada-en-b-1', password_confirmation: 'cambiada-en-b-1' },
    });
    expect(reset.status).toBe(200);
    expect(await profileStatus(onA, mine)).toBe(401);
    await Promise.all([closedOnA, closedOnB]);
  });
});
