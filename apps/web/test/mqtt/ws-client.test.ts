// @vitest-environment node
/**
 * Unit tests of the web app's own MQTT 3.1.1 client over WebSocket (lib/mqtt/ws-client.ts), on a fake socket
 * factory and a fake clock owned by the test. The fake socket calls the client's handlers only when the test
 * says so; what the client sends is decoded by the independent `mqtt-packet` parser, and what the broker sends
 * is written here byte by byte (OASIS MQTT 3.1.1, section 3), but for PUBLISH, which `mqtt-packet` generates.
 */
import mqttPacket, { type Packet } from 'mqtt-packet';
import { afterEach, describe, expect, it } from 'vitest';

import { MqttProtocolError } from '@/lib/mqtt/packets';
import {
  type ClientSocket,
  connectMqttOverWebSocket,
  MqttWsClient,
  type MqttWsDeps,
  type MqttWsOptions,
  type SocketHandlers,
} from '@/lib/mqtt/ws-client';

const BROKER_URL = 'ws://broker.test/mqtt';
const RECONNECT_MS = 1_000;
const CONNECT_TIMEOUT_MS = 5_000;

// ---------------------------------------------------------------------------------------------------------
// Broker → client bytes, written by hand.

const u16 = (value: number): number[] => [value >> 8, value & 0xff];

const connack = (returnCode: number, sessionPresent = false): number[] => [
  0x20,
  0x02,
  sessionPresent ? 1 : 0,
  returnCode,
];
const suback = (packetId: number, ...granted: number[]): number[] => [
  0x90,
  2 + granted.length,
  ...u16(packetId),
  ...granted,
];
const unsuback = (packetId: number): number[] => [0xb0, 0x02, ...u16(packetId)];
const puback = (packetId: number): number[] => [0x40, 0x02, ...u16(packetId)];
const pingresp = (): number[] => [0xd0, 0x00];

/** A broker PUBLISH (its variable-length header is mqtt-packet's); `packetId` only at QoS 1 (or a hand-made
 * QoS 2 for the protocol error test). */
function publish(topic: string, payload: string | number[], qos: 0 | 1 | 2 = 0, packetId?: number): number[] {
  const packet = {
    cmd: 'publish',
    topic,
    payload: Buffer.from(payload),
    qos,
    retain: false,
    dup: false,
    messageId: qos > 0 ? (packetId ?? 1) : undefined,
  } as const;
  return [...mqttPacket.generate(packet)];
}

/** Bytes on a fresh ArrayBuffer, the way a browser WebSocket with binaryType 'arraybuffer' delivers them. */
function arrayBuffer(bytes: number[]): ArrayBuffer {
  return Uint8Array.from(bytes).buffer;
}

// ---------------------------------------------------------------------------------------------------------
// Fake clock.

class FakeClock {
  now = 0;
  private nextHandle = 1;
  private readonly timers = new Map<number, { at: number; callback: () => void }>();

  readonly setTimeout = (callback: () => void, ms: number): unknown => {
    const handle = this.nextHandle++;
    this.timers.set(handle, { at: this.now + ms, callback });
    return handle;
  };

  readonly clearTimeout = (handle: unknown): void => {
    this.timers.delete(handle as number);
  };

  /** Timers not yet fired nor cleared. */
  get pending(): number {
    return this.timers.size;
  }

  /** Moves time forward by `ms`, firing every timer that falls due, earliest first (ties in creation order). */
  advance(ms: number): void {
    const target = this.now + ms;
    for (;;) {
      let next: [number, { at: number; callback: () => void }] | null = null;
      for (const entry of this.timers) {
        if (entry[1].at <= target && (next === null || entry[1].at < next[1].at)) next = entry;
      }
      if (next === null) break;
      this.timers.delete(next[0]);
      this.now = next[1].at;
      next[1].callback();
    }
    this.now = target;
  }
}

// ---------------------------------------------------------------------------------------------------------
// Fake socket: records and decodes what the client sends; calls the client's handlers only on demand.

class FakeSocket implements ClientSocket {
  closed = false;
  /** Calls to send(). */
  sends = 0;
  /** Every packet the client sent on this socket, decoded by mqtt-packet. */
  readonly packets: Packet[] = [];
  readonly parseErrors: Error[] = [];
  private readonly parser = mqttPacket.parser({ protocolVersion: 4 });

  constructor(
    readonly url: string,
    private readonly handlers: SocketHandlers,
  ) {
    this.parser.on('packet', (packet: Packet) => this.packets.push(packet));
    this.parser.on('error', (error: Error) => this.parseErrors.push(error));
  }

  send(bytes: Uint8Array): void {
    this.sends++;
    this.parser.parse(Buffer.from(bytes));
  }

  close(): void {
    this.closed = true;
  }

  // What the test makes the socket do.
  open(): void {
    this.handlers.open();
  }
  receive(...packets: number[][]): void {
    this.handlers.message(arrayBuffer(packets.flat()));
  }
  receiveRaw(data: unknown): void {
    this.handlers.message(data);
  }
  drop(): void {
    this.handlers.close();
  }

  /** The commands of the packets sent so far. */
  get commands(): string[] {
    return this.packets.map((packet) => packet.cmd);
  }

  /** The last packet sent, of the given type. */
  last<C extends Packet['cmd']>(cmd: C): Extract<Packet, { cmd: C }> {
    const found = this.packets.findLast((packet) => packet.cmd === cmd);
    if (!found) throw new Error(`no ${cmd} sent; sent: ${this.commands.join(', ')}`);
    return found as Extract<Packet, { cmd: C }>;
  }
}

/** Every socket made by the current test, checked after it: each send() carried exactly one valid packet. */
let allSockets: FakeSocket[] = [];

afterEach(() => {
  for (const socket of allSockets) {
    expect(socket.parseErrors).toEqual([]);
    expect(socket.packets).toHaveLength(socket.sends);
  }
  allSockets = [];
});

/** The client's socket factory and timers, faked: each socket made lands in `sockets` (and in `allSockets`). */
function fakeEnvironment(clock: FakeClock, sockets: FakeSocket[]): MqttWsDeps {
  return {
    createSocket: (url, handlers) => {
      const socket = new FakeSocket(url, handlers);
      sockets.push(socket);
      allSockets.push(socket);
      return socket;
    },
    setTimeout: clock.setTimeout,
    clearTimeout: clock.clearTimeout,
  };
}

