/**
 * Three real nodes (separate processes of apps/server/src/main.ts) on one PostgreSQL database and Redis,
 * behind nginx with deploy/nginx/jala.conf; clients talk only to nginx, over HTTP and MQTT/WebSocket.
 *
 * 1. A node is stopped with SIGTERM: its MQTT clients are told to go and reconnect through nginx to another
 *    node, no request fails meanwhile, and the process exits cleanly.
 * 2. A passenger and a driver connected to different nodes run a trip, offers and chat crossing nodes; the
 *    passenger's node is killed with SIGKILL mid-trip while the driver keeps working (chat, stages,
 *    completion): the passenger's client reconnects through nginx by itself to the surviving node, gets the
 *    retained completion and the chat sent meanwhile, and rates the trip. No acknowledged write is lost and
 *    no request through nginx gets a 5xx. The killed node then restarts empty and still serves the retained
 *    completion (it comes from Redis, not from a node's memory).
 * The same with two browsers is cluster/two-phones-failover.test.ts.
 */
import { topics } from '@jala/contracts';
import { eq, schema } from '@jala/db';
import { createDriver, FACTORY_PASSWORD } from '@jala/test-factories/database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { JOCKEY, tripPayload } from '../../apps/server/test/support/actors';
import { type Cluster, type ClusterNode, startCluster } from './support/cluster';
import { connectTrackedOn, type TrackedClient } from './support/realtime-client';

interface Answer<T> {
  status: number;
  node: string | null;
  body: { success: boolean; data: T; message: string };
}

/** HTTP through nginx, remembering every answer (status and node) so the test can check none was a 5xx. */
class Balanced {
  readonly answers: { at: number; method: string; path: string; status: number; node: string | null }[] = [];
  constructor(private readonly api: string) {}

