import {
  type Bytes,
  CONNACK_REFUSALS,
  encodeConnect,
  encodeDisconnect,
  encodePingreq,
  encodePuback,
  encodePublish,
  encodeSubscribe,
  encodeUnsubscribe,
  type IncomingPacket,
  MqttProtocolError,
  PacketReader,
  type PublishFields,
  type QoS,
  SUBACK_FAILURE,
} from './packets';

/**
 * A small MQTT 3.1.1 client over WebSocket for the browser, in place of mqtt.js: mqtt.js weighs ~100 KB
 * gzipped and, on a mid-range phone, spends a few hundred milliseconds of main thread just being imported
 * right after login (its packet library pre-builds 65,536 buffers). The app needs only this much of MQTT.
 *
 * It behaves like mqtt.js where RealtimeClient relies on it:
 * - events 'connect' (CONNACK accepted), 'close' (every lost or failed connection), 'offline' (first
 *   loss), 'reconnect' (each new attempt, every `reconnectPeriod` ms), 'error' (refused CONNACK, protocol
 *   error), 'message' (topic, payload bytes) and 'end' (after end()); plus 'subscribed' (the topics a
 *   SUBACK granted), so screens refetch once the broker really routes a topic to them, not when asked;
 * - `connectTimeout` bounds the wait from opening the socket to CONNACK;
 * - subscriptions are sent again after every reconnect (clean sessions forget them);
 * - a QoS 1 publish not acknowledged (no PUBACK) when the link drops stays in flight: after the next
 *   CONNACK it is sent again, in order, with the DUP flag and its original packet id (section 4.4), and
 *   its callback waits for that PUBACK. At least once: the broker may have routed the first copy, so
 *   receivers must tolerate a repeat (chat messages carry an id for that). Only end() fails it;
 * - keepalive: a PINGREQ every `keepalive` seconds; no PINGRESP by the next one means the link is dead.
 */

/** What the client hears from its socket. */
export interface SocketHandlers {
  open(): void;
  /** One WebSocket message: binary (ArrayBuffer or a typed array); anything else is a protocol error. */
  message(data: unknown): void;
  /** The socket closed or failed (a failed WebSocket always closes after its error). */
  close(): void;
}

/** One connection attempt's socket. After close() it calls no handler again. */
export interface ClientSocket {
  /** Sends when open; bytes for a socket that is not open are dropped (its close is on the way). */
  send(bytes: Bytes): void;
  close(): void;
}

/** Opens a WebSocket speaking the 'mqtt' subprotocol (section 6): the browser's, or `ws` in Node tests. */
export type SocketFactory = (url: string, handlers: SocketHandlers) => ClientSocket;

export const browserSocket: SocketFactory = (url, handlers) => {
  const socket = new WebSocket(url, ['mqtt']);
  socket.binaryType = 'arraybuffer';
  socket.onopen = () => handlers.open();
  socket.onmessage = (event) => handlers.message(event.data);
  socket.onclose = () => handlers.close();
  socket.onerror = null;
  return {
    send: (bytes) => {
      if (socket.readyState === WebSocket.OPEN) socket.send(bytes);
    },
    close: () => {
      socket.onopen = socket.onmessage = socket.onclose = null;
      socket.close();
    },
  };
};

export interface MqttWsOptions {
  clientId: string;
  username?: string;
  password?: string;
  clean: boolean;
  /** Delay between reconnect attempts; 0 disables reconnecting. */
  reconnectPeriod: number;
  /** Longest wait for CONNACK after a connection attempt starts. */
  connectTimeout: number;
  /** Seconds between PINGREQs (mqtt.js's default is 60). */
  keepalive?: number;
}

export interface PublishOptions {
  qos: QoS;
  retain: boolean;
}

export interface MqttWsDeps {
  createSocket?: SocketFactory;
  setTimeout?: (callback: () => void, ms: number) => unknown;
  clearTimeout?: (handle: unknown) => void;
}

type Callback = (error?: Error) => void;
type Listener = (...args: never[]) => void;