type EventName = 'connect' | 'close' | 'offline' | 'reconnect' | 'end';

function setup(overrides: Partial<MqttWsOptions> = {}) {
  const clock = new FakeClock();
  const sockets: FakeSocket[] = [];
  const events: string[] = [];
  const errors: Error[] = [];
  const messages: { topic: string; payload: Uint8Array }[] = [];
  /** The topics of each 'subscribed' event (a SUBACK's grants). */
  const granted: string[][] = [];
  const options: MqttWsOptions = {
    clientId: 'jala_web_7_1700000000000',
    username: '7',
    password: 'token-abc',
    clean: true,
    reconnectPeriod: RECONNECT_MS,
    connectTimeout: CONNECT_TIMEOUT_MS,
    ...overrides,
  };
  const client = new MqttWsClient(BROKER_URL, options, fakeEnvironment(clock, sockets));
  for (const event of ['connect', 'close', 'offline', 'reconnect', 'end'] as EventName[])
    client.on(event, () => events.push(event));
  client.on('error', (error) => {
    events.push('error');
    errors.push(error);
  });
  client.on('message', (topic, payload) => {
    events.push('message');
    messages.push({ topic, payload });
  });
  client.on('subscribed', (topics) => granted.push(topics));

  /** The socket of the current (latest) attempt. */
  const socket = (): FakeSocket => {
    const last = sockets.at(-1);
    if (!last) throw new Error('no socket');
    return last;
  };
  /** Opens the latest socket and accepts the connection. */
  const connect = (): FakeSocket => {
    const current = socket();
    current.open();
    current.receive(connack(0));
    return current;
  };
  /** Drops the link and waits out the reconnect period: the new attempt's socket. */
  const dropAndRetry = (): FakeSocket => {
    socket().drop();
    clock.advance(RECONNECT_MS);
    return socket();
  };
  return { client, clock, sockets, events, errors, messages, granted, options, socket, connect, dropAndRetry };
}

/** Records each call of a callback by its error argument (undefined or null when it succeeded). */
function callbackLog<E extends Error | null | undefined>() {
  const calls: (E | undefined)[] = [];
  return { calls, callback: (error?: E): void => void calls.push(error) };
}

const decode = (payload: Uint8Array): string => new TextDecoder().decode(payload);

// ---------------------------------------------------------------------------------------------------------

describe('MqttWsClient: connecting', () => {
  it('opens one socket at once, sends nothing before it opens, then CONNECT with the options (keepalive 60 by default)', () => {
    const { sockets, socket, events } = setup();
    expect(sockets).toHaveLength(1);
    expect(socket().url).toBe(BROKER_URL);
    expect(socket().sends).toBe(0);

    socket().open();
    expect(socket().commands).toEqual(['connect']);
    const connect = socket().last('connect');
    expect(connect).toMatchObject({
      protocolId: 'MQTT',
      protocolVersion: 4,
      clientId: 'jala_web_7_1700000000000',
      username: '7',
      clean: true,
      keepalive: 60,
    });
    expect(connect.password?.toString('utf8')).toBe('token-abc');
    expect(events).toEqual([]);
  });

  it('sends a password without a username with an empty username, and neither when none is given', () => {
    const withPassword = setup({ username: undefined, password: 'secret', keepalive: 25, clean: false });
    withPassword.socket().open();
    const connect = withPassword.socket().last('connect');
    expect(connect).toMatchObject({ username: '', clean: false, keepalive: 25 });
    expect(connect.password?.toString('utf8')).toBe('secret');

    const anonymous = setup({ username: undefined, password: undefined });
    anonymous.socket().open();
    const bare = anonymous.socket().last('connect');
    expect(bare.username).toBeUndefined();
    expect(bare.password).toBeUndefined();
  });

  it('connectMqttOverWebSocket builds a client the same way', () => {
    const sockets: FakeSocket[] = [];
    const clock = new FakeClock();
    const client = connectMqttOverWebSocket(
      BROKER_URL,
      { clientId: 'c', clean: true, reconnectPeriod: RECONNECT_MS, connectTimeout: CONNECT_TIMEOUT_MS },
      fakeEnvironment(clock, sockets),
    );
    expect(client).toBeInstanceOf(MqttWsClient);
    expect(sockets).toHaveLength(1);
    sockets[0]?.open();
    sockets[0]?.receive(connack(0));
    expect(client.connected).toBe(true);
    client.end(true);
  });

  it('CONNACK 0 makes it connected and emits connect once', () => {
    const { client, socket, events } = setup();
    socket().open();
    expect(client.connected).toBe(false);
    socket().receive(connack(0, true));
    expect(client.connected).toBe(true);
    expect(events).toEqual(['connect']);
    expect(socket().closed).toBe(false);
  });

  it.each([
    [4, 'Connection refused: Bad username or password'],
    [5, 'Connection refused: Not authorized'],
    [1, 'Connection refused: Unacceptable protocol version'],
    [9, 'Connection refused: return code 9'],
  ])('a CONNACK refused with code %i emits error "%s", closes, then retries after reconnectPeriod', (code, message) => {
    const { client, clock, sockets, socket, events, errors } = setup();
    socket().open();
    socket().receive(connack(code));

    expect(errors).toHaveLength(1);
    expect(errors[0]?.message).toBe(message);
    expect(client.connected).toBe(false);
    expect(sockets[0]?.closed).toBe(true);
    expect(events).toEqual(['error', 'close', 'offline']);
    expect(events).not.toContain('connect');

    clock.advance(RECONNECT_MS - 1);
    expect(sockets).toHaveLength(1);
    clock.advance(1);
    expect(events).toEqual(['error', 'close', 'offline', 'reconnect']);
    expect(sockets).toHaveLength(2);
    expect(socket().closed).toBe(false);
  });
});

