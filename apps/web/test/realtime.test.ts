import { renderHook } from '@testing-library/react';
import { waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import type { MqttWsOptions } from '../src/lib/mqtt/ws-client';
import {
  defaultBrokerUrl,
  type MqttLikeClient,
  NOT_CONNECTED,
  RealtimeClient,
  realtimeErrorMessage,
  type RealtimeTimers,
  topicMatches,
} from '../src/lib/realtime/realtime';
import { useRealtimeTopic } from '../src/lib/realtime/use-realtime-topic';

type Listener = (...args: never[]) => void;

/** Stands in for the MQTT client: records calls and lets the test emit connection events. */
class FakeMqttClient implements MqttLikeClient {
  connected = false;
  ended = false;
  readonly subscriptions: string[] = [];
  readonly unsubscriptions: string[] = [];
  readonly published: { topic: string; message: string; retain: boolean | undefined }[] = [];
  private readonly listeners = new Map<string, Listener[]>();

  on(event: string, listener: Listener): this {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this;
  }
  emit(event: string, ...args: unknown[]): void {
    for (const l of this.listeners.get(event) ?? []) (l as (...a: unknown[]) => void)(...args);
  }
  subscribe(topic: string, _options: unknown, callback?: (error: Error | null) => void): this {
    this.subscriptions.push(topic);
    callback?.(null);
    return this;
  }
  unsubscribe(topic: string): this {
    this.unsubscriptions.push(topic);
    return this;
  }
  publish(topic: string, message: string, options: { retain?: boolean }, callback?: (error?: Error) => void): this {
    this.published.push({ topic, message, retain: options.retain });
    callback?.();
    return this;
  }
  end(): this {
    this.ended = true;
    this.connected = false;
    return this;
  }

  // Test helpers mirroring what the MQTT client emits.
  succeed(): void {
    this.connected = true;
    this.emit('connect');
  }
  drop(): void {
    this.connected = false;
    this.emit('close');
  }
  failReconnect(): void {
    this.emit('reconnect');
    this.emit('close');
  }
  deliver(topic: string, text: string): void {
    this.emit('message', topic, new TextEncoder().encode(text));
  }
  /** The broker's SUBACK granted these topics. */
  grant(...topics: string[]): void {
    this.emit('subscribed', topics);
  }
}

/** Fake timers owned by the test: run() fires what is due. */
function fakeTimers() {
  let now = 0;
  let nextId = 1;
  const pending = new Map<number, { at: number; callback: () => void }>();
  const timers: RealtimeTimers = {
    setTimeout: (callback, ms) => {
      const id = nextId++;
      pending.set(id, { at: now + ms, callback });
      return id;
    },
    clearTimeout: (handle) => {
      pending.delete(handle as number);
    },
  };
  const advance = (ms: number): void => {
    now += ms;
    for (const [id, t] of [...pending]) {
      if (t.at <= now) {
        pending.delete(id);
        t.callback();
      }
    }
  };
  return { timers, advance, pendingCount: () => pending.size };
}

async function setup() {
  const fake = new FakeMqttClient();
  const factory = vi.fn((_url: string, _options: MqttWsOptions) => fake);
  const logger = { warn: vi.fn(), info: vi.fn() };
  const clock = fakeTimers();
  const client = new RealtimeClient({
    loadMqtt: async () => factory,
    timers: clock.timers,
    now: () => 1_700_000_000_000,
    brokerUrl: () => 'wss://jala.test/mqtt',
    logger,
  });
  const states: string[] = [];
  client.onConnectionChange((s) => states.push(s));
  await client.connect({ userId: 42, token: 'tok' });
  return { fake, factory, logger, client, states, clock };
}

describe('realtime client', () => {
  it('connects with the spec options: client id, clean session, 1 s reconnect, 30 s timeout', async () => {
    const { factory } = await setup();
    expect(factory).toHaveBeenCalledTimes(1);
    const [url, options] = factory.mock.calls[0] ?? [];
    expect(url).toBe('wss://jala.test/mqtt');
    expect(options).toMatchObject({
      clientId: 'jala_web_42_1700000000000',
      username: '42',
      password: 'tok',
      clean: true,
      reconnectPeriod: 1000,
      connectTimeout: 30000,
    });
  });

  it("uses 'anon' in the client id without a user", async () => {
    const fake = new FakeMqttClient();
    const factory = vi.fn((_url: string, _options: MqttWsOptions) => fake);
    const client = new RealtimeClient({ loadMqtt: async () => factory, now: () => 5, brokerUrl: () => 'ws://x/mqtt' });
    await client.connect({ userId: null, token: 't' });
    expect(factory.mock.calls[0]?.[1].clientId).toBe('jala_web_anon_5');
  });

  it('builds the broker URL from the page location (ws on http)', () => {
    expect(defaultBrokerUrl()).toBe(`ws://${location.host}/mqtt`);
  });

  it('subscribe and publish throw "MQTT client not connected" until connected; screens show Spanish', async () => {
    const { client } = await setup();
    expect(() => client.subscribe('trip_offers/1', () => {})).toThrow(NOT_CONNECTED);
    expect(() => client.publish('trip_status/1', { status: 'accepted' })).toThrow(NOT_CONNECTED);
    expect(realtimeErrorMessage(new Error(NOT_CONNECTED))).toBe('Sin conexión en tiempo real');
  });

  it('hands JSON payloads to the handlers of their topic and ignores malformed ones', async () => {
    const { fake, client, logger } = await setup();
    fake.succeed();
    const offers = vi.fn();
    const chat = vi.fn();
    client.subscribe('trip_offers/7', offers);
    client.subscribe('chat/7/+', chat);
    expect(fake.subscriptions).toEqual(['trip_offers/7', 'chat/7/+']);

    fake.deliver('trip_offers/7', '{"driver_id":3,"price":12.5}');
    fake.deliver('chat/7/3', '{"message":"hola"}');
    fake.deliver('trip_offers/7', 'not json');
    fake.deliver('trip_offers/8', '{"price":1}');

    expect(offers).toHaveBeenCalledTimes(1);
    expect(offers).toHaveBeenCalledWith({ driver_id: 3, price: 12.5 }, 'trip_offers/7');
    expect(chat).toHaveBeenCalledWith({ message: 'hola' }, 'chat/7/3');
    expect(logger.warn).toHaveBeenCalledWith(expect.stringContaining('malformed'));
  });

  it('unsubscribes at the broker when the last handler of a topic goes', async () => {
    const { fake, client } = await setup();
    fake.succeed();
    const offA = client.subscribe('trip_offers/1', () => {});
    const offB = client.subscribe('trip_offers/1', () => {});
    expect(fake.subscriptions).toEqual(['trip_offers/1']);
    offA();
    expect(fake.unsubscriptions).toEqual([]);
    offB();
    expect(fake.unsubscriptions).toEqual(['trip_offers/1']);
  });

  it('publishes JSON with the retain flag', async () => {
    const { fake, client } = await setup();
    fake.succeed();
    await client.publish('trip_status/1', { status: 'cancelled_by_passenger' }, { retain: true });
    expect(fake.published).toEqual([
      { topic: 'trip_status/1', message: '{"status":"cancelled_by_passenger"}', retain: true },
    ]);
  });

  it('ends the client after 5 failed reconnects', async () => {
    const { fake, client, states } = await setup();
    fake.succeed();
    fake.drop();
    for (let i = 1; i <= 4; i++) {
      fake.failReconnect();
      expect(client.getFailedReconnects()).toBe(i);
      expect(fake.ended).toBe(false);
    }
    fake.failReconnect();
    expect(fake.ended).toBe(true);
    expect(client.getState()).toBe('offline');
    expect(client.isConnected()).toBe(false);
    expect(states).toEqual(['connecting', 'connected', 'reconnecting', 'offline']);
  });

  it('after giving up, a fresh client comes back on a back-off timer (2 s, then 4 s) and resubscribes every topic', async () => {
    const fakes = [new FakeMqttClient(), new FakeMqttClient(), new FakeMqttClient()];
    let made = 0;
    const factory = vi.fn(() => fakes[made++]!);
    const clock = fakeTimers();
    const client = new RealtimeClient({
      loadMqtt: async () => factory,
      timers: clock.timers,
      brokerUrl: () => 'wss://jala.test/mqtt',
      logger: { warn: vi.fn(), info: vi.fn() },
    });
    const states: string[] = [];
    client.onConnectionChange((state) => states.push(state));
    await client.connect({ userId: 42, token: 'tok' });
    fakes[0]!.succeed();
    client.subscribe('trip_status/7', () => {});
    fakes[0]!.drop();
    // Each fresh client gives up too while the server is still down; each next try waits twice as long.
    for (const [given, backoffMs] of [
      [0, 2_000],
      [1, 4_000],
    ] as const) {
      for (let i = 0; i < 5; i++) fakes[given]!.failReconnect();
      expect(client.getState()).toBe('offline');
      clock.advance(backoffMs - 1);
      expect(factory).toHaveBeenCalledTimes(given + 1);
      clock.advance(1);
      await waitFor(() => expect(factory).toHaveBeenCalledTimes(given + 2));
    }
    fakes[2]!.succeed();
    expect(client.getState()).toBe('connected');
    expect(fakes[2]!.subscriptions).toEqual(['trip_status/7']);
    expect(clock.pendingCount()).toBe(0);
  });

  it('a page coming back to the front or the network coming back opens a fresh client at once; logout stops it', async () => {
    const fakes = [new FakeMqttClient(), new FakeMqttClient(), new FakeMqttClient()];
    let made = 0;
    const factory = vi.fn(() => fakes[made++]!);
    const client = new RealtimeClient({
      loadMqtt: async () => factory,
      timers: fakeTimers().timers,
      brokerUrl: () => 'wss://jala.test/mqtt',
      logger: { warn: vi.fn(), info: vi.fn() },
    });
    const listeners = new Map<string, () => void>();
    let visible = false;
    const stop = client.installRecovery({
      addEventListener: (type, listener) => listeners.set(type, listener),
      removeEventListener: (type) => listeners.delete(type),
      isVisible: () => visible,
    });
    await client.connect({ userId: 42, token: 'tok' });
    fakes[0]!.succeed();
    listeners.get('online')!();
    expect(factory).toHaveBeenCalledTimes(1); // connected: nothing to heal
    fakes[0]!.drop();
    listeners.get('visibilitychange')!();
    expect(factory).toHaveBeenCalledTimes(1); // still hidden
    visible = true;
    listeners.get('visibilitychange')!();
    await waitFor(() => expect(factory).toHaveBeenCalledTimes(2));
    expect(fakes[0]!.ended).toBe(true);
    fakes[1]!.drop();
    listeners.get('online')!();
    await waitFor(() => expect(factory).toHaveBeenCalledTimes(3));
    client.disconnect();
    listeners.get('online')!();
    expect(factory).toHaveBeenCalledTimes(3);
    stop();
    expect(listeners.size).toBe(0);
  });

  it('a successful reconnect resets the failure count', async () => {
    const { fake, client } = await setup();
    fake.succeed();
    fake.drop();
    for (let i = 0; i < 4; i++) fake.failReconnect();
    fake.emit('reconnect');
    fake.succeed();
    expect(client.getFailedReconnects()).toBe(0);
    fake.drop();
    for (let i = 0; i < 4; i++) fake.failReconnect();
    expect(fake.ended).toBe(false);
    expect(client.getState()).toBe('reconnecting');
  });

  it('counts failures of the very first connection too', async () => {
    const { fake } = await setup();
    fake.drop(); // the initial attempt fails: not a reconnect yet
    for (let i = 0; i < 5; i++) fake.failReconnect();
    expect(fake.ended).toBe(true);
  });

  it('whenConnected resolves on connect and rejects after its timeout on injected timers', async () => {
    const { fake, client, clock } = await setup();
    const late = client.whenConnected(30_000);
    clock.advance(29_999);
    fake.succeed();
    await expect(late).resolves.toBeUndefined();
    expect(clock.pendingCount()).toBe(0);

    fake.drop();
    const never = client.whenConnected(30_000);
    clock.advance(30_000);
    await expect(never).rejects.toThrow(NOT_CONNECTED);
  });

  it('disconnect ends the client and ignores its late events', async () => {
    const { fake, client, states } = await setup();
    fake.succeed();
    client.disconnect();
    expect(fake.ended).toBe(true);
    fake.emit('connect');
    expect(client.getState()).toBe('disconnected');
    expect(states.at(-1)).toBe('disconnected');
  });

  it('onLive runs when the broker grants the topic (SUBACK), not when SUBSCRIBE is sent, and again after every resubscription', async () => {
    const { fake, client } = await setup();
    fake.succeed();
    const onLive = vi.fn();
    client.subscribe('chat/4/9', () => {}, { onLive });
    expect(fake.subscriptions).toEqual(['chat/4/9']);
    expect(onLive).not.toHaveBeenCalled();
    fake.grant('chat/4/9');
    expect(onLive).toHaveBeenCalledTimes(1);

    // The link comes back: CONNACK alone is not enough, the resubscription's SUBACK is.
    fake.drop();
    fake.emit('reconnect');
    fake.succeed();
    expect(client.getState()).toBe('connected');
    expect(onLive).toHaveBeenCalledTimes(1);
    fake.grant('chat/4/9');
    expect(onLive).toHaveBeenCalledTimes(2);
  });

  it('a second handler of a granted topic is live at once; of a topic not granted yet (or any more), it waits for the SUBACK', async () => {
    const { fake, client } = await setup();
    fake.succeed();
    client.subscribe('a', () => {});
    fake.grant('a');
    const late = vi.fn();
    client.subscribe('a', () => {}, { onLive: late });
    expect(late).toHaveBeenCalledTimes(1);

    client.subscribe('b', () => {});
    const waiting = vi.fn();
    client.subscribe('b', () => {}, { onLive: waiting });
    expect(waiting).not.toHaveBeenCalled();
    fake.grant('b');
    expect(waiting).toHaveBeenCalledTimes(1);

    fake.drop();
    fake.succeed(); // reconnected, resubscription not acknowledged yet
    const afterDrop = vi.fn();
    client.subscribe('a', () => {}, { onLive: afterDrop });
    expect(afterDrop).not.toHaveBeenCalled();
    fake.grant('a', 'b');
    expect(afterDrop).toHaveBeenCalledTimes(1);
    expect(late).toHaveBeenCalledTimes(2);
  });

  it('ignores grants of topics nobody follows any more and grants from a client it replaced', async () => {
    const fakes = [new FakeMqttClient(), new FakeMqttClient()];
    let made = 0;
    const client = new RealtimeClient({
      loadMqtt: async () => () => fakes[made++]!,
      brokerUrl: () => 'wss://jala.test/mqtt',
      logger: { warn: vi.fn(), info: vi.fn() },
    });
    await client.connect({ userId: 42, token: 'tok' });
    fakes[0]!.succeed();
    const onLive = vi.fn();
    const stop = client.subscribe('a', () => {}, { onLive });
    await client.connect({ userId: 42, token: 'tok' }); // e.g. a recovery: a fresh client
    fakes[0]!.grant('a');
    expect(onLive).not.toHaveBeenCalled();
    fakes[1]!.succeed();
    expect(fakes[1]!.subscriptions).toEqual(['a']);
    fakes[1]!.grant('a');
    expect(onLive).toHaveBeenCalledTimes(1);
    stop();
    fakes[1]!.grant('a');
    expect(onLive).toHaveBeenCalledTimes(1);
  });

  it('useRealtimeTopic refetches (onLive) on each SUBACK, not on subscribing nor on reconnecting', async () => {
    const { fake, client } = await setup();
    const onLive = vi.fn();
    const onMessage = vi.fn();
    const schema = { safeParse: (payload: unknown) => ({ success: true as const, data: payload }) };
    const { unmount } = renderHook(() => useRealtimeTopic('trip_status/3', schema, { client, onMessage, onLive }));
    expect(fake.subscriptions).toEqual([]); // not connected yet: waits for the link
    fake.succeed();
    expect(fake.subscriptions).toEqual(['trip_status/3']);
    expect(onLive).not.toHaveBeenCalled();
    fake.grant('trip_status/3');
    expect(onLive).toHaveBeenCalledTimes(1);

    fake.drop();
    fake.succeed();
    expect(onLive).toHaveBeenCalledTimes(1);
    fake.grant('trip_status/3');
    expect(onLive).toHaveBeenCalledTimes(2);
    fake.deliver('trip_status/3', '{"status":"accepted"}');
    expect(onMessage).toHaveBeenCalledWith({ status: 'accepted' }, 'trip_status/3');

    unmount();
    expect(fake.unsubscriptions).toEqual(['trip_status/3']);
  });

  it('topic filters follow MQTT wildcards', () => {
    expect(topicMatches('chat/1/+', 'chat/1/2')).toBe(true);
    expect(topicMatches('chat/#', 'chat/1/2')).toBe(true);
    expect(topicMatches('chat/1/+', 'chat/1/2/3')).toBe(false);
    expect(topicMatches('trip_offers/1', 'trip_offers/10')).toBe(false);
  });
});
