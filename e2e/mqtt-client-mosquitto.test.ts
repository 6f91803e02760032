/**
 * The web app's own MQTT 3.1.1 client (apps/web/src/lib/mqtt) against a second, independent broker:
 * Debian's Mosquitto with a WebSocket listener, started (and killed) by this file on a free port
 * (e2e/support/mosquitto-ws.conf). No Jala server, no auth: what is checked is the protocol — connect,
 * SUBACK, QoS 0 and 1 both ways, resubscription after the broker dies and comes back, and the QoS 1 resend
 * (DUP, same packet id) after a lost PUBACK and after a broker crash.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { ChatMessage } from '@jala/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { mergeChat, newChatMessageId } from '../apps/web/src/features/live-trip/shared/chat/merge-chat';
import { MqttWsClient, type MqttWsOptions, type SocketFactory } from '../apps/web/src/lib/mqtt/ws-client';
import { type Mosquitto, startMosquitto } from './support/mosquitto';
import { lossyLink, nodeSocket } from './support/mqtt-link';
import { freePort } from './support/server-process';

const RECONNECT_MS = 200;
const decoder = new TextDecoder();

/** A client and what it heard, with waits on its events. */
interface Probe {
  client: MqttWsClient;
  /** Events in order: 'connect', 'close', 'subscribed:<topics>', 'message:<topic>'. */
  events: string[];
  messages: { topic: string; text: string }[];
  /** Resolves when `count` events match `pattern` (counting those already seen). */
  until(pattern: RegExp, count?: number): Promise<void>;
}