describe('MqttWsClient: losing the link and reconnecting', () => {
  it('emits close → offline on the first loss, reconnect on each retry, and offline again only after a success', () => {
    const { client, clock, sockets, socket, connect, events } = setup();
    connect();
    const first = socket();

    first.drop();
    expect(client.connected).toBe(false);
    expect(first.closed).toBe(true);
    expect(events).toEqual(['connect', 'close', 'offline']);

    clock.advance(RECONNECT_MS - 1);
    expect(sockets).toHaveLength(1);
    clock.advance(1);
    expect(events).toEqual(['connect', 'close', 'offline', 'reconnect']);
    expect(sockets).toHaveLength(2);

    // The retry fails (the socket closes without opening): close again, but not offline again.
    socket().drop();
    expect(events).toEqual(['connect', 'close', 'offline', 'reconnect', 'close']);
    clock.advance(RECONNECT_MS);
    expect(sockets).toHaveLength(3);
    expect(events.at(-1)).toBe('reconnect');

    // The next retry succeeds; a later drop is a new first loss.
    connect();
    expect(client.connected).toBe(true);
    socket().drop();
    expect(events).toEqual([
      'connect',
      'close',
      'offline',
      'reconnect',
      'close',
      'reconnect',
      'connect',
      'close',
      'offline',
    ]);
  });

  it('sends CONNECT again on every new socket', () => {
    const { connect, dropAndRetry } = setup();
    connect();
    const second = dropAndRetry();
    expect(second.commands).toEqual([]);
    second.open();
    expect(second.commands).toEqual(['connect']);
    expect(second.last('connect').clientId).toBe('jala_web_7_1700000000000');
  });

  it('closes the attempt when no CONNACK comes within connectTimeout, and schedules a retry', () => {
    const { clock, sockets, socket, events } = setup();
    socket().open();
    clock.advance(CONNECT_TIMEOUT_MS - 1);
    expect(sockets[0]?.closed).toBe(false);
    expect(events).toEqual([]);

    clock.advance(1);
    expect(sockets[0]?.closed).toBe(true);
    expect(events).toEqual(['close', 'offline']);

    clock.advance(RECONNECT_MS);
    expect(events).toEqual(['close', 'offline', 'reconnect']);
    expect(sockets).toHaveLength(2);

    // The new attempt has its own timeout, counted from its start.
    clock.advance(CONNECT_TIMEOUT_MS);
    expect(sockets[1]?.closed).toBe(true);
    expect(events).toEqual(['close', 'offline', 'reconnect', 'close']);
  });

  it('times out a socket that never opens too', () => {
    const { clock, sockets, events } = setup();
    clock.advance(CONNECT_TIMEOUT_MS);
    expect(sockets[0]?.closed).toBe(true);
    expect(events).toEqual(['close', 'offline']);
  });

  it('a CONNACK in time cancels the connect timeout', () => {
    const { client, clock, connect, socket, events } = setup({ keepalive: 3_600 });
    connect();
    clock.advance(CONNECT_TIMEOUT_MS * 10);
    expect(client.connected).toBe(true);
    expect(socket().closed).toBe(false);
    expect(events).toEqual(['connect']);
  });

  it('with reconnectPeriod 0 a dropped link is not retried', () => {
    const { client, clock, sockets, connect, socket, events } = setup({ reconnectPeriod: 0 });
    connect();
    socket().drop();
    expect(client.connected).toBe(false);
    expect(events).toContain('close');
    expect(clock.pending).toBe(0);
    clock.advance(60 * 60 * 1_000);
    expect(sockets).toHaveLength(1);
    expect(events).not.toContain('reconnect');
  });

  it('with reconnectPeriod 0 a connect timeout is not retried either', () => {
    const { clock, sockets, events } = setup({ reconnectPeriod: 0 });
    clock.advance(CONNECT_TIMEOUT_MS);
    expect(events).toContain('close');
    clock.advance(60 * 60 * 1_000);
    expect(sockets).toHaveLength(1);
    expect(events).not.toContain('reconnect');
  });

  it('ignores messages and closes from a socket it has replaced', () => {
    const { client, sockets, connect, dropAndRetry, events } = setup();
    connect();
    const second = dropAndRetry();
    const first = sockets[0] as FakeSocket;
    const before = [...events];

    first.receive(connack(5));
    first.receive(publish('stale/topic', 'x'));
    first.drop();
    expect(events).toEqual(before);
    expect(sockets).toHaveLength(2);

    second.open();
    second.receive(connack(0));
    expect(client.connected).toBe(true);
    first.drop();
    expect(client.connected).toBe(true);
    expect(second.closed).toBe(false);
  });
});

