/**
 * The web app's own MQTT client (apps/web/src/lib/mqtt) and its RealtimeClient against the real broker of
 * the real product, in Node over `ws` instead of the browser's WebSocket: a created trip reaches a nearby
 * driver's feed and the passenger's re-publication is acknowledged, a trip's status reaches its passenger, refusals are reported, a subscription is
 * live (onLive) only once the broker routes it, a chat message whose PUBACK the link lost is resent and
 * seen and stored once, and after the server is stopped and started again on the same port the link heals
 * and resubscribes by itself. (The browser tests drive the same client in Chromium through every screen.)
 */
import { type ChatMessage, type CreatedTrip, topics, type TripPublication } from '@jala/contracts';
import { type DatabaseHandle, openDatabase } from '@jala/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { type App, buildApp } from '../apps/server/src/app';
import type { AppConfig } from '../apps/server/src/config';
import { onlineDriver, passenger, requestTrip, tripPayload } from '../apps/server/test/support/actors';
import { api } from '../apps/server/test/support/http';
import { testConfig } from '../apps/server/test/support/test-app';
import { mergeChat, newChatMessageId } from '../apps/web/src/features/live-trip/shared/chat/merge-chat';
import { connectMqttOverWebSocket, type SocketFactory } from '../apps/web/src/lib/mqtt/ws-client';
import { type ConnectionState, RealtimeClient } from '../apps/web/src/lib/realtime/realtime';
import { lossyLink, nodeSocket, subscribed, waitForState } from './support/mqtt-link';
import { freePort } from './support/server-process';

const quietLogger = { warn: () => undefined, info: () => undefined };

function realtimeClient(port: number, createSocket: SocketFactory = nodeSocket): RealtimeClient {
  return new RealtimeClient({
    loadMqtt: async () => (url, options) => connectMqttOverWebSocket(url, options, { createSocket }),
    brokerUrl: () => `ws://127.0.0.1:${port}/mqtt`,
    logger: quietLogger,
  });
}

/**
 * Follows `topic` through `client`: resolves once the broker granted it (SUBACK) with the promise of the
 * next message on it (which rejects after `ms`).
 */
