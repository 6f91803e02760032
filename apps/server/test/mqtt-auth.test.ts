import { openDatabase } from '@jala/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { type App, buildApp } from '../src/app';
import { api, registerUser } from './support/http';
import { connectMqtt, listen, nextMessage, refused, subscribeQos } from './support/mqtt';
import { REDIS_TEST_URL, testConfig } from './support/test-app';
import { useTestApp } from './support/use-test-app';

describe('MQTT broker authentication and ACL', () => {
  const t = useTestApp();

  it('refuses a connection without a token or with a forged one', async () => {
    await expect(connectMqtt(t.wsUrl, {})).rejects.toThrow(/Bad username or password|Not authorized/i);
    await expect(connectMqtt(t.wsUrl, { userId: 1, token: 'eyJhbGciOiJIUzI1NiJ9.e30.abc' })).rejects.toThrow(
      /Bad username or password/i,
    );
  });

  it('accepts a valid token and lets the user read only their own notifications', async () => {
    const me = await registerUser(t.baseUrl);
    const other = await registerUser(t.baseUrl);
    const client = await connectMqtt(t.wsUrl, { userId: me.user.id, token: me.token });
    expect(await subscribeQos(client, `notifications/${me.user.id}`)).toBe(0);
    expect(await subscribeQos(client, `notifications/${other.user.id}`)).toBe(128);
    expect(await subscribeQos(client, '#')).toBe(128);
    expect(await subscribeQos(client, 'trip_offers/+')).toBe(128);
    const message = nextMessage(client, `notifications/${me.user.id}`);
    await t.app.broker.publish(`notifications/${me.user.id}`, { hola: 'mundo' });
    expect(await message).toEqual({ hola: 'mundo' });
    client.end(true);
  });

  it('denies client publishes on topics without a rule (server-only by default)', async () => {
    const me = await registerUser(t.baseUrl);
    const listener = await connectMqtt(t.wsUrl, { userId: me.user.id, token: me.token });
    await subscribeQos(listener, `notifications/${me.user.id}`);
    const publisher = await connectMqtt(t.wsUrl, { userId: me.user.id, token: me.token });
    const heard = listen(listener, `notifications/${me.user.id}`);
    publisher.publish(`notifications/${me.user.id}`, JSON.stringify({ spoofed: true }));
    await refused(publisher);
    expect(await heard.untilSentinel((s) => t.app.broker.publish(`notifications/${me.user.id}`, s))).toEqual([]);
    listener.end(true);
    publisher.end(true);
  });

  it('closes the realtime connection of a session that logs out', async () => {
    const me = await registerUser(t.baseUrl);
    const client = await connectMqtt(t.wsUrl, { userId: me.user.id, token: me.token });
    const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
    await api(t.baseUrl, 'POST', '/auth/logout', { token: me.token, body: {} });
    await closed;
    await expect(connectMqtt(t.wsUrl, { userId: me.user.id, token: me.token })).rejects.toThrow();
    client.end(true);
  });
});

describe('MQTT across two nodes sharing Redis', () => {
  let nodes: App[] = [];
  let urls: string[] = [];
  let redisUp = true;
  beforeAll(async () => {
    const { Redis } = await import('ioredis');
    const probe = new Redis(REDIS_TEST_URL, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    try {
      await probe.connect();
      await probe.ping();
    } catch {
      redisUp = false;
      console.warn('Redis at 127.0.0.1:6379 is not reachable: the multi-node test is skipped.');
    }
    probe.disconnect();
    if (!redisUp) return;
    const database = await openDatabase({ kind: 'pglite', dataDir: null });
    const config = testConfig({ redisUrl: REDIS_TEST_URL });
    nodes = [await buildApp(config, { database }), await buildApp(config, { database })];
    urls = await Promise.all(nodes.map((n) => n.server.listen({ port: 0, host: '127.0.0.1' })));
  });
  afterAll(async () => {
    for (const n of nodes) await n.close();
    await nodes[0]?.database.close();
  });

  it('delivers a message published on node A to a subscriber on node B', async (ctx) => {
    if (!redisUp) return ctx.skip();
    const me = await registerUser(`${urls[0]}/api`);
    const onB = await connectMqtt(`${urls[1]!.replace('http', 'ws')}/mqtt`, { userId: me.user.id, token: me.token });
    await subscribeQos(onB, `notifications/${me.user.id}`);
    const message = nextMessage(onB, `notifications/${me.user.id}`);
    await nodes[0]!.broker.publish(`notifications/${me.user.id}`, { via: 'redis' });
    expect(await message).toEqual({ via: 'redis' });
    onB.end(true);
  });
});
