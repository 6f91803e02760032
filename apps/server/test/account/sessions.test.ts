/**
 * 'Sesiones abiertas' on both databases: each session with its device and times, this one marked; ending one
 * or all the others answers 401 to their tokens at once and closes their MQTT connections; another account's
 * session is a 404 and stays open; last-seen times are written in the background, at most once per window.
 */
import type { AccountSession, EndedSessions } from '@jala/contracts';
import { eq, schema } from '@jala/db';
import { createUser } from '@jala/test-factories/database';
import type { MqttClient } from 'mqtt';
import { expect } from 'vitest';

import { describeOnBackends } from '../support/backends';
import { api } from '../support/http';
import { connectMqtt } from '../support/mqtt';
import { PHONES, sessionRow, signInFrom } from './account-kit';

const closedOf = (client: MqttClient) => new Promise<void>((resolve) => client.once('close', () => resolve()));

describeOnBackends('open sessions on %s', ({ t, maybe }) => {
  const sessionsOf = (token: string) => api<AccountSession[]>(t.baseUrl, 'GET', '/account/sessions', { token });
  const profileStatus = async (token: string) => (await api(t.baseUrl, 'GET', '/auth/profile', { token })).status;

  maybe('lists each device with its times, this one first and marked', async () => {
    const user = await createUser(t.app.database.db);
    const android = await signInFrom(t.baseUrl, user.email, PHONES.android);
    const iphone = await signInFrom(t.baseUrl, user.email, PHONES.iphone);

    const listed = await sessionsOf(iphone.token);
    expect(listed.status).toBe(200);
    expect(listed.body.data).toEqual([
      {
        id: iphone.sessionId,
        device: 'Safari en iPhone',
        created_at: expect.any(String),
        last_seen_at: expect.any(String),
        is_current: true,
      },
      expect.objectContaining({ id: android.sessionId, device: 'Chrome en Android', is_current: false }),
    ]);
  });

  maybe("ending another phone's session: 401 there and its MQTT connection closed, now", async () => {
    const user = await createUser(t.app.database.db);
    const mine = await signInFrom(t.baseUrl, user.email, PHONES.android);
    const other = await signInFrom(t.baseUrl, user.email, PHONES.iphone);
    const otherLink = await connectMqtt(t.wsUrl, { userId: user.id, token: other.token });
    const closed = closedOf(otherLink);
    expect(await profileStatus(other.token)).toBe(200);

    const ended = await api(t.baseUrl, 'DELETE', `/account/sessions/${other.sessionId}`, { token: mine.token });
    expect(ended.status).toBe(200);
    expect(ended.body.message).toBe('Sesión cerrada');
    await closed;
    expect(await profileStatus(other.token)).toBe(401);
    await expect(connectMqtt(t.wsUrl, { userId: user.id, token: other.token })).rejects.toThrow();
    expect(await profileStatus(mine.token)).toBe(200);
    expect((await sessionsOf(mine.token)).body.data.map((s) => s.id)).toEqual([mine.sessionId]);
    // Ended once: a second try is a 404 like any id that is not an open session of the account.
    expect((await api(t.baseUrl, 'DELETE', `/account/sessions/${other.sessionId}`, { token: mine.token })).status).toBe(
      404,
    );
  });

  maybe("'Cerrar las demás sesiones' ends every other one and keeps this one", async () => {
    const user = await createUser(t.app.database.db);
    const mine = await signInFrom(t.baseUrl, user.email, PHONES.laptop);
    const phoneA = await signInFrom(t.baseUrl, user.email, PHONES.android);
    const phoneB = await signInFrom(t.baseUrl, user.email, PHONES.iphone);
    const links = await Promise.all(
      [phoneA, phoneB].map((phone) => connectMqtt(t.wsUrl, { userId: user.id, token: phone.token })),
    );
    const closed = Promise.all(links.map(closedOf));

    const ended = await api<EndedSessions>(t.baseUrl, 'POST', '/account/sessions/end-others', { token: mine.token });
    expect(ended.status).toBe(200);
    expect(ended.body).toMatchObject({ data: { ended: 2 }, message: 'Se cerraron 2 sesiones' });
    await closed;
    expect(await profileStatus(phoneA.token)).toBe(401);
    expect(await profileStatus(phoneB.token)).toBe(401);
    expect(await profileStatus(mine.token)).toBe(200);
    expect((await sessionsOf(mine.token)).body.data).toEqual([expect.objectContaining({ id: mine.sessionId })]);
  });

  maybe("another account's session is a 404 and stays open; a malformed id is a Spanish 400", async () => {
    const db = t.app.database.db;
    const owner = await createUser(db);
    const stranger = await createUser(db);
    const ownerPhone = await signInFrom(t.baseUrl, owner.email, PHONES.android);
    const ownerLink = await connectMqtt(t.wsUrl, { userId: owner.id, token: ownerPhone.token });
    const strangerPhone = await signInFrom(t.baseUrl, stranger.email, PHONES.iphone);

    const refused = await api(t.baseUrl, 'DELETE', `/account/sessions/${ownerPhone.sessionId}`, {
      token: strangerPhone.token,
    });
    expect(refused.status).toBe(404);
    expect(refused.body).toMatchObject({ code: 'SESSION_NOT_FOUND', message: 'Sesión no encontrada.' });
    expect(await profileStatus(ownerPhone.token)).toBe(200);
    expect(ownerLink.connected).toBe(true);
    expect((await sessionRow(db, ownerPhone.sessionId)).revokedAt).toBeNull();
    // The stranger's list is theirs alone.
    expect((await sessionsOf(strangerPhone.token)).body.data.map((s) => s.id)).toEqual([strangerPhone.sessionId]);

    const malformed = await api(t.baseUrl, 'DELETE', '/account/sessions/no-es-un-id', { token: strangerPhone.token });
    expect(malformed.status).toBe(400);
    expect(malformed.body.fields?.id).toBe('Sesión no válida.');
    expect((await api(t.baseUrl, 'GET', '/account/sessions')).status).toBe(401);
    await ownerLink.endAsync(true);
  });

  maybe('records when a session was last seen, off the request and at most once per window', async () => {
    const db = t.app.database.db;
    const user = await createUser(db);
    const phone = await signInFrom(t.baseUrl, user.email, PHONES.android);
    const longAgo = new Date(Date.now() - 3 * 3_600_000);
    const setLastSeen = (at: Date) =>
      db.update(schema.sessions).set({ lastSeenAt: at }).where(eq(schema.sessions.id, phone.sessionId));

    await setLastSeen(longAgo);
    expect(await profileStatus(phone.token)).toBe(200);
    await t.app.services.sessionActivity.idle();
    const seen = (await sessionRow(db, phone.sessionId)).lastSeenAt;
    expect(seen.getTime()).toBeGreaterThan(longAgo.getTime() + 3_600_000);

    // Within the window, more requests write nothing more.
    await setLastSeen(longAgo);
    for (let i = 0; i < 3; i++) expect(await profileStatus(phone.token)).toBe(200);
    await t.app.services.sessionActivity.idle();
    expect((await sessionRow(db, phone.sessionId)).lastSeenAt.getTime()).toBe(longAgo.getTime());
  });
});
