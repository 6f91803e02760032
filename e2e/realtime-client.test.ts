/**
 * The web app's own MQTT client (apps/web/src/lib/mqtt) and its RealtimeClient against the real broker of
 * the real product, in Node over `ws` instead of the browser's WebSocket: a passenger's publication reaches
 * a nearby driver's feed, a trip's status reaches its passenger, refusals are reported, and after the
 * server is stopped and started again on the same port the link heals and resubscribes by itself.
 * (The browser tests drive the same client in Chromium through every screen.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { topics, type CreatedTrip, type TripPublication } from '@jala/contracts';
import { openDatabase, type DatabaseHandle } from '@jala/db';
import { buildApp, type App } from '../apps/server/src/app';
import type { AppConfig } from '../apps/server/src/config';
import { onlineDriver, passenger, requestTrip, tripPayload } from '../apps/server/test/support/actors';
import { api } from '../apps/server/test/support/http';
import { testConfig } from '../apps/server/test/support/test-app';
import { connectMqttOverWebSocket, type SocketFactory } from '../apps/web/src/lib/mqtt/ws-client';
import { RealtimeClient, type ConnectionState } from '../apps/web/src/lib/realtime';
import { freePort } from './support/server-process';

/** The `ws` package behind the client's socket interface, as the browser's WebSocket is in the app. */
const nodeSocket: SocketFactory = (url, handlers) => {
  const socket = new WebSocket(url, ['mqtt']);
  socket.binaryType = 'arraybuffer';
  socket.on('open', () => handlers.open());
  socket.on('message', (data) => handlers.message(data));
  socket.on('close', () => handlers.close());
  socket.on('error', () => undefined); // a close follows
  return {
    send: (bytes) => {
      if (socket.readyState === WebSocket.OPEN) socket.send(bytes);
    },
    close: () => {
      socket.removeAllListeners();
      socket.on('error', () => undefined);
      socket.terminate();
    },
  };
};

const quietLogger = { warn: () => undefined, info: () => undefined };

function realtimeClient(port: number): RealtimeClient {
  return new RealtimeClient({
    loadMqtt: async () => (url, options) => connectMqttOverWebSocket(url, options, { createSocket: nodeSocket }),
    brokerUrl: () => `ws://127.0.0.1:${port}/mqtt`,
    logger: quietLogger,
  });
}

/** Resolves with the next message on `topic` through `client`, or rejects after `ms`. */
function nextMessage<T>(client: RealtimeClient, topic: string, ms = 20_000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`no message on ${topic} within ${ms} ms`));
    }, ms);
    const stop = client.subscribe<T>(topic, (payload) => {
      clearTimeout(timer);
      stop();
      resolve(payload);
    });
  });
}

function waitForState(client: RealtimeClient, wanted: ConnectionState, ms = 20_000): Promise<void> {
  if (client.getState() === wanted) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`state ${client.getState()}, not ${wanted}, after ${ms} ms`));
    }, ms);
    const stop = client.onConnectionChange((state) => {
      if (state !== wanted) return;
      clearTimeout(timer);
      stop();
      resolve();
    });
  });
}

