/**
 * An MQTT-over-WebSocket client that behaves like the web app's (protocol 3.1.1, clean session, the token as
 * password, reconnecting by itself (every 500 ms unless told), resubscribing on reconnect) and records which node each of
 * its connections landed on, from the X-Jala-Node header of the WebSocket handshake.
 */
import type { IncomingMessage } from 'node:http';

import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import { WebSocket } from 'ws';

export interface TrackedClient {
  client: MqttClient;
  /** Node of the current (last) connection. */
  node(): string | undefined;
  /** Every node a handshake succeeded on, in order. */
  handshakes: string[];
  /** Messages received per topic, in order (JSON-parsed). */
  received: Map<string, unknown[]>;
  /** Those of them the broker delivered as retained (sent on SUBSCRIBE from the retained store). */
  retained: Map<string, unknown[]>;
  /** Resolves with the first message on `topic` (already received or future) matching `match`. */
  waitFor(topic: string, match: (message: unknown) => boolean, timeoutMs?: number): Promise<unknown>;
  /** Resolves on the next successful (re)connection. */
  nextConnect(timeoutMs?: number): Promise<void>;
}

export function connectTracked(
  wsUrl: string,
  auth: { userId: number; token: string },
  options: { reconnectPeriodMs?: number } = {},
): Promise<TrackedClient> {
  const handshakes: string[] = [];
  const received = new Map<string, unknown[]>();
  const retained = new Map<string, unknown[]>();
  const waiters = new Set<() => void>();
  const mqttOptions: IClientOptions = {
    protocolVersion: 4,
    clean: true,
    reconnectPeriod: options.reconnectPeriodMs ?? 500,
    connectTimeout: 5000,
    clientId: `jala_cluster_${auth.userId}_${Date.now()}_${Math.random().toString(36).slice(2, 6)}`,
    username: String(auth.userId),
    password: auth.token,
    createWebsocket: (url, protocols) => {
      const socket = new WebSocket(url, protocols);
      socket.once('upgrade', (response: IncomingMessage) => {
        const node = response.headers['x-jala-node'];
        if (typeof node === 'string') handshakes.push(node);
      });
      return socket;
    },
  };
  const client = mqtt.connect(wsUrl, mqttOptions);
  client.on('message', (topic, payload, packet) => {
    const message: unknown = JSON.parse(payload.toString());
    received.set(topic, [...(received.get(topic) ?? []), message]);
    if (packet.retain) retained.set(topic, [...(retained.get(topic) ?? []), message]);
    for (const wake of [...waiters]) wake();
  });
  const tracked: TrackedClient = {
    client,
    handshakes,
    received,
    retained,
    node: () => handshakes.at(-1),
    waitFor(topic, match, timeoutMs = 8000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = (received.get(topic) ?? []).find(match);
          if (found === undefined) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching message on ${topic} within ${timeoutMs} ms`));
        }, timeoutMs);
        if (!check()) waiters.add(check);
      });
    },
    nextConnect(timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no reconnection within ${timeoutMs} ms`)), timeoutMs);
        client.once('connect', () => {
          clearTimeout(timer);
          resolve();
        });
      });
    },
  };
  return new Promise((resolve, reject) => {
    client.once('connect', () => resolve(tracked));
    client.once('error', (error) => {
      client.end(true);
      reject(error);
    });
  });
}

/** Connects until the balancer puts the connection on a node `wanted` accepts (round robin: a few tries). */
export async function connectTrackedOn(
  wsUrl: string,
  auth: { userId: number; token: string },
  wanted: (node: string) => boolean,
  options: { reconnectPeriodMs?: number } = {},
): Promise<TrackedClient> {
  for (let attempt = 0; attempt < 12; attempt += 1) {
    const tracked = await connectTracked(wsUrl, auth, options);
    if (wanted(tracked.node() ?? '')) return tracked;
    await tracked.client.endAsync(true);
  }
  throw new Error('could not land a connection on the wanted node');
}
