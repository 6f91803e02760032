/**
 * One abusive account against the write budgets (budgets/budget-table.ts), on both databases: the budget
 * table covers every write route (a route without a row stops the server), an over-budget write is a 429
 * with Retry-After and a Spanish message that changes nothing, presence counts per phone, ten SOS taps make
 * one alert, a chat flood over MQTT is dropped and then disconnected, a bidi override in a name is a 400,
 * and a 60-word place search is refused.
 */
import { BIDI_CONTROLS_MESSAGE, type SosAlert, topics } from '@jala/contracts';
import { and, eq, schema } from '@jala/db';
import type { MqttClient } from 'mqtt';
import { expect } from 'vitest';

import { buildApp } from '../../src/app';
import { HTTP_BUDGETS, MQTT_BUDGETS, MQTT_DISCONNECT_FACTOR } from '../../src/budgets/budget-table';
import { passenger, ridingPair } from '../support/actors';
import { describeOnBackends } from '../support/backends';
import { api, registerUser, statusesInTurn } from '../support/http';
import { connectMqtt } from '../support/mqtt';
import { testConfig } from '../support/test-app';

const RETRY_MESSAGE = /^Demasiados intentos seguidos\. Inténtalo de nuevo (en unos segundos|en \d+ minutos?)\.$/;
const limitOf = (route: string) => Number(HTTP_BUDGETS[route]?.limit);