describe('MqttWsClient: subscriptions', () => {
  it('a subscribe before connecting calls back at once and is sent with the others on CONNACK', () => {
    const { client, socket, events } = setup();
    const a = callbackLog<Error | null>();
    client.subscribe('trips/1', { qos: 1 }, a.callback);
    client.subscribe('drivers/+/location', { qos: 0 });
    expect(a.calls).toEqual([null]);

    socket().open();
    expect(socket().commands).toEqual(['connect']);
    // The SUBSCRIBE goes out on CONNACK, before listeners hear 'connect'.
    client.on('connect', () => expect(socket().commands).toEqual(['connect', 'subscribe']));
    socket().receive(connack(0));
    expect(events).toEqual(['connect']);
    const subscribe = socket().last('subscribe');
    expect(subscribe.messageId).toBeGreaterThan(0);
    expect(subscribe.subscriptions).toEqual([
      { topic: 'trips/1', qos: 1 },
      { topic: 'drivers/+/location', qos: 0 },
    ]);
  });

  it('sends no SUBSCRIBE on CONNACK when nothing is subscribed', () => {
    const { connect, socket } = setup();
    connect();
    expect(socket().commands).toEqual(['connect']);
  });

  it("emits 'subscribed' with the granted topics when the SUBACK comes, never when SUBSCRIBE is sent", () => {
    const { client, connect, socket, granted } = setup();
    connect();
    client.subscribe('chat/4/9', { qos: 1 });
    expect(socket().commands).toEqual(['connect', 'subscribe']);
    expect(granted).toEqual([]);
    const id = socket().last('subscribe').messageId as number;
    socket().receive(suback(id + 1, 1), unsuback(id), puback(id)); // not its acknowledgement
    expect(granted).toEqual([]);
    socket().receive(suback(id, 1));
    expect(granted).toEqual([['chat/4/9']]);

    client.subscribe('forbidden', { qos: 1 });
    socket().receive(suback(socket().last('subscribe').messageId as number, 0x80));
    expect(granted).toEqual([['chat/4/9']]); // a refusal grants nothing
  });

  it("after a reconnect, 'subscribed' waits for the resubscribe's SUBACK and names only what it granted and is still wanted", () => {
    const { client, connect, socket, dropAndRetry, granted, events } = setup();
    client.subscribe('a', { qos: 1 });
    client.subscribe('b', { qos: 0 });
    client.subscribe('c', { qos: 1 });
    connect();
    expect(granted).toEqual([]);
    socket().receive(suback(socket().last('subscribe').messageId as number, 1, 0, 1));
    expect(granted).toEqual([['a', 'b', 'c']]);

    const next = dropAndRetry();
    next.open();
    next.receive(connack(0));
    expect(events.at(-1)).toBe('connect');
    expect(granted).toHaveLength(1); // CONNACK alone makes nothing live
    const resubscribe = next.last('subscribe');
    client.unsubscribe('c'); // overtakes the SUBACK
    next.receive(suback(resubscribe.messageId as number, 1, 0x80, 1));
    expect(granted).toEqual([['a', 'b', 'c'], ['a']]);
  });

  it("a SUBACK from a socket the client replaced emits no 'subscribed'", () => {
    const { client, connect, socket, dropAndRetry, granted } = setup();
    connect();
    client.subscribe('a', { qos: 1 });
    const old = socket();
    const id = old.last('subscribe').messageId as number;
    dropAndRetry();
    old.receive(suback(id, 1));
    expect(granted).toEqual([]);
  });

  it('a subscribe while connected sends SUBSCRIBE with its QoS and calls back on the matching SUBACK only', () => {
    const { client, connect, socket } = setup();
    connect();
    const log = callbackLog<Error | null>();
    client.subscribe('trips/9/chat', { qos: 1 }, log.callback);

    const subscribe = socket().last('subscribe');
    expect(subscribe.subscriptions).toEqual([{ topic: 'trips/9/chat', qos: 1 }]);
    const id = subscribe.messageId as number;
    expect(log.calls).toEqual([]);

    socket().receive(suback(id + 1, 1)); // someone else's id
    socket().receive(unsuback(id)); // right id, wrong kind
    socket().receive(puback(id));
    expect(log.calls).toEqual([]);

    socket().receive(suback(id, 1));
    expect(log.calls).toEqual([null]);
    socket().receive(suback(id, 1)); // a duplicate is ignored
    expect(log.calls).toHaveLength(1);
  });

  it('a refused SUBACK (0x80) calls back with an error and the topic is not resubscribed later', () => {
    const { client, connect, socket, dropAndRetry } = setup();
    connect();
    client.subscribe('kept', { qos: 1 });
    socket().receive(suback(socket().last('subscribe').messageId as number, 1));

    const log = callbackLog<Error | null>();
    client.subscribe('forbidden/#', { qos: 1 }, log.callback);
    socket().receive(suback(socket().last('subscribe').messageId as number, 0x80));
    expect(log.calls).toHaveLength(1);
    expect(log.calls[0]).toBeInstanceOf(Error);
    expect(log.calls[0]?.message).toBe('Subscription refused: forbidden/#');

    const next = dropAndRetry();
    next.open();
    next.receive(connack(0));
    expect(next.last('subscribe').subscriptions).toEqual([{ topic: 'kept', qos: 1 }]);
  });

  it('resubscribes every remaining topic in one SUBSCRIBE after each reconnect', () => {
    const { client, connect, socket, dropAndRetry } = setup();
    client.subscribe('a', { qos: 1 });
    connect();
    socket().receive(suback(socket().last('subscribe').messageId as number, 1));
    client.subscribe('b', { qos: 0 });
    socket().receive(suback(socket().last('subscribe').messageId as number, 0));
    client.subscribe('c/+', { qos: 1 });
    socket().receive(suback(socket().last('subscribe').messageId as number, 1));

    for (let round = 0; round < 2; round++) {
      const next = dropAndRetry();
      next.open();
      next.receive(connack(0));
      expect(next.commands).toEqual(['connect', 'subscribe']);
      expect(next.last('subscribe').subscriptions).toEqual([
        { topic: 'a', qos: 1 },
        { topic: 'b', qos: 0 },
        { topic: 'c/+', qos: 1 },
      ]);
      next.receive(suback(next.last('subscribe').messageId as number, 1, 0, 1));
    }
  });

  it('unsubscribe while connected sends UNSUBSCRIBE, calls back on UNSUBACK, and the topic is not resubscribed', () => {
    const { client, connect, socket, dropAndRetry } = setup();
    client.subscribe('a', { qos: 1 });
    client.subscribe('b', { qos: 1 });
    connect();
    socket().receive(suback(socket().last('subscribe').messageId as number, 1, 1));

    const log = callbackLog<Error | undefined>();
    client.unsubscribe('a', log.callback);
    const unsubscribe = socket().last('unsubscribe');
    expect(unsubscribe.unsubscriptions).toEqual(['a']);
    expect(log.calls).toEqual([]);
    socket().receive(unsuback(unsubscribe.messageId as number));
    expect(log.calls).toEqual([undefined]);

    const next = dropAndRetry();
    next.open();
    next.receive(connack(0));
    expect(next.last('subscribe').subscriptions).toEqual([{ topic: 'b', qos: 1 }]);
  });

  it('unsubscribe while disconnected calls back at once, sends nothing, and forgets the topic', () => {
    const { client, socket } = setup();
    client.subscribe('a', { qos: 1 });
    client.subscribe('b', { qos: 1 });
    const log = callbackLog<Error | undefined>();
    client.unsubscribe('a', log.callback);
    expect(log.calls).toEqual([undefined]);
    socket().open();
    socket().receive(connack(0));
    expect(socket().commands).toEqual(['connect', 'subscribe']);
    expect(socket().last('subscribe').subscriptions).toEqual([{ topic: 'b', qos: 1 }]);
  });

  it('when nothing is left to resubscribe, no SUBSCRIBE is sent after a reconnect', () => {
    const { client, connect, socket, dropAndRetry } = setup();
    client.subscribe('a', { qos: 1 });
    connect();
    client.unsubscribe('a');
    socket().receive(unsuback(socket().last('unsubscribe').messageId as number));
    const next = dropAndRetry();
    next.open();
    next.receive(connack(0));
    expect(next.commands).toEqual(['connect']);
  });

  it('a subscribe or unsubscribe pending when the link drops calls back with an error', () => {
    const { client, connect, socket } = setup();
    connect();
    const sub = callbackLog<Error | null>();
    const unsub = callbackLog<Error | undefined>();
    client.subscribe('s', { qos: 1 }, sub.callback);
    client.unsubscribe('u', unsub.callback);
    expect(sub.calls).toEqual([]);
    expect(unsub.calls).toEqual([]);
    socket().drop();
    expect(sub.calls.map((error) => error?.message)).toEqual(['Connection closed']);
    expect(unsub.calls.map((error) => error?.message)).toEqual(['Connection closed']);
  });

  it('a topic the broker refuses in the SUBSCRIBE sent on reconnect is reported and not asked for again', () => {
    const { client, connect, socket, dropAndRetry, errors } = setup();
    connect();
    client.subscribe('kept', { qos: 1 });
    client.subscribe('revoked', { qos: 1 });
    socket().receive(suback(socket().last('subscribe').messageId as number, 1));
    socket().receive(suback(socket().last('subscribe').messageId as number, 1));

    const second = dropAndRetry();
    second.open();
    second.receive(connack(0));
    const resubscribe = second.last('subscribe');
    expect(resubscribe.subscriptions).toEqual([
      { topic: 'kept', qos: 1 },
      { topic: 'revoked', qos: 1 },
    ]);
    second.receive(suback(resubscribe.messageId as number, 0x01, 0x80));
    expect(errors.map((error) => error.message)).toEqual(['Subscription refused: revoked']);

    const third = dropAndRetry();
    third.open();
    third.receive(connack(0));
    expect(third.last('subscribe').subscriptions).toEqual([{ topic: 'kept', qos: 1 }]);
  });

  // Only the broker's refusal drops a topic: one lost with the link is still wanted (RealtimeClient does not
  // subscribe it again itself, so its handlers would go silent).
  it('a subscribe whose SUBACK was pending when the link dropped is resubscribed after the reconnect', () => {
    const { client, connect, dropAndRetry } = setup();
    connect();
    const log = callbackLog<Error | null>();
    client.subscribe('trips/5/status', { qos: 1 }, log.callback);
    const next = dropAndRetry(); // no SUBACK before the drop
    expect(log.calls).toHaveLength(1);
    expect(log.calls[0]).toBeInstanceOf(Error);

    next.open();
    next.receive(connack(0));
    // The topic was never refused by the broker, so the client must still want it.
    expect(next.commands).toEqual(['connect', 'subscribe']);
    expect(next.last('subscribe').subscriptions).toEqual([{ topic: 'trips/5/status', qos: 1 }]);
  });
});