/** A packet waiting for its acknowledgement: a QoS 1 PUBLISH keeps what it needs to be sent again. */
type Pending =
  | { kind: 'puback'; callback: Callback; publish: PublishFields & { packetId: number } }
  | { kind: 'suback'; callback: Callback; topics: string[] }
  | { kind: 'unsuback'; callback: Callback };

const DEFAULT_KEEPALIVE_SECONDS = 60;

export class MqttWsClient {
  connected = false;
  private socket: ClientSocket | null = null;
  private ending = false;
  private reconnecting = false;
  private pingOutstanding = false;
  private nextPacketId = 0;
  private connectTimer: unknown = null;
  private reconnectTimer: unknown = null;
  private keepaliveTimer: unknown = null;
  /** Topics to (re)subscribe on every CONNACK, with their QoS. */
  private readonly subscriptions = new Map<string, QoS>();
  /** What waits for PUBACK / SUBACK / UNSUBACK, by packet id, in the order it was sent. */
  private readonly pending = new Map<number, Pending>();
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly createSocket: SocketFactory;
  private readonly setTimer: (callback: () => void, ms: number) => unknown;
  private readonly clearTimer: (handle: unknown) => void;

  constructor(
    private readonly url: string,
    private readonly options: MqttWsOptions,
    deps: MqttWsDeps = {},
  ) {
    this.createSocket = deps.createSocket ?? browserSocket;
    this.setTimer = deps.setTimeout ?? ((callback, ms) => globalThis.setTimeout(callback, ms));
    this.clearTimer =
      deps.clearTimeout ?? ((handle) => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>));
    this.open();
  }

  on(event: 'connect' | 'close' | 'offline' | 'reconnect' | 'end', listener: () => void): this;
  on(event: 'error', listener: (error: Error) => void): this;
  on(event: 'message', listener: (topic: string, payload: Uint8Array) => void): this;
  on(event: 'subscribed', listener: (topics: string[]) => void): this;
  on(event: string, listener: Listener): this {
    let set = this.listeners.get(event);
    if (!set) this.listeners.set(event, (set = new Set()));
    set.add(listener);
    return this;
  }

  subscribe(topic: string, options: { qos: QoS }, callback?: (error: Error | null) => void): this {
    this.subscriptions.set(topic, options.qos);
    if (!this.connected) {
      // Sent with the others once CONNACK arrives.
      callback?.(null);
      return this;
    }
    // A topic the broker refuses leaves the list (see handle); one lost with the link is sent again on reconnect.
    this.request((packetId) => ({
      waiting: { kind: 'suback', callback: (error) => callback?.(error ?? null), topics: [topic] },
      bytes: encodeSubscribe(packetId, [{ topic, qos: options.qos }]),
    }));
    return this;
  }

  unsubscribe(topic: string, callback?: Callback): this {
    this.subscriptions.delete(topic);
    if (!this.connected) {
      callback?.();
      return this;
    }
    this.request((packetId) => ({
      waiting: { kind: 'unsuback', callback: (error) => callback?.(error) },
      bytes: encodeUnsubscribe(packetId, [topic]),
    }));
    return this;
  }

  publish(topic: string, message: string, options: PublishOptions, callback?: Callback): this {
    if (!this.connected) {
      callback?.(new Error('MQTT client not connected'));
      return this;
    }
    const payload = new TextEncoder().encode(message);
    if (options.qos === 0) {
      this.send(encodePublish({ topic, payload, qos: 0, retain: options.retain }));
      callback?.();
    } else {
      this.request((packetId) => {
        const publish = { topic, payload, qos: 1 as const, retain: options.retain, packetId };
        return {
          waiting: { kind: 'puback', callback: (error) => callback?.(error), publish },
          bytes: encodePublish(publish),
        };
      });
    }
    return this;
  }

  /** Closes for good: no more reconnects. Without `force`, says DISCONNECT first. */
  end(force = false): this {
    if (this.ending) return this;
    this.ending = true;
    this.clearTimers();
    if (!force && this.connected) this.send(encodeDisconnect());
    this.socket?.close();
    this.socket = null;
    this.connected = false;
    this.failPending(new Error('Connection closed'), () => true);
    this.emit('end');
    return this;
  }

  private open(): void {
    const reader = new PacketReader();
    const socket: ClientSocket = this.createSocket(this.url, {
      open: () => {
        if (this.socket !== socket) return;
        this.send(
          encodeConnect({
            clientId: this.options.clientId,
            // MQTT 3.1.1 sends a password only with a username: an empty one when none is given.
            username: this.options.username ?? (this.options.password === undefined ? undefined : ''),
            password: this.options.password,
            clean: this.options.clean,
            keepaliveSeconds: this.keepaliveSeconds(),
          }),
        );
      },
      message: (data) => {
        if (this.socket !== socket) return;
        let packets: IncomingPacket[];
        try {
          packets = reader.push(toBytes(data));
        } catch (error) {
          this.emit('error', error instanceof Error ? error : new MqttProtocolError(String(error)));
          this.lose(socket);
          return;
        }
        for (const packet of packets) {
          if (this.socket !== socket) return; // a packet before this one closed the link
          this.handle(packet, socket);
        }
      },
      close: () => this.lose(socket),
    });
    this.socket = socket;
    this.connectTimer = this.setTimer(() => {
      this.connectTimer = null;
      this.lose(socket);
    }, this.options.connectTimeout);
  }

  private handle(packet: IncomingPacket, socket: ClientSocket): void {
    switch (packet.type) {
      case 'connack':
        if (packet.returnCode !== 0) {
          const reason = CONNACK_REFUSALS[packet.returnCode] ?? `return code ${packet.returnCode}`;
          this.emit('error', new Error(`Connection refused: ${reason}`));
          this.lose(socket);
          return;
        }
        this.onConnected();
        return;
      case 'publish':
        this.emit('message', packet.topic, packet.payload);
        if (packet.qos === 1 && packet.packetId !== null) this.send(encodePuback(packet.packetId));
        return;
      case 'puback':
      case 'suback':
      case 'unsuback': {
        const waiting = this.pending.get(packet.packetId);
        if (!waiting || waiting.kind !== packet.type) return;
        this.pending.delete(packet.packetId);
        if (waiting.kind !== 'suback' || packet.type !== 'suback') {
          waiting.callback();
          return;
        }
        const refused = waiting.topics.filter((_, index) => packet.granted[index] === SUBACK_FAILURE);
        // Not asked for again on the next connection: the broker's ACL would refuse it again.
        for (const topic of refused) this.subscriptions.delete(topic);
        // Granted and still wanted (an unsubscribe may have overtaken the SUBACK).
        const granted = waiting.topics.filter(
          (topic, index) => packet.granted[index] !== SUBACK_FAILURE && this.subscriptions.has(topic),
        );
        waiting.callback(refused.length > 0 ? new Error(`Subscription refused: ${refused.join(', ')}`) : undefined);
        if (granted.length > 0 && this.socket === socket) this.emit('subscribed', granted);
        return;
      }
      case 'pingresp':
        this.pingOutstanding = false;
        return;
    }
  }

  private onConnected(): void {
    this.clearTimer(this.connectTimer);
    this.connectTimer = null;
    this.connected = true;
    this.reconnecting = false;
    this.pingOutstanding = false;
    this.scheduleKeepalive();
    if (this.subscriptions.size > 0) {
      const topics = [...this.subscriptions].map(([topic, qos]) => ({ topic, qos }));
      const report = (error?: Error): void => {
        if (error && this.connected) this.emit('error', error); // refused, not merely lost with the link
      };
      this.request((packetId) => ({
        waiting: { kind: 'suback', callback: report, topics: topics.map(({ topic }) => topic) },
        bytes: encodeSubscribe(packetId, topics),
      }));
    }
    // QoS 1 publishes the last link lost before their PUBACK: again, in order, flagged DUP, same packet id.
    for (const waiting of this.pending.values()) {
      if (waiting.kind === 'puback') this.send(encodePublish({ ...waiting.publish, dup: true }));
    }
    this.emit('connect');
  }

  /** The link `socket` is gone (closed, timed out, refused, dead keepalive): close, then retry later. */
  private lose(socket: ClientSocket): void {
    if (this.socket !== socket || this.ending) return;
    this.socket = null;
    socket.close();
    this.connected = false;
    this.clearTimers();
    // Subscriptions are asked for again on the next CONNACK and publishes resent: only their waits end here.
    this.failPending(new Error('Connection closed'), (waiting) => waiting.kind !== 'puback');
    this.emit('close');
    if (this.options.reconnectPeriod <= 0) return;
    if (!this.reconnecting) {
      this.reconnecting = true;
      this.emit('offline');
    }
    this.reconnectTimer = this.setTimer(() => {
      this.reconnectTimer = null;
      if (this.ending) return;
      this.emit('reconnect');
      this.open();
    }, this.options.reconnectPeriod);
  }

  private scheduleKeepalive(): void {
    if (this.keepaliveTimer !== null) this.clearTimer(this.keepaliveTimer);
    this.keepaliveTimer = null;
    if (this.keepaliveSeconds() === 0) return; // 0 turns keepalive off (section 3.1.2.10)
    this.keepaliveTimer = this.setTimer(() => {
      this.keepaliveTimer = null;
      const socket = this.socket;
      if (!socket || !this.connected) return;
      if (this.pingOutstanding) {
        this.lose(socket); // no PINGRESP for a whole keepalive period
        return;
      }
      this.pingOutstanding = true;
      this.send(encodePingreq());
      this.scheduleKeepalive();
    }, this.keepaliveSeconds() * 1000);
  }

  /** Sends a packet the broker acknowledges, under a free packet id; `waiting` hears the acknowledgement. */
  private request(build: (packetId: number) => { waiting: Pending; bytes: Bytes }): void {
    const packetId = this.allocatePacketId();
    const { waiting, bytes } = build(packetId);
    this.pending.set(packetId, waiting);
    this.send(bytes);
  }

  private allocatePacketId(): number {
    do {
      this.nextPacketId = (this.nextPacketId % 0xffff) + 1;
    } while (this.pending.has(this.nextPacketId));
    return this.nextPacketId;
  }

  private send(bytes: Bytes): void {
    this.socket?.send(bytes);
  }

  private keepaliveSeconds(): number {
    return this.options.keepalive ?? DEFAULT_KEEPALIVE_SECONDS;
  }

  /** Ends the waits that `which` selects, calling them back with `error`. */
  private failPending(error: Error, which: (waiting: Pending) => boolean): void {
    const failed = [...this.pending].filter(([, waiting]) => which(waiting));
    for (const [packetId] of failed) this.pending.delete(packetId);
    for (const [, { callback }] of failed) callback(error);
  }

  private clearTimers(): void {
    for (const timer of [this.connectTimer, this.reconnectTimer, this.keepaliveTimer])
      if (timer !== null) this.clearTimer(timer);
    this.connectTimer = this.reconnectTimer = this.keepaliveTimer = null;
  }

  private emit(event: string, ...args: unknown[]): void {
    for (const listener of [...(this.listeners.get(event) ?? [])])
      (listener as (...values: unknown[]) => void)(...args);
  }
}

function toBytes(data: unknown): Uint8Array {
  if (data instanceof ArrayBuffer) return new Uint8Array(data);
  if (ArrayBuffer.isView(data)) return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  throw new MqttProtocolError('MQTT over WebSocket needs binary messages');
}

/** Opens a client the way mqtt.js's `connect(url, options)` does. */
export function connectMqttOverWebSocket(url: string, options: MqttWsOptions, deps?: MqttWsDeps): MqttWsClient {
  return new MqttWsClient(url, options, deps);
}