describe("the web app's MQTT client against the real broker", () => {
  let database: DatabaseHandle;
  let config: AppConfig;
  let app: App;
  let port: number;
  let apiUrl: string;
  const clients: RealtimeClient[] = [];

  /** Starts the product on `port` (the same one after a restart), on the same database and token secret. */
  async function startApp(): Promise<void> {
    app = await buildApp(config, { database });
    await app.server.listen({ port, host: '127.0.0.1' });
  }

  function track(client: RealtimeClient): RealtimeClient {
    clients.push(client);
    return client;
  }

  beforeAll(async () => {
    database = await openDatabase({ kind: 'pglite', dataDir: null });
    port = await freePort();
    config = testConfig({ port });
    apiUrl = `http://127.0.0.1:${port}/api`;
    await startApp();
  });

  afterAll(async () => {
    for (const client of clients) client.disconnect();
    await app?.close();
    await database?.close();
  });

  it("carries a passenger's trip publication to a nearby driver's feed, and the trip's status back", async () => {
    const rider = await passenger(apiUrl);
    const driver = await onlineDriver(apiUrl, database.db);
    const riderLink = track(realtimeClient(port));
    const driverLink = track(realtimeClient(port));
    await riderLink.connect({ userId: rider.id, token: rider.token });
    await driverLink.connect({ userId: driver.id, token: driver.token });
    await Promise.all([riderLink.whenConnected(), driverLink.whenConnected()]);

    const feed = nextMessage<{ type: string; request: { id: number } }>(driverLink, topics.driverTripRequests(driver.id));
    const createdResponse = await api<CreatedTrip>(apiUrl, 'POST', '/trips', { token: rider.token, body: tripPayload() });
    expect(createdResponse.status).toBe(201);
    const trip = createdResponse.body.data;
    const status = nextMessage<{ trip_id: number; status: string }>(riderLink, topics.tripStatus(trip.id));
    // Give the broker a moment to acknowledge both subscriptions before anything is published.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const publication: TripPublication = {
      trip_id: trip.id, trip_code: trip.trip_code, passenger_id: rider.id, passenger_name: 'Ana Torres',
      pickup: { lat: -12.1211, lng: -77.0297, address: 'Parque Kennedy, Miraflores' },
      destination: { lat: -12.0853, lng: -76.9767, address: 'Jockey Plaza, Surco' },
      service_type_id: 2, estimated_fare: trip.estimated_fare, distance_km: trip.distance_km,
      duration_minutes: trip.duration_minutes, created_at: trip.created_at,
    };
    // QoS 1: resolves on the broker's PUBACK, i.e. the ACL let it through.
    await riderLink.publish(topics.tripRequests, publication, { qos: 1 });
    expect(await feed).toMatchObject({ type: 'trip_request', request: { id: trip.id } });

    const cancelled = await api(apiUrl, 'PUT', `/trips/${trip.id}/cancel`, { token: rider.token, body: {} });
    expect(cancelled.status).toBe(200);
    expect(await status).toMatchObject({ trip_id: trip.id, status: 'cancelled_by_passenger' });
  });

  it('reports what the broker refuses: a wrong token never connects, a stranger cannot follow a trip', async () => {
    const rider = await passenger(apiUrl);
    const stranger = await passenger(apiUrl);
    const trip = await requestTrip(apiUrl, rider.token);

    const errors: string[] = [];
    const refused = connectMqttOverWebSocket(`ws://127.0.0.1:${port}/mqtt`, {
      clientId: `jala_web_${rider.id}_1`, username: String(rider.id), password: `${rider.token}x`, clean: true, reconnectPeriod: 0, connectTimeout: 5_000,
    }, { createSocket: nodeSocket });
    refused.on('error', (error) => errors.push(error.message));
    const closed = new Promise<void>((resolve) => refused.on('close', () => resolve()));
    let connected = false;
    refused.on('connect', () => (connected = true));
    await closed;
    expect(connected).toBe(false);
    expect(errors).toEqual([expect.stringMatching(/^Connection refused: (Bad username or password|Not authorized)$/)]);

    const strangerLink = connectMqttOverWebSocket(`ws://127.0.0.1:${port}/mqtt`, {
      clientId: `jala_web_${stranger.id}_2`, username: String(stranger.id), password: stranger.token, clean: true, reconnectPeriod: 0, connectTimeout: 5_000,
    }, { createSocket: nodeSocket });
    await new Promise<void>((resolve) => strangerLink.on('connect', () => resolve()));
    const answer = await new Promise<Error | null>((resolve) => strangerLink.subscribe(topics.tripStatus(trip.id), { qos: 1 }, resolve));
    expect(answer?.message).toBe(`Subscription refused: ${topics.tripStatus(trip.id)}`);
    strangerLink.end();
  });

  it('heals after the server is stopped and started again: reconnects by itself and resubscribes', { timeout: 60_000 }, async () => {
    const rider = await passenger(apiUrl);
    const link = track(realtimeClient(port));
    const states: ConnectionState[] = [];
    link.onConnectionChange((state) => states.push(state));
    await link.connect({ userId: rider.id, token: rider.token });
    await link.whenConnected();
    const trip = await requestTrip(apiUrl, rider.token);
    const received: { status: string }[] = [];
    link.subscribe<{ status: string }>(topics.tripStatus(trip.id), (payload) => received.push(payload));
    await new Promise((resolve) => setTimeout(resolve, 300));

    await app.close();
    await waitForState(link, 'reconnecting');
    await startApp();
    await waitForState(link, 'connected', 20_000);
    expect(states).toEqual(expect.arrayContaining(['connected', 'reconnecting']));
    expect(states.at(-1)).toBe('connected');

    // The subscription was renewed on the new broker: the cancellation reaches the passenger.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const cancelled = await api(apiUrl, 'PUT', `/trips/${trip.id}/cancel`, { token: rider.token, body: {} });
    expect(cancelled.status).toBe(200);
    await expect.poll(() => received.map((message) => message.status)).toContain('cancelled_by_passenger');
  });
});