describe('MqttWsClient: publishing', () => {
  it('a QoS 1 publish sends PUBLISH with a packet id and calls back only on the matching PUBACK', () => {
    const { client, connect, socket } = setup();
    connect();
    const log = callbackLog<Error | undefined>();
    client.publish('trips/3/location', '{"lat":1,"lng":2}', { qos: 1, retain: true }, log.callback);

    const sent = socket().last('publish');
    expect(sent).toMatchObject({ topic: 'trips/3/location', qos: 1, retain: true, dup: false });
    expect(sent.payload.toString()).toBe('{"lat":1,"lng":2}');
    const id = sent.messageId as number;
    expect(id).toBeGreaterThan(0);

    socket().receive(puback(id + 1));
    socket().receive(suback(id, 1)); // right id, wrong kind
    expect(log.calls).toEqual([]);
    socket().receive(puback(id));
    expect(log.calls).toEqual([undefined]);
    socket().receive(puback(id));
    expect(log.calls).toHaveLength(1);
  });

  it('a QoS 0 publish sends PUBLISH without a packet id and calls back at once', () => {
    const { client, connect, socket } = setup();
    connect();
    const log = callbackLog<Error | undefined>();
    client.publish('chat', 'héllo ✓', { qos: 0, retain: false }, log.callback);
    expect(log.calls).toEqual([undefined]);
    const sent = socket().last('publish');
    expect(sent).toMatchObject({ topic: 'chat', qos: 0, retain: false });
    expect(sent.messageId).toBeUndefined();
    expect(sent.payload.toString('utf8')).toBe('héllo ✓');
  });

  it('a publish while not connected calls back with an error and sends nothing', () => {
    const { client, socket } = setup();
    const before = callbackLog<Error | undefined>();
    client.publish('t', 'x', { qos: 1, retain: false }, before.callback);
    socket().open(); // CONNECT sent, no CONNACK yet
    const connecting = callbackLog<Error | undefined>();
    client.publish('t', 'x', { qos: 0, retain: false }, connecting.callback);

    for (const log of [before, connecting]) {
      expect(log.calls).toHaveLength(1);
      expect(log.calls[0]?.message).toBe('MQTT client not connected');
    }
    expect(socket().commands).toEqual(['connect']);
  });

  it('a QoS 1 publish unacknowledged when the link drops is sent again after the next CONNACK, flagged DUP, with its packet id', () => {
    const { client, connect, socket, dropAndRetry } = setup();
    connect();
    const log = callbackLog<Error | undefined>();
    client.publish('chat/4/9', '{"id":"m1"}', { qos: 1, retain: true }, log.callback);
    const first = socket().last('publish');
    expect(first.dup).toBe(false);
    const id = first.messageId as number;

    // The link drops after the PUBLISH, before its PUBACK: the publish is still in flight, not failed.
    const next = dropAndRetry();
    expect(log.calls).toEqual([]);
    next.open();
    expect(next.commands).toEqual(['connect']); // nothing before CONNACK
    next.receive(connack(0));
    expect(next.commands).toEqual(['connect', 'publish']);
    const resent = next.last('publish');
    expect(resent).toMatchObject({ topic: 'chat/4/9', qos: 1, retain: true, dup: true, messageId: id });
    expect(resent.payload.toString()).toBe('{"id":"m1"}');
    expect(log.calls).toEqual([]);

    // A new publish meanwhile does not take the id still in flight.
    client.publish('other', 'y', { qos: 1, retain: false });
    expect(next.last('publish').messageId).not.toBe(id);

    next.receive(puback(id));
    expect(log.calls).toEqual([undefined]);

    // Acknowledged: not sent again after a later reconnect.
    const third = dropAndRetry();
    third.open();
    third.receive(connack(0));
    expect(third.packets.filter((packet) => packet.cmd === 'publish').map((packet) => packet.messageId)).not.toContain(
      id,
    );
  });

  it('resends every unacknowledged publish in its original order, after the resubscribe, across failed attempts', () => {
    const { client, connect, socket, dropAndRetry } = setup();
    client.subscribe('chat/4/9', { qos: 1 });
    connect();
    socket().receive(suback(socket().last('subscribe').messageId as number, 1));
    const logs = ['a', 'b', 'c'].map((payload) => {
      const log = callbackLog<Error | undefined>();
      client.publish('t', payload, { qos: 1, retain: false }, log.callback);
      return { log, id: socket().last('publish').messageId as number };
    });
    socket().receive(puback(logs[1]!.id)); // b made it

    const failed = dropAndRetry();
    const next = dropAndRetry(); // the first retry fails before opening
    expect(failed.commands).toEqual([]);
    next.open();
    next.receive(connack(0));
    expect(next.commands).toEqual(['connect', 'subscribe', 'publish', 'publish']);
    const resent = next.packets.filter((packet) => packet.cmd === 'publish');
    expect(resent.map((packet) => [packet.payload.toString(), packet.messageId, packet.dup])).toEqual([
      ['a', logs[0]!.id, true],
      ['c', logs[2]!.id, true],
    ]);
    next.receive(puback(logs[2]!.id), puback(logs[0]!.id));
    expect(logs.map(({ log }) => log.calls)).toEqual([[undefined], [undefined], [undefined]]);
  });

  it('end() fails the publishes still in flight; nothing is resent', () => {
    const { client, clock, connect, sockets, socket } = setup();
    connect();
    const log = callbackLog<Error | undefined>();
    client.publish('t', 'x', { qos: 1, retain: false }, log.callback);
    socket().drop();
    expect(log.calls).toEqual([]);
    client.end();
    expect(log.calls.map((error) => error?.message)).toEqual(['Connection closed']);
    clock.advance(RECONNECT_MS * 10);
    expect(sockets).toHaveLength(1);
  });
});