async function nextMessage<T>(client: RealtimeClient, topic: string, ms = 20_000): Promise<{ message: Promise<T> }> {
  let deliver: (payload: T) => void = () => undefined;
  const message = new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no message on ${topic} within ${ms} ms`)), ms);
    deliver = (payload) => {
      clearTimeout(timer);
      resolve(payload);
    };
  });
  const stop = await subscribed<T>(client, topic, (payload) => {
    stop();
    deliver(payload);
  });
  return { message };
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

  it("carries a created trip to a nearby driver's feed, acknowledges the passenger's re-publication, and brings the trip's status back", async () => {
    const rider = await passenger(apiUrl);
    const driver = await onlineDriver(apiUrl, database.db);
    const riderLink = track(realtimeClient(port));
    const driverLink = track(realtimeClient(port));
    await riderLink.connect({ userId: rider.id, token: rider.token });
    await driverLink.connect({ userId: driver.id, token: driver.token });
    await Promise.all([riderLink.whenConnected(), driverLink.whenConnected()]);

    const feed = (
      await nextMessage<{ type: string; request: { id: number } }>(driverLink, topics.driverTripRequests(driver.id))
    ).message;
    const createdResponse = await api<CreatedTrip>(apiUrl, 'POST', '/trips', {
      token: rider.token,
      body: tripPayload(),
    });
    expect(createdResponse.status).toBe(201);
    const trip = createdResponse.body.data;
    const status = (await nextMessage<{ trip_id: number; status: string }>(riderLink, topics.tripStatus(trip.id)))
      .message;
    const publication: TripPublication = {
      trip_id: trip.id,
      trip_code: trip.trip_code,
      passenger_id: rider.id,
      passenger_name: 'Ana Torres',
      pickup: { lat: -12.1211, lng: -77.0297, address: 'Parque Kennedy, Miraflores' },
      destination: { lat: -12.0853, lng: -76.9767, address: 'Jockey Plaza, Surco' },
      service_type_id: 2,
      estimated_fare: trip.estimated_fare,
      distance_km: trip.distance_km,
      duration_minutes: trip.duration_minutes,
      created_at: trip.created_at,
    };
    // Creating the trip published it; the passenger's own publication is an accepted re-publish by trip id.
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
    const refused = connectMqttOverWebSocket(
      `ws://127.0.0.1:${port}/mqtt`,
      {
        clientId: `jala_web_${rider.id}_1`,
        username: String(rider.id),
        password: `${rider.token}x`,
        clean: true,
        reconnectPeriod: 0,
        connectTimeout: 5_000,
      },
      { createSocket: nodeSocket },
    );
    refused.on('error', (error) => errors.push(error.message));
    const closed = new Promise<void>((resolve) => refused.on('close', () => resolve()));
    let connected = false;
    refused.on('connect', () => (connected = true));
    await closed;
    expect(connected).toBe(false);
    expect(errors).toEqual([expect.stringMatching(/^Connection refused: (Bad username or password|Not authorized)$/)]);

    const strangerLink = connectMqttOverWebSocket(
      `ws://127.0.0.1:${port}/mqtt`,
      {
        clientId: `jala_web_${stranger.id}_2`,
        username: String(stranger.id),
        password: stranger.token,
        clean: true,
        reconnectPeriod: 0,
        connectTimeout: 5_000,
      },
      { createSocket: nodeSocket },
    );
    await new Promise<void>((resolve) => strangerLink.on('connect', () => resolve()));
    const answer = await new Promise<Error | null>((resolve) =>
      strangerLink.subscribe(topics.tripStatus(trip.id), { qos: 1 }, resolve),
    );
    expect(answer?.message).toBe(`Subscription refused: ${topics.tripStatus(trip.id)}`);
    strangerLink.end();
  });

  it('a chat message whose PUBACK the link lost is resent (DUP, same packet id) and the driver sees it, and the server stores it, once', async () => {
    const rider = await passenger(apiUrl);
    const driver = await onlineDriver(apiUrl, database.db);
    const trip = await requestTrip(apiUrl, rider.token);
    const offer = await api(apiUrl, 'POST', '/driver/trips/accept', {
      token: driver.token,
      body: { trip_request_id: trip.id },
    });
    expect(offer.status).toBe(201);
    const topic = topics.chat(trip.id, driver.id);

    const driverLink = track(realtimeClient(port));
    await driverLink.connect({ userId: driver.id, token: driver.token });
    await driverLink.whenConnected();
    const atDriver: ChatMessage[] = [];
    await subscribed<ChatMessage>(driverLink, topic, (message) => atDriver.push(message));

    const lossy = lossyLink(1);
    const riderLink = track(realtimeClient(port, lossy.createSocket));
    await riderLink.connect({ userId: rider.id, token: rider.token });
    await riderLink.whenConnected();
    const message: ChatMessage = {
      id: newChatMessageId(),
      sender: rider.id,
      role: 'passenger',
      message: 'Estoy en la puerta',
      timestamp: new Date().toISOString(),
    };
    // Resolves on a PUBACK: not the first one (lost with the link), the resend's, after the reconnect.
    await riderLink.publish(topic, message, { qos: 1 });

    const [first, resent] = lossy.publishes.map((sent) => sent.filter((packet) => packet.topic === topic));
    expect(first).toHaveLength(1);
    expect(lossy.lostPubacks).toEqual([first?.[0]?.messageId]);
    expect(resent).toEqual([expect.objectContaining({ dup: true, qos: 1, messageId: first?.[0]?.messageId })]);
    expect(resent?.[0]?.payload.toString()).toBe(first?.[0]?.payload.toString());

    // QoS 1 is at least once: the broker routed both copies to the driver; the chat shows one.
    await expect.poll(() => atDriver.length).toBe(2);
    expect(mergeChat([], atDriver)).toEqual([message]);

    // Stored once. A later message marks that the server has handled the copy sent before it.
    const later: ChatMessage = { ...message, id: newChatMessageId(), message: '¿Ya llega?' };
    await riderLink.publish(topic, later, { qos: 1 });
    const history = async () =>
      (await api<ChatMessage[]>(apiUrl, 'GET', `/trips/${trip.id}/chat/${driver.id}`, { token: driver.token })).body
        .data;
    await expect.poll(async () => (await history()).map((stored) => stored.message)).toContain('¿Ya llega?');
    expect((await history()).map(({ id, message: text }) => ({ id, text }))).toEqual([
      { id: message.id, text: 'Estoy en la puerta' },
      { id: later.id, text: '¿Ya llega?' },
    ]);
    // The history and the live copies are one message each on the driver's screen.
    expect(mergeChat(await history(), atDriver).map((stored) => stored.message)).toEqual([
      'Estoy en la puerta',
      '¿Ya llega?',
    ]);
  });

  it('is live (onLive) once the broker routes the topic (SUBACK), and again after the server restarts: what the server publishes then arrives', async () => {
    const rider = await passenger(apiUrl);
    const link = track(realtimeClient(port));
    const states: ConnectionState[] = [];
    link.onConnectionChange((state) => states.push(state));
    await link.connect({ userId: rider.id, token: rider.token });
    await link.whenConnected();
    const trip = await requestTrip(apiUrl, rider.token);
    const topic = topics.tripStatus(trip.id);
    const received: string[] = [];
    let lives = 0;
    // Where a screen refetches, the server publishes at once, in this process: the message reaches the
    // passenger only if the broker already routes the topic to them, i.e. once it has granted the SUBSCRIBE.
    // Fired when SUBSCRIBE is sent or on CONNACK (before the resubscription's SUBACK), it would be lost.
    link.subscribe<{ status: string }>(topic, (payload) => received.push(payload.status), {
      onLive: () => {
        lives += 1;
        void app.broker.publish(topic, { trip_id: trip.id, status: `live-${lives}` });
      },
    });
    await expect.poll(() => received).toEqual(['live-1']);

    await app.close();
    await waitForState(link, 'reconnecting');
    await startApp();
    await waitForState(link, 'connected', 20_000);
    expect(states).toEqual(expect.arrayContaining(['connected', 'reconnecting']));
    expect(states.at(-1)).toBe('connected');

    // The subscription was renewed on the new broker, and onLive waited for its SUBACK.
    await expect.poll(() => received).toEqual(['live-1', 'live-2']);
    const cancelled = await api(apiUrl, 'PUT', `/trips/${trip.id}/cancel`, { token: rider.token, body: {} });
    expect(cancelled.status).toBe(200);
    await expect.poll(() => received).toContain('cancelled_by_passenger');
  });
});