describe("the web app's MQTT client against Mosquitto over WebSocket", () => {
  let dir: string;
  let port: number;
  let broker: Mosquitto;
  const clients: MqttWsClient[] = [];
  let sequence = 0;

  function probe(
    name: string,
    createSocket: SocketFactory = nodeSocket,
    overrides: Partial<MqttWsOptions> = {},
  ): Probe {
    const options: MqttWsOptions = {
      clientId: `jala_web_${name}_${++sequence}`,
      clean: true,
      reconnectPeriod: RECONNECT_MS,
      connectTimeout: 10_000,
      ...overrides,
    };
    const client = new MqttWsClient(`ws://127.0.0.1:${port}/mqtt`, options, { createSocket });
    clients.push(client);
    const events: string[] = [];
    const messages: { topic: string; text: string }[] = [];
    const waiters = new Set<() => void>();
    const record = (event: string): void => {
      events.push(event);
      for (const check of [...waiters]) check();
    };
    client.on('connect', () => record('connect'));
    client.on('close', () => record('close'));
    client.on('subscribed', (topics) => record(`subscribed:${topics.join(',')}`));
    client.on('message', (topic, payload) => {
      messages.push({ topic, text: decoder.decode(payload) });
      record(`message:${topic}`);
    });
    const until = (pattern: RegExp, count = 1): Promise<void> =>
      new Promise((resolve) => {
        const check = (): void => {
          if (events.filter((event) => pattern.test(event)).length < count) return;
          waiters.delete(check);
          resolve();
        };
        waiters.add(check);
        check();
      });
    return { client, events, messages, until };
  }

  const subscribe = (client: MqttWsClient, topic: string, qos: 0 | 1): Promise<Error | null> =>
    new Promise((resolve) => client.subscribe(topic, { qos }, resolve));
  const publish = (client: MqttWsClient, topic: string, text: string, qos: 0 | 1): Promise<Error | undefined> =>
    new Promise((resolve) => client.publish(topic, text, { qos, retain: false }, resolve));

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'jala-mosquitto-'));
    port = await freePort();
    broker = await startMosquitto(dir, port);
  });

  afterEach(() => {
    for (const client of clients.splice(0)) client.end(true);
  });

  afterAll(async () => {
    await broker?.kill();
    rmSync(dir, { recursive: true, force: true });
  });

  it('connects, is granted QoS 0 and 1 subscriptions on SUBACK, and carries QoS 0 and QoS 1 publications', async () => {
    const a = probe('a');
    const b = probe('b');
    await Promise.all([a.until(/^connect$/), b.until(/^connect$/)]);
    expect(broker.log()).toContain(`Opening websockets listen socket on port ${port}`);

    expect(await subscribe(a.client, 'jala/m1/q0', 0)).toBeNull();
    expect(await subscribe(a.client, 'jala/m1/q1', 1)).toBeNull();
    expect(a.events).toEqual(['connect', 'subscribed:jala/m1/q0', 'subscribed:jala/m1/q1']);

    expect(await publish(b.client, 'jala/m1/q0', 'cero', 0)).toBeUndefined();
    await a.until(/^message:jala\/m1\/q0$/);
    // Resolves on Mosquitto's PUBACK.
    expect(await publish(b.client, 'jala/m1/q1', 'uno ✓', 1)).toBeUndefined();
    await a.until(/^message:jala\/m1\/q1$/);
    // And back the other way, to a QoS 1 subscription of b's.
    expect(await subscribe(b.client, 'jala/m1/back', 1)).toBeNull();
    expect(await publish(a.client, 'jala/m1/back', 'vuelta', 1)).toBeUndefined();
    await b.until(/^message:jala\/m1\/back$/);

    expect(a.messages).toEqual([
      { topic: 'jala/m1/q0', text: 'cero' },
      { topic: 'jala/m1/q1', text: 'uno ✓' },
    ]);
    expect(b.messages).toEqual([{ topic: 'jala/m1/back', text: 'vuelta' }]);
  });

  it('resubscribes by itself after Mosquitto is killed and started again, and is live only on the SUBACK', async () => {
    const a = probe('a');
    await a.until(/^connect$/);
    expect(await subscribe(a.client, 'jala/m2/status', 1)).toBeNull();

    await broker.kill();
    await a.until(/^close$/);
    broker = await startMosquitto(dir, port);
    await a.until(/^subscribed:jala\/m2\/status$/, 2);
    // After the reconnect: CONNACK first, then the resubscription's SUBACK.
    const afterCrash = a.events.slice(a.events.indexOf('close'));
    expect(afterCrash.filter((event) => event !== 'close')).toEqual(['connect', 'subscribed:jala/m2/status']);

    const b = probe('b');
    await b.until(/^connect$/);
    expect(await publish(b.client, 'jala/m2/status', '{"status":"accepted"}', 1)).toBeUndefined();
    await a.until(/^message:jala\/m2\/status$/);
    expect(a.messages).toEqual([{ topic: 'jala/m2/status', text: '{"status":"accepted"}' }]);
  });

  it('resends a QoS 1 publish whose PUBACK the link lost (DUP, same packet id); the chat shows it once', async () => {
    const receiver = probe('receiver');
    await receiver.until(/^connect$/);
    expect(await subscribe(receiver.client, 'jala/m3/chat', 1)).toBeNull();
    const lossy = lossyLink(1);
    const sender = probe('sender', lossy.createSocket);
    await sender.until(/^connect$/);

    const message: ChatMessage = {
      id: newChatMessageId(),
      sender: 7,
      role: 'passenger',
      message: 'Estoy en la puerta',
      timestamp: new Date().toISOString(),
    };
    // Resolves on the PUBACK of the resend, after the reconnect.
    expect(await publish(sender.client, 'jala/m3/chat', JSON.stringify(message), 1)).toBeUndefined();
    expect(sender.events).toEqual(['connect', 'close', 'connect']);
    const [first, resent] = lossy.publishes;
    expect(first).toHaveLength(1);
    expect(first?.[0]).toMatchObject({ dup: false, qos: 1 });
    expect(lossy.lostPubacks).toEqual([first?.[0]?.messageId]);
    expect(resent).toEqual([expect.objectContaining({ dup: true, qos: 1, messageId: first?.[0]?.messageId })]);

    // Mosquitto routed both copies (QoS 1 is at least once); the chat merges them by the message's id.
    await receiver.until(/^message:jala\/m3\/chat$/, 2);
    const delivered = receiver.messages.map(({ text }) => JSON.parse(text) as ChatMessage);
    expect(delivered).toEqual([message, message]);
    expect(mergeChat([], delivered)).toEqual([message]);
  });

  it('resends a QoS 1 publish the broker took down with it: delivered once, after the restart', async () => {
    const receiver = probe('receiver');
    await receiver.until(/^connect$/);
    expect(await subscribe(receiver.client, 'jala/m4/location', 1)).toBeNull();
    // The sender's new connections wait at this gate, so the receiver is resubscribed before the resend.
    let openGate: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (openGate = resolve));
    let sockets = 0;
    const gated: SocketFactory = (url, handlers) =>
      ++sockets === 1
        ? nodeSocket(url, handlers)
        : nodeSocket(url, { ...handlers, open: () => void gate.then(() => handlers.open()) });
    const sender = probe('sender', gated);
    await sender.until(/^connect$/);

    // Mosquitto stops answering, takes the PUBLISH into its socket buffer, and dies without reading it.
    broker.pause();
    const acknowledged = publish(sender.client, 'jala/m4/location', '{"latitude":-12.12,"longitude":-77.03}', 1);
    await broker.kill();
    await Promise.all([receiver.until(/^close$/), sender.until(/^close$/)]);

    broker = await startMosquitto(dir, port);
    await receiver.until(/^subscribed:jala\/m4\/location$/, 2);
    openGate();
    expect(await acknowledged).toBeUndefined();
    await receiver.until(/^message:jala\/m4\/location$/);
    expect(receiver.messages).toEqual([{ topic: 'jala/m4/location', text: '{"latitude":-12.12,"longitude":-77.03}' }]);
  });
});