describe('MqttWsClient: receiving', () => {
  it('emits message for a QoS 0 PUBLISH and sends nothing back', () => {
    const { connect, socket, messages } = setup();
    connect();
    socket().receive(publish('trips/4/status', '{"status":"accepted"}'));
    expect(messages).toHaveLength(1);
    expect(messages[0]?.topic).toBe('trips/4/status');
    expect(messages[0]?.payload).toBeInstanceOf(Uint8Array);
    expect(decode(messages[0]?.payload as Uint8Array)).toBe('{"status":"accepted"}');
    expect(socket().commands).toEqual(['connect']);
  });

  it('emits message for a QoS 1 PUBLISH and answers with a PUBACK carrying its packet id', () => {
    const { connect, socket, messages } = setup();
    connect();
    socket().receive(publish('chat/ü', 'hola', 1, 0x1234));
    expect(messages.map((m) => [m.topic, decode(m.payload)])).toEqual([['chat/ü', 'hola']]);
    expect(socket().commands).toEqual(['connect', 'puback']);
    expect(socket().last('puback').messageId).toBe(0x1234);
  });

  it('emits the message before acknowledging it, and handles an empty payload and a retained PUBLISH', () => {
    const { client, connect, socket, messages } = setup();
    connect();
    client.on('message', () => expect(socket().commands).toEqual(['connect']));
    socket().receive(publish('retained', [], 1, 7).map((byte, index) => (index === 0 ? byte | 1 : byte)));
    expect(messages).toHaveLength(1);
    expect(messages[0]?.payload).toHaveLength(0);
    expect(socket().last('puback').messageId).toBe(7);
  });

  it('reassembles packets split across socket messages, one byte at a time', () => {
    const { socket, messages } = setup();
    const bigPayload = 'x'.repeat(300); // a two-byte remaining length
    socket().open();
    for (const byte of connack(0)) socket().receive([byte]);
    expect(socket().commands).toEqual(['connect']);
    const packet = publish('big/topic', bigPayload, 1, 42);
    packet.forEach((byte, index) => {
      expect(messages).toHaveLength(0);
      socket().receive([byte]);
      if (index < packet.length - 1) expect(socket().commands).toEqual(['connect']);
    });
    expect(messages).toHaveLength(1);
    expect(messages[0]?.topic).toBe('big/topic');
    expect(decode(messages[0]?.payload as Uint8Array)).toBe(bigPayload);
    expect(socket().last('puback').messageId).toBe(42);
  });

  it('handles several packets in one socket message, and a packet split in odd places', () => {
    const { client, socket, messages, events } = setup();
    client.subscribe('a', { qos: 1 });
    socket().open();
    socket().receive(connack(0));
    const id = socket().last('subscribe').messageId as number;
    const log = callbackLog<Error | undefined>();
    client.publish('out', 'o', { qos: 1, retain: false }, log.callback);
    const pubId = socket().last('publish').messageId as number;

    const stream = [
      ...suback(id, 1),
      ...publish('a', 'one'),
      ...publish('a', 'two', 1, 5),
      ...puback(pubId),
      ...pingresp(),
      ...publish('a', 'three'),
    ];
    socket().receive(stream.slice(0, 7));
    socket().receive(stream.slice(7, 20));
    socket().receive(stream.slice(20));
    expect(messages.map((m) => decode(m.payload))).toEqual(['one', 'two', 'three']);
    expect(log.calls).toEqual([undefined]);
    expect(socket().last('puback').messageId).toBe(5);
    expect(events).toEqual(['connect', 'message', 'message', 'message']);
  });

  it('accepts a typed-array view with an offset as a message (as Node ws delivers Buffers)', () => {
    const { connect, socket, messages } = setup();
    connect();
    const bytes = publish('view', 'payload');
    const backing = new Uint8Array(bytes.length + 6);
    backing.set(bytes, 3);
    socket().receiveRaw(backing.subarray(3, 3 + bytes.length));
    expect(messages.map((m) => [m.topic, decode(m.payload)])).toEqual([['view', 'payload']]);
  });

  it('a CONNACK and a PUBLISH in the same socket message are both handled', () => {
    const { client, socket, messages } = setup();
    socket().open();
    socket().receive(connack(0), publish('t', 'p'));
    expect(client.connected).toBe(true);
    expect(messages).toHaveLength(1);
  });

  it('stops at a refused CONNACK: packets after it in the same socket message are not handled', () => {
    const { socket, events } = setup();
    socket().open();
    socket().receive(connack(5), publish('t', 'p'));
    expect(events).toEqual(['error', 'close', 'offline']);
  });
});