describeOnBackends('write budgets against one abusive account on %s', ({ t, maybe }) => {
  maybe('refuses to start with a write route that has no budget', async () => {
    const app = await buildApp(testConfig(), { database: t.app.database });
    try {
      expect(() => app.server.post('/api/sin-presupuesto', async () => 'ok')).toThrow(
        /POST \/api\/sin-presupuesto has no budget/,
      );
      // Reads need no row.
      expect(() => app.server.get('/api/lectura-libre', async () => 'ok')).not.toThrow();
    } finally {
      await app.close();
    }
  });

  maybe(
    'answers an over-budget write with 429, Retry-After and a Spanish message, per user, and 400s spend nothing',
    async () => {
      const abuser = await passenger(t.baseUrl);
      const neighbour = await passenger(t.baseUrl);
      const place = (name: string) => ({
        name,
        address: 'Av. Larco 123, Miraflores',
        latitude: -12.12,
        longitude: -77.03,
      });
      // Bad input first: a 400 that does not count.
      expect(
        (await api(t.baseUrl, 'POST', '/passenger/saved-locations', { token: abuser.token, body: { name: '' } }))
          .status,
      ).toBe(400);
      const limit = limitOf('POST /api/passenger/saved-locations');
      const statuses = await statusesInTurn(limit, (i) =>
        api(t.baseUrl, 'POST', '/passenger/saved-locations', { token: abuser.token, body: place(`Lugar ${i}`) }),
      );
      expect(statuses.every((status) => status !== 429)).toBe(true);

      const over = await fetch(`${t.baseUrl}/passenger/saved-locations`, {
        method: 'POST',
        headers: { authorization: `Bearer ${abuser.token}`, 'content-type': 'application/json' },
        body: JSON.stringify(place('Uno más')),
      });
      expect(over.status).toBe(429);
      expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
      const body = (await over.json()) as { code: string; message: string };
      expect(body.code).toBe('RATE_LIMITED');
      expect(body.message).toMatch(RETRY_MESSAGE);
      // The refused write changed nothing; another passenger still has their whole budget.
      const names = (
        await t.app.database.db.select().from(schema.savedLocations).where(eq(schema.savedLocations.userId, abuser.id))
      ).map((row) => row.name);
      expect(names).not.toContain('Uno más');
      expect(
        (await api(t.baseUrl, 'POST', '/passenger/saved-locations', { token: neighbour.token, body: place('Casa') }))
          .status,
      ).toBe(201);
    },
  );

  maybe('counts presence per phone: a second session of the same account has its own budget', async () => {
    const first = await registerUser(t.baseUrl);
    const second = await api<{ token: string }>(t.baseUrl, 'POST', '/auth/login', {
      body: { email: first.user.email, password: first.password },
    });
    expect(second.status).toBe(200);
    const limit = limitOf('PUT /api/notifications/presence');
    const report = (token: string) =>
      api(t.baseUrl, 'PUT', '/notifications/presence', { token, body: { visible: true } });
    const statuses = await statusesInTurn(limit + 1, () => report(first.token));
    expect(statuses.slice(0, limit).every((status) => status === 200)).toBe(true);
    expect(statuses[limit]).toBe(429);
    expect((await report(second.body.data.token)).status).toBe(200);
  });

  maybe('opens one alert for ten SOS in a row, and for five at once', async () => {
    const db = t.app.database.db;
    const inTurn = await ridingPair(t.baseUrl, db);
    const sos = (token: string) =>
      api<SosAlert>(t.baseUrl, 'POST', '/safety/sos', { token, body: { latitude: -12.1, longitude: -77.02 } });
    const answers = [];
    for (let i = 0; i < 10; i++) answers.push(await sos(inTurn.rider.token));
    const limit = limitOf('POST /api/safety/sos');
    expect(answers.map((a) => a.status)).toEqual([
      201,
      ...Array<number>(limit - 1).fill(200),
      ...Array<number>(10 - limit).fill(429),
    ]);
    const ids = new Set(answers.filter((a) => a.status < 300).map((a) => a.body.data.id));
    expect(ids.size).toBe(1);
    const alertsOf = (tripId: number) =>
      db.select().from(schema.safetyAlerts).where(eq(schema.safetyAlerts.tripId, tripId));
    expect(await alertsOf(inTurn.tripId)).toHaveLength(1);

    const atOnce = await ridingPair(t.baseUrl, db);
    const together = await Promise.all(Array.from({ length: 5 }, () => sos(atOnce.driver.token)));
    expect(together.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(await alertsOf(atOnce.tripId)).toHaveLength(1);
  });

  maybe(
    'drops a chat flood over MQTT beyond the budget, stores none of the excess, then closes the connection',
    async () => {
      const db = t.app.database.db;
      const { tripId, rider, driver } = await ridingPair(t.baseUrl, db);
      const topic = topics.chat(tripId, driver.id);
      const flooder: MqttClient = await connectMqtt(t.wsUrl, { userId: driver.id, token: driver.token });
      const reader = await connectMqtt(t.wsUrl, { userId: rider.id, token: rider.token });
      try {
        await reader.subscribeAsync(topic, { qos: 1 });
        const floodHeard: string[] = [];
        reader.on('message', (_topic, payload) => {
          if (payload.toString().includes('spam')) floodHeard.push(payload.toString());
        });
        const closed = new Promise<void>((resolve) => flooder.once('close', () => resolve()));
        const budget = Number(MQTT_BUDGETS.chat.limit);
        const flood = budget * MQTT_DISCONNECT_FACTOR + 20;
        for (let i = 0; i < flood && flooder.connected; i++) {
          flooder.publish(
            topic,
            JSON.stringify({
              sender: driver.id,
              role: 'driver',
              message: `spam ${i}`,
              timestamp: new Date().toISOString(),
            }),
          );
        }
        await closed;

        // The passenger's own message still goes through (their budget is their own) and marks the end.
        const sender = await connectMqtt(t.wsUrl, { userId: rider.id, token: rider.token });
        const laterMessage = new Promise<void>((resolve) =>
          reader.on('message', (_topic, payload) => {
            if (payload.toString().includes('sigo aquí')) resolve();
          }),
        );
        await sender.publishAsync(
          topic,
          JSON.stringify({
            sender: rider.id,
            role: 'passenger',
            message: 'sigo aquí',
            timestamp: new Date().toISOString(),
          }),
          { qos: 1 },
        );
        await laterMessage;
        await sender.endAsync();
        // What the passenger's phone received of the flood: at most the budget, nothing after it was spent.
        expect(floodHeard.length).toBeLessThanOrEqual(budget);
        const stored = await db
          .select()
          .from(schema.chatMessages)
          .where(and(eq(schema.chatMessages.tripId, tripId), eq(schema.chatMessages.senderId, driver.id)));
        expect(stored.length).toBeLessThanOrEqual(budget);
        expect(stored.length).toBeGreaterThan(0);
      } finally {
        await flooder.endAsync(true).catch(() => undefined);
        await reader.endAsync(true).catch(() => undefined);
      }
    },
  );

  maybe('refuses bidirectional overrides in a name with a Spanish 400 and keeps the name', async () => {
    const p = await passenger(t.baseUrl);
    const before = (await api<{ first_name: string }>(t.baseUrl, 'GET', '/auth/profile', { token: p.token })).body.data
      .first_name;
    for (const control of ['\u202E', '\u202A', '\u2066', '\u2069']) {
      const res = await api(t.baseUrl, 'PUT', '/auth/profile', {
        token: p.token,
        body: { first_name: `Ana${control}lanruoJ` },
      });
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toContain(BIDI_CONTROLS_MESSAGE);
    }
    expect(
      (await api<{ first_name: string }>(t.baseUrl, 'GET', '/auth/profile', { token: p.token })).body.data.first_name,
    ).toBe(before);
    // Arabic and Hebrew names need no controls and are kept as written.
    const arabic = await api<{ first_name: string }>(t.baseUrl, 'PUT', '/auth/profile', {
      token: p.token,
      body: { first_name: 'ليلى' },
    });
    expect(arabic.status).toBe(200);
    expect(arabic.body.data.first_name).toBe('ليلى');
  });

  maybe('refuses a place search of sixty one-letter words and answers a short one', async () => {
    const p = await passenger(t.baseUrl);
    const long = Array.from({ length: 60 }, (_, i) => String.fromCharCode(97 + (i % 26))).join(' ');
    const refused = await api(t.baseUrl, 'GET', `/geo/search?q=${encodeURIComponent(long.slice(0, 119))}`, {
      token: p.token,
    });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('palabras o menos');
    expect(
      (
        await api(t.baseUrl, 'GET', `/geo/search?q=${encodeURIComponent('Parque Kennedy Miraflores')}`, {
          token: p.token,
        })
      ).status,
    ).toBe(200);
  });
});
