import mqtt, { type MqttClient } from 'mqtt';
import { expect } from 'vitest';

/** Connects a real MQTT-over-WebSocket client the way the web app does (protocol 3.1.1, token as password). */
export function connectMqtt(
  wsUrl: string,
  auth: {
    userId?: number;
    token?: string;
    clientId?: string;
    clean?: boolean;
    will?: { topic: string; payload: string };
  },
): Promise<MqttClient> {
  return new Promise((resolve, reject) => {
    const client = mqtt.connect(wsUrl, {
      protocolVersion: 4,
      clean: auth.clean ?? true,
      ...(auth.will ? { will: { ...auth.will, qos: 0 as const, retain: false } } : {}),
      reconnectPeriod: 0,
      connectTimeout: 5000,
      clientId:
        auth.clientId ?? `jala_test_${auth.userId ?? 0}_${Date.now()}_${Math.random().toString(36).slice(2, 6)}`,
      ...(auth.userId ? { username: String(auth.userId) } : {}),
      ...(auth.token ? { password: auth.token } : {}),
    });
    client.once('connect', () => resolve(client));
    client.once('error', (error) => {
      client.end(true);
      reject(error);
    });
  });
}

/** Subscribes and returns the granted QoS (128 means the broker refused). */
export async function subscribeQos(client: MqttClient, topic: string): Promise<number> {
  try {
    const granted = await client.subscribeAsync(topic);
    return granted[0]?.qos ?? -1;
  } catch (error) {
    // mqtt.js rejects when the SUBACK carries the failure code.
    const packet = (error as { packet?: { granted?: number[] } }).packet;
    if (packet?.granted?.[0] === 128) return 128;
    throw error;
  }
}

/**
 * How long a test waits for a message before it fails. A wait ends when the message arrives, so this is a
 * ceiling for a busy machine, not a duration; it stays under the server project's testTimeout.
 */
export const MESSAGE_WAIT_MS = 20_000;

/** Resolves with the next message on `topic`; rejects when none came within `ms` (a ceiling). */
export function nextMessage(client: MqttClient, topic: string, ms = MESSAGE_WAIT_MS): Promise<unknown> {
  return nextMessageWhere(client, topic, () => true, ms);
}

/** Resolves with the next message on `topic` that `matches`; rejects when none came within `ms` (a ceiling). */
export function nextMessageWhere(
  client: MqttClient,
  topic: string,
  matches: (message: unknown) => boolean,
  ms = MESSAGE_WAIT_MS,
): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      client.off('message', onMessage);
      reject(new Error(`no message on ${topic} within ${ms} ms`));
    }, ms);
    function onMessage(received: string, payload: Buffer) {
      if (received !== topic) return;
      const message: unknown = JSON.parse(payload.toString());
      if (!matches(message)) return;
      clearTimeout(timer);
      client.off('message', onMessage);
      resolve(message);
    }
    client.on('message', onMessage);
  });
}

/**
 * Connects `user` as the web app does, subscribes to `topic` (the broker must grant QoS 0) and starts
 * waiting for the next message there: how a test catches what a write of the server pushes. The caller
 * ends `client`; a refused subscription ends it here.
 */
export async function awaitNextMessage(wsUrl: string, user: { id: number; token: string }, topic: string) {
  const client = await connectMqtt(wsUrl, { userId: user.id, token: user.token });
  try {
    expect(await subscribeQos(client, topic)).toBe(0);
  } catch (error) {
    client.end(true);
    throw error;
  }
  return { client, message: nextMessage(client, topic) };
}

/** The message `action` makes the server push to `user` on `topic`; the connection is ended afterwards. */
export async function pushedDuring(
  wsUrl: string,
  user: { id: number; token: string },
  topic: string,
  action: () => Promise<void>,
): Promise<unknown> {
  const { client, message } = await awaitNextMessage(wsUrl, user, topic);
  try {
    await action();
    return await message;
  } finally {
    client.end(true);
  }
}

/**
 * Resolves when the broker closes `client`'s connection: that is how it refuses a publish (aedes ends an
 * MQTT 3.1.1 connection whose publish the ACL denies), so after this nothing of that publish can arrive.
 */
export function refused(client: MqttClient, ms = MESSAGE_WAIT_MS): Promise<void> {
  return new Promise((resolve, reject) => {
    if (!client.connected) return resolve();
    const timer = setTimeout(
      () => reject(new Error(`the broker did not close ${client.options.clientId} within ${ms} ms`)),
      ms,
    );
    client.once('close', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/** What {@link listen} heard. */
export interface Heard {
  /**
   * Sends a sentinel with `send` (a fresh object it must publish on `sentinelTopic`, default the listened
   * topic, somewhere `client` receives it) and resolves, once it arrives, with the messages heard on the
   * listened topic before it: how a test shows that nothing arrived, bounded by a later event instead of
   * a fixed time.
   */
  untilSentinel(
    send: (sentinel: { sentinel: string }) => Promise<unknown> | void,
    sentinelTopic?: string,
  ): Promise<unknown[]>;
}

let sentinels = 0;

/** Starts recording the messages `client` receives on `topic` (it must be subscribed already). */
export function listen(client: MqttClient, topic: string): Heard {
  const heard: unknown[] = [];
  const record = (received: string, payload: Buffer) => {
    if (received === topic) heard.push(parse(payload));
  };
  client.on('message', record);
  return {
    async untilSentinel(send, sentinelTopic = topic) {
      const sentinel = { sentinel: `s${process.pid}_${(sentinels += 1)}` };
      const isSentinel = (message: unknown) =>
        (message as { sentinel?: unknown } | null)?.sentinel === sentinel.sentinel;
      try {
        const arrived = new Promise<void>((resolve, reject) => {
          const timer = setTimeout(() => {
            client.off('message', onMessage);
            reject(new Error(`the sentinel on ${sentinelTopic} did not arrive within ${MESSAGE_WAIT_MS} ms`));
          }, MESSAGE_WAIT_MS);
          function onMessage(received: string, payload: Buffer) {
            if (received !== sentinelTopic || !isSentinel(parse(payload))) return;
            clearTimeout(timer);
            client.off('message', onMessage);
            resolve();
          }
          client.on('message', onMessage);
        });
        await send(sentinel);
        await arrived;
        return heard.filter((message) => !isSentinel(message));
      } finally {
        client.off('message', record);
      }
    },
  };
}

function parse(payload: Buffer): unknown {
  try {
    return JSON.parse(payload.toString());
  } catch {
    return payload.toString();
  }
}