describe('MqttWsClient: keepalive', () => {
  it('sends PINGREQ every keepalive period while PINGRESPs come back', () => {
    const { client, clock, socket, events } = setup({ keepalive: 10 });
    socket().open();
    expect(socket().last('connect').keepalive).toBe(10);
    clock.advance(3_000); // the keepalive period counts from CONNACK, not from the socket
    socket().receive(connack(0));

    clock.advance(9_999);
    expect(socket().commands).toEqual(['connect']);
    clock.advance(1);
    expect(socket().commands).toEqual(['connect', 'pingreq']);

    socket().receive(pingresp());
    clock.advance(10_000);
    expect(socket().commands).toEqual(['connect', 'pingreq', 'pingreq']);
    socket().receive(pingresp());
    clock.advance(10_000);
    expect(socket().commands).toEqual(['connect', 'pingreq', 'pingreq', 'pingreq']);
    expect(client.connected).toBe(true);
    expect(events).toEqual(['connect']);
  });

  it('closes the link when no PINGRESP arrives by the next period, then reconnects', () => {
    const { client, clock, connect, sockets, socket, events } = setup({ keepalive: 10 });
    connect();
    clock.advance(10_000);
    expect(socket().commands).toEqual(['connect', 'pingreq']);
    clock.advance(9_999);
    expect(client.connected).toBe(true);
    clock.advance(1);
    expect(client.connected).toBe(false);
    expect(sockets[0]?.closed).toBe(true);
    expect(sockets[0]?.commands).toEqual(['connect', 'pingreq']);
    expect(events).toEqual(['connect', 'close', 'offline']);

    clock.advance(RECONNECT_MS);
    expect(events.at(-1)).toBe('reconnect');
    expect(sockets).toHaveLength(2);
  });

  it('uses 60 s by default, and the new connection starts with no PINGREQ outstanding', () => {
    const { clock, connect, socket, dropAndRetry } = setup();
    connect();
    clock.advance(59_999);
    expect(socket().commands).toEqual(['connect']);
    clock.advance(1);
    expect(socket().commands).toEqual(['connect', 'pingreq']);

    // Drop with the PINGREQ unanswered; the new link must not inherit it.
    const next = dropAndRetry();
    next.open();
    next.receive(connack(0));
    clock.advance(60_000);
    expect(next.commands).toEqual(['connect', 'pingreq']);
    expect(next.closed).toBe(false);
  });

  it('sends no PINGREQ before CONNACK', () => {
    const { clock, socket } = setup({ keepalive: 1, connectTimeout: 10_000 });
    socket().open();
    clock.advance(9_999);
    expect(socket().commands).toEqual(['connect']);
  });

  it('keepalive 0 turns the keep alive mechanism off (MQTT 3.1.1 section 3.1.2.10)', () => {
    const { client, clock, connect, socket } = setup({ keepalive: 0 });
    connect();
    clock.advance(0);
    clock.advance(60 * 60 * 1_000);
    expect(client.connected).toBe(true);
    expect(socket().commands).toEqual(['connect']);
  });
});

describe('MqttWsClient: protocol errors', () => {
  it.each([
    ['a PUBLISH at QoS 2', publish('t', 'p', 2, 9)],
    ['an unknown packet type (0x50, PUBREC)', [0x50, 0x02, 0x00, 0x01]],
    ['a malformed remaining length', [0x30, 0xff, 0xff, 0xff, 0xff, 0x01]],
    ['a SUBACK too short', [0x90, 0x02, 0x00, 0x01]],
    ['a PUBLISH topic that is not UTF-8', [0x30, 0x04, 0x00, 0x02, 0xff, 0xfe]],
  ])('%s emits error and closes the link, then retries', (_label, bytes) => {
    const { client, clock, connect, sockets, socket, events, errors, messages } = setup();
    connect();
    socket().receive(bytes);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toBeInstanceOf(MqttProtocolError);
    expect(client.connected).toBe(false);
    expect(sockets[0]?.closed).toBe(true);
    expect(messages).toEqual([]);
    expect(events).toEqual(['connect', 'error', 'close', 'offline']);
    clock.advance(RECONNECT_MS);
    expect(sockets).toHaveLength(2);
  });

  it('a text WebSocket message emits error and closes the link', () => {
    const { client, connect, sockets, socket, events, errors } = setup();
    connect();
    socket().receiveRaw('{"not":"binary"}');
    expect(errors[0]).toBeInstanceOf(MqttProtocolError);
    expect(errors[0]?.message).toBe('MQTT over WebSocket needs binary messages');
    expect(client.connected).toBe(false);
    expect(sockets[0]?.closed).toBe(true);
    expect(events).toEqual(['connect', 'error', 'close', 'offline']);
  });

  it('a protocol error before CONNACK also closes the attempt', () => {
    const { socket, events } = setup();
    socket().open();
    socket().receive([0x50, 0x02, 0x00, 0x01]);
    expect(socket().closed).toBe(true);
    expect(events).toEqual(['error', 'close', 'offline']);
  });

  it('on a protocol error fails a pending subscribe but keeps a QoS 1 publish for the next connection', () => {
    const { client, connect, socket, dropAndRetry } = setup();
    connect();
    const sub = callbackLog<Error | null>();
    const pub = callbackLog<Error | undefined>();
    client.subscribe('s', { qos: 1 }, sub.callback);
    client.publish('t', 'x', { qos: 1, retain: false }, pub.callback);
    const id = socket().last('publish').messageId as number;
    socket().receiveRaw('text');
    expect(sub.calls.map((error) => error?.message)).toEqual(['Connection closed']);
    expect(pub.calls).toEqual([]);

    const next = dropAndRetry();
    next.open();
    next.receive(connack(0));
    expect(next.last('publish')).toMatchObject({ dup: true, messageId: id });
    next.receive(puback(id));
    expect(pub.calls).toEqual([undefined]);
  });
});