  async call<T = unknown>(method: string, path: string, token?: string, body?: unknown): Promise<Answer<T>> {
    const response = await fetch(`${this.api}${path}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const node = response.headers.get('x-jala-node');
    this.answers.push({ at: Date.now(), method, path, status: response.status, node });
    const text = await response.text();
    return { status: response.status, node, body: JSON.parse(text) as Answer<T>['body'] };
  }

  serverErrorsSince(at: number) {
    return this.answers.filter((a) => a.at >= at && a.status >= 500);
  }
}

const connectOn = (
  cluster: Cluster,
  auth: { userId: number; token: string },
  wanted: (node: string) => boolean,
  options: { reconnectPeriodMs?: number } = {},
) => connectTrackedOn(cluster.wsUrl, auth, wanted, options);

describe('a Jala cluster behind nginx', () => {
  let cluster: Cluster;
  let http: Balanced;
  const clients: TrackedClient[] = [];
  beforeAll(async () => {
    cluster = await startCluster({ nodes: 3 });
    http = new Balanced(cluster.api);
  }, 90_000);
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.client.endAsync(true).catch(() => undefined)));
    await cluster?.stop();
  }, 30_000);

  async function passengerAccount() {
    const email = `cluster${Date.now()}${Math.random().toString(36).slice(2, 6)}@prueba.pe`;
    const res = await http.call<{ token: string; user: { id: number } }>('POST', '/auth/register', undefined, {
      first_name: 'Carmen',
      last_name: 'Ccori',
      email,
      phone: '987654321',
      password: 'secreto123',
      user_type: 'passenger',
      accept_terms: true, // the sign-up form's 'Términos y condiciones' box
    });
    expect(res.status).toBe(201);
    return { userId: res.body.data.user.id, token: res.body.data.token };
  }

  async function driverAccount() {
    const { user } = await createDriver(cluster.database.db);
    const res = await http.call<{ token: string }>('POST', '/auth/login', undefined, {
      email: user.email,
      password: FACTORY_PASSWORD,
    });
    expect(res.status).toBe(200);
    return { userId: user.id, token: res.body.data.token, name: `${user.firstName} ${user.lastName}` };
  }

  it('drains a node on SIGTERM: its MQTT clients reconnect elsewhere, requests keep succeeding, it exits 0', async () => {
    const draining = cluster.nodes[2] as ClusterNode;
    const me = await passengerAccount();
    const tracked = await connectOn(cluster, me, (node) => node === draining.id);
    clients.push(tracked);
    await tracked.client.subscribeAsync(topics.notifications(me.userId));

    const started = Date.now();
    const reconnected = tracked.nextConnect(15_000);
    const exited = new Promise<number | null>((resolve) => draining.child.once('exit', (code) => resolve(code)));
    draining.child.kill('SIGTERM');
    // Requests during the drain: served by whichever node nginx picks, never an error.
    const during = await Promise.all(Array.from({ length: 10 }, () => http.call('GET', '/auth/profile', me.token)));
    expect(during.map((r) => r.status)).toEqual(Array(10).fill(200));
    await reconnected;
    expect(tracked.node()).not.toBe(draining.id);
    expect(await exited).toBe(0);
    // The subscription came back with the reconnection (the client resubscribes) and works on the new node.
    await new Promise((r) => setTimeout(r, 300));
    const res = await http.call('GET', '/health');
    expect(res.status).toBe(200);
    expect(http.serverErrorsSince(started)).toEqual([]);
  }, 60_000);

  it("runs a trip across nodes and finishes it after the passenger's node is killed mid-trip", async () => {
    const live = cluster.nodes.filter((n) => n.alive());
    expect(live).toHaveLength(2);
    const passenger = await passengerAccount();
    const driver = await driverAccount();

    // The passenger and the driver hold their MQTT connections on different nodes.
    const pm = await connectOn(cluster, passenger, () => true, { reconnectPeriodMs: 1500 });
    clients.push(pm);
    const dm = await connectOn(cluster, driver, (node) => node !== pm.node());
    clients.push(dm);
    expect(new Set([pm.node(), dm.node()]).size).toBe(2);
    const passengerNode = live.find((n) => n.id === pm.node()) as ClusterNode;
    const survivor = live.find((n) => n !== passengerNode) as ClusterNode;

    await dm.client.subscribeAsync(topics.driverTripRequests(driver.userId));
    const created = await http.call<{ id: number }>(
      'POST',
      '/trips',
      passenger.token,
      tripPayload({ offer_price: 20 }),
    );
    expect(created.status).toBe(201);
    const tripId = created.body.data.id;
    const chatTopic = topics.chat(tripId, driver.userId);
    await pm.client.subscribeAsync([topics.tripOffers(tripId), topics.tripStatus(tripId)], { qos: 1 });

    // Publication → the driver's feed, offer → the passenger, across nodes.
    expect((await http.call('POST', `/trips/${tripId}/publish`, passenger.token)).status).toBe(200);
    await dm.waitFor(
      topics.driverTripRequests(driver.userId),
      (m) => (m as { request?: { id: number } }).request?.id === tripId,
    );
    expect((await http.call('POST', '/driver/trips/accept', driver.token, { trip_request_id: tripId })).status).toBe(
      201,
    );
    await pm.waitFor(topics.tripOffers(tripId), (m) => (m as { driver_id: number }).driver_id === driver.userId);
    // The chat and the trip's status are open to the driver once they offered (topic ACL).
    const granted = [
      ...(await pm.client.subscribeAsync(chatTopic, { qos: 1 })),
      ...(await dm.client.subscribeAsync([topics.tripStatus(tripId), chatTopic], { qos: 1 })),
    ];
    expect(granted.map((g) => g.qos)).toEqual([1, 1, 1]);

    // Chat both ways across nodes; each message acknowledged (PUBACK) by the sender's node.
    const say = (client: TrackedClient, sender: number, role: string, message: string) =>
      client.client.publishAsync(
        chatTopic,
        JSON.stringify({ sender, role, message, timestamp: new Date().toISOString() }),
        { qos: 1 },
      );
    await say(pm, passenger.userId, 'passenger', '¿Llega en 5 minutos?');
    await dm.waitFor(chatTopic, (m) => (m as { message: string }).message === '¿Llega en 5 minutos?');
    await say(dm, driver.userId, 'driver', 'Sí, voy en camino');
    await pm.waitFor(chatTopic, (m) => (m as { message: string }).message === 'Sí, voy en camino');

    expect(
      (await http.call('POST', '/drivers/trips/accept', passenger.token, { trip_id: tripId, driver_id: driver.userId }))
        .status,
    ).toBe(200);
    await dm.waitFor(topics.tripStatus(tripId), (m) => (m as { status: string }).status === 'accepted');
    expect(
      (await http.call('PUT', `/driver/trips/${tripId}/status`, driver.token, { status: 'en_route' })).status,
    ).toBe(200);
    await pm.waitFor(topics.tripStatus(tripId), (m) => (m as { status: string }).status === 'en_route');
    // Both nodes answered HTTP so far (round robin): the trip really crossed nodes.
    expect(
      new Set(http.answers.map((a) => a.node).filter((n) => n === passengerNode.id || n === survivor.id)).size,
    ).toBe(2);

    const startCode = (await http.call<{ start_code: string }>('GET', '/trips/active', passenger.token)).body.data
      .start_code;
    // The passenger's node dies. The driver carries on at once, through nginx.
    const killedAt = Date.now();
    const reconnected = pm.nextConnect(15_000);
    await passengerNode.kill();
    await say(dm, driver.userId, 'driver', 'Ya llegué, estoy afuera');
    // The passenger told the driver the start code (read here from the passenger's own trip before their node died).
    for (const status of ['arrived', 'in_progress']) {
      const stage = await http.call<{ trip_status: string }>('PUT', `/driver/trips/${tripId}/status`, driver.token, {
        status,
        ...(status === 'in_progress' ? { start_code: startCode } : {}),
      });
      expect(stage.status).toBe(200);
      expect(stage.node).toBe(survivor.id);
    }
    const done = await http.call<{ trip_status: string; final_fare: number }>(
      'POST',
      '/driver/trips/complete',
      driver.token,
      {
        trip_id: tripId,
        final_latitude: JOCKEY.latitude,
        final_longitude: JOCKEY.longitude,
        actual_fare: 21.5,
        notes: '',
      },
    );
    expect(done.status).toBe(200);
    // The agreed price (the passenger's S/ 20.00) is charged, not the 21.5 sent.
    expect(done.body.data).toMatchObject({ trip_status: 'completed', final_fare: 20 });

    // The passenger's client comes back by itself, through nginx, on the surviving node…
    await reconnected;
    expect(pm.node()).toBe(survivor.id);
    // …receives the retained completion (stored in Redis by the node that served the completion)…
    const completed = await pm.waitFor(
      topics.tripStatus(tripId),
      (m) => (m as { status: string }).status === 'completed',
    );
    expect(completed).toMatchObject({ status: 'completed' });
    expect(pm.retained.get(topics.tripStatus(tripId))).toEqual([completed]);
    // …reads what was said meanwhile (the web app refetches the chat when its link is live again)…
    const history = await http.call<{ message: string }[]>(
      'GET',
      `/trips/${tripId}/chat/${driver.userId}`,
      passenger.token,
    );
    expect(history.status).toBe(200);
    expect(history.body.data.map((m) => m.message)).toEqual([
      '¿Llega en 5 minutos?',
      'Sí, voy en camino',
      'Ya llegué, estoy afuera',
    ]);
    // …and finishes the trip: rates the driver.
    const rated = await http.call('POST', `/trips/${tripId}/rating`, passenger.token, {
      score: 5,
      comment: 'Muy amable',
    });
    expect(rated.status).toBe(201);
    for (let i = 0; i < 10; i += 1)
      expect((await http.call('GET', `/trips/${tripId}/rating`, passenger.token)).status).toBe(200);

    // Every acknowledged write is in the database.
    const [trip] = await cluster.database.db.select().from(schema.trips).where(eq(schema.trips.id, tripId));
    expect(trip).toMatchObject({ status: 'completed', driverId: driver.userId, finalFareCents: 2000 });
    expect(
      await cluster.database.db.select().from(schema.tripOffers).where(eq(schema.tripOffers.tripId, tripId)),
    ).toHaveLength(1);
    expect(
      await cluster.database.db.select().from(schema.chatMessages).where(eq(schema.chatMessages.tripId, tripId)),
    ).toHaveLength(3);
    expect(
      await cluster.database.db.select().from(schema.ratings).where(eq(schema.ratings.tripId, tripId)),
    ).toHaveLength(1);

    // The killed node comes back as a fresh process (nothing in memory) and nginx sends it traffic again:
    // a second device of the passenger that lands there still gets the retained completion — from Redis.
    await passengerNode.restart();
    await new Promise((r) => setTimeout(r, 2100)); // the test nginx's fail_timeout
    const secondDevice = await connectOn(cluster, passenger, (node) => node === passengerNode.id);
    clients.push(secondDevice);
    await secondDevice.client.subscribeAsync(topics.tripStatus(tripId), { qos: 1 });
    expect(await secondDevice.waitFor(topics.tripStatus(tripId), () => true, 3000)).toMatchObject({
      status: 'completed',
    });
    expect(secondDevice.retained.get(topics.tripStatus(tripId))).toHaveLength(1);

    // No request through nginx got a 5xx once the node was gone.
    expect(http.serverErrorsSince(killedAt)).toEqual([]);
  }, 90_000);
});