describe('MqttWsClient: end()', () => {
  it('says DISCONNECT, closes the socket, emits end and fails pending callbacks', () => {
    const { client, connect, socket, events } = setup();
    connect();
    const pub = callbackLog<Error | undefined>();
    const sub = callbackLog<Error | null>();
    client.publish('t', 'x', { qos: 1, retain: false }, pub.callback);
    client.subscribe('s', { qos: 1 }, sub.callback);

    client.end();
    expect(socket().commands).toEqual(['connect', 'publish', 'subscribe', 'disconnect']);
    expect(socket().closed).toBe(true);
    expect(client.connected).toBe(false);
    expect(events).toEqual(['connect', 'end']);
    expect(pub.calls.map((error) => error?.message)).toEqual(['Connection closed']);
    expect(sub.calls.map((error) => error?.message)).toEqual(['Connection closed']);
  });

  it('end(true) closes without DISCONNECT', () => {
    const { client, connect, socket, events } = setup();
    connect();
    client.end(true);
    expect(socket().commands).toEqual(['connect']);
    expect(socket().closed).toBe(true);
    expect(events).toEqual(['connect', 'end']);
  });

  it('end() while still connecting sends no DISCONNECT', () => {
    const { client, socket, events } = setup();
    socket().open();
    client.end();
    expect(socket().commands).toEqual(['connect']);
    expect(socket().closed).toBe(true);
    expect(events).toEqual(['end']);
  });

  it('never reconnects afterwards, even when every timer fires, and emits end only once', () => {
    const { client, clock, connect, sockets, socket, events } = setup({ keepalive: 5 });
    connect();
    client.end();
    client.end();
    expect(events).toEqual(['connect', 'end']);
    expect(clock.pending).toBe(0);
    clock.advance(24 * 60 * 60 * 1_000);
    expect(sockets).toHaveLength(1);
    expect(socket().commands).toEqual(['connect', 'disconnect']);
    expect(events).toEqual(['connect', 'end']);
  });

  it('cancels a reconnect that was waiting', () => {
    const { client, clock, connect, sockets, socket, events } = setup();
    connect();
    socket().drop();
    client.end();
    clock.advance(RECONNECT_MS * 10);
    expect(sockets).toHaveLength(1);
    expect(events).toEqual(['connect', 'close', 'offline', 'end']);
  });

  it('cancels the connect timeout of the attempt in progress', () => {
    const { client, clock, events } = setup();
    client.end();
    clock.advance(CONNECT_TIMEOUT_MS * 10);
    expect(events).toEqual(['end']);
  });

  it('ignores events from the old socket after end()', () => {
    const { client, clock, connect, sockets, socket, events, messages } = setup();
    connect();
    client.subscribe('s', { qos: 1 });
    client.end(true);
    const old = socket();
    const sendsAfterEnd = old.sends;

    old.open();
    old.receive(connack(0));
    old.receive(publish('s', 'late', 1, 3));
    old.receiveRaw('text');
    old.drop();
    clock.advance(RECONNECT_MS * 10);

    expect(client.connected).toBe(false);
    expect(events).toEqual(['connect', 'end']);
    expect(messages).toEqual([]);
    expect(old.sends).toBe(sendsAfterEnd);
    expect(sockets).toHaveLength(1);
  });

  it('after end(), publish fails and nothing is sent', () => {
    const { client, connect, socket } = setup();
    connect();
    client.end(true);
    const log = callbackLog<Error | undefined>();
    client.publish('t', 'x', { qos: 0, retain: false }, log.callback);
    expect(log.calls[0]?.message).toBe('MQTT client not connected');
    expect(socket().commands).toEqual(['connect']);
  });
});

describe('MqttWsClient: packet ids', () => {
  it('starts at 1, never uses 0, wraps after 65535 and skips ids still pending', () => {
    const { client, connect, socket } = setup({ keepalive: 3_600 });
    connect();
    const ids: number[] = [];
    const publishOne = (): number => {
      client.publish('t', '', { qos: 1, retain: false });
      const id = socket().last('publish').messageId as number;
      ids.push(id);
      return id;
    };

    // Ids 1 and 2 stay pending; a subscribe holds id 3.
    expect(publishOne()).toBe(1);
    expect(publishOne()).toBe(2);
    client.subscribe('held', { qos: 1 });
    expect(socket().last('subscribe').messageId).toBe(3);

    // Every other id is acknowledged at once, up to 65535.
    for (let expected = 4; expected <= 0xffff; expected++) {
      const id = publishOne();
      if (id !== expected) expect(id).toBe(expected);
      socket().receive(puback(id));
    }
    // Wrapping: 1, 2 and 3 are still pending, so the next id is 4 (never 0).
    expect(publishOne()).toBe(4);
    socket().receive(puback(4));
    expect(ids.every((id) => id >= 1 && id <= 0xffff)).toBe(true);

    // Once freed, an id is used again in its turn.
    socket().receive(puback(1));
    socket().receive(suback(3, 1));
    const next: number[] = [];
    for (let i = 0; i < 0xffff - 4; i++) {
      const id = publishOne();
      socket().receive(puback(id));
      if (i === 0xffff - 5) next.push(id);
    }
    expect(next).toEqual([0xffff]);
    expect(publishOne()).toBe(1); // free again
    expect(publishOne()).toBe(3); // 2 is still pending
  });
});
