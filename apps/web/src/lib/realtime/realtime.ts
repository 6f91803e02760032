import { MQTT_CONNECT_TIMEOUT_MS, MQTT_MAX_RECONNECTS, MQTT_PATH, MQTT_RECONNECT_PERIOD_MS } from '@jala/domain';

import type { MqttWsOptions, PublishOptions } from '../mqtt/ws-client';

/**
 * Realtime link to the server's MQTT broker over WebSocket (spec §7 'Realtime messaging').
 *
 * - The MQTT client (lib/mqtt, a small MQTT 3.1.1 client in place of mqtt.js: see ws-client.ts) is
 *   loaded with a dynamic import on the first connect(), i.e. only after login, so it never weighs on the
 *   login route.
 * - Failed reconnects are counted; after MQTT_MAX_RECONNECTS the client is ended (state 'offline'), as
 *   the spec says. The link then heals itself: a fresh client with the same credentials after a
 *   back-off (RECOVERY_BASE_MS doubling up to RECOVERY_MAX_MS), and at once when the page becomes
 *   visible or the browser says it is online again (installRecovery). Every new connection resubscribes
 *   every topic that has handlers. A subscription's `onLive` runs when the broker grants it (SUBACK), the
 *   first time and after every resubscription: screens refetch then (useRealtimeTopic's onLive), so a
 *   message is either in the refetch or delivered live, never lost in the gap between SUBSCRIBE and SUBACK.
 * - publish() resolves on the broker's PUBACK (QoS 1); one the link lost is resent by the MQTT client on
 *   reconnect and resolves then; it rejects only when the client is ended (logout, giving up).
 * - subscribe/publish while disconnected throw Error(NOT_CONNECTED) — the spec's English text, which
 *   screens translate with realtimeErrorMessage().
 * - Incoming payloads are JSON-parsed and handed to the handlers of their topic (MQTT wildcards
 *   + and # are honoured); malformed payloads are logged and ignored.
 * - The mqtt factory and the timers are injectable, so reconnect logic is tested on fake clients/time.
 */

export const NOT_CONNECTED = 'MQTT client not connected';
export const NOT_CONNECTED_MESSAGE = 'Sin conexión en tiempo real';
export const CLIENT_ID_PREFIX = 'jala_web_';

/** First delay before a fresh client replaces one that gave up; doubles up to RECOVERY_MAX_MS. */
export const RECOVERY_BASE_MS = 2_000;
export const RECOVERY_MAX_MS = 10_000;

/** What installRecovery listens to: the window (online, visibilitychange) and the document (visibilityState). */
export interface RecoveryEnvironment {
  addEventListener(type: 'online' | 'visibilitychange', listener: () => void): void;
  removeEventListener(type: 'online' | 'visibilitychange', listener: () => void): void;
  isVisible(): boolean;
}

export type ConnectionState = 'disconnected' | 'connecting' | 'connected' | 'reconnecting' | 'offline';
export type MessageHandler<T = unknown> = (payload: T, topic: string) => void;

export interface SubscribeOptions {
  /**
   * Runs each time the broker grants this topic (SUBACK): after the first SUBSCRIBE, after every
   * resubscription, and at once when the topic is already granted on this connection.
   */
  onLive?: () => void;
}

/** One screen's interest in a topic. */
interface Subscription {
  handler: MessageHandler;
  onLive?: () => void;
}
export type ConnectionListener = (state: ConnectionState) => void;

/** The part of the MQTT client (lib/mqtt/ws-client.ts) this module uses; tests pass a fake that implements it. */
export interface MqttLikeClient {
  readonly connected: boolean;
  on(event: 'connect', listener: () => void): unknown;
  on(event: 'reconnect' | 'close' | 'offline' | 'end', listener: () => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  on(event: 'message', listener: (topic: string, payload: Uint8Array) => void): unknown;
  on(event: 'subscribed', listener: (topics: string[]) => void): unknown;
  subscribe(topic: string, options: { qos: 0 | 1 }, callback?: (error: Error | null) => void): unknown;
  unsubscribe(topic: string, callback?: (error?: Error) => void): unknown;
  publish(topic: string, message: string, options: PublishOptions, callback?: (error?: Error) => void): unknown;
  end(force?: boolean): unknown;
}

export type MqttConnect = (url: string, options: MqttWsOptions) => MqttLikeClient;

export interface RealtimeTimers {
  setTimeout: (callback: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
}

export interface RealtimeDeps {
  /** Resolves the MQTT connect function; defaults to a dynamic import of lib/mqtt/ws-client. */
  loadMqtt?: () => Promise<MqttConnect>;
  timers?: RealtimeTimers;
  now?: () => number;
  /** Builds the broker URL; defaults to ws(s)://<this host>/mqtt. */
  brokerUrl?: () => string;
  logger?: Pick<Console, 'warn' | 'info'>;
}

export interface ConnectParams {
  userId: number | string | null | undefined;
  token: string;
}

const defaultLoadMqtt = async (): Promise<MqttConnect> => (await import('../mqtt/ws-client')).connectMqttOverWebSocket;

export function defaultBrokerUrl(): string {
  const { protocol, host } = globalThis.location;
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}${MQTT_PATH}`;
}

/** MQTT topic filter matching (+ one level, # the rest). */
export function topicMatches(filter: string, topic: string): boolean {
  if (filter === topic) return true;
  const f = filter.split('/');
  const t = topic.split('/');
  for (let i = 0; i < f.length; i++) {
    const part = f[i];
    if (part === '#') return true;
    if (i >= t.length) return false;
    if (part !== '+' && part !== t[i]) return false;
  }
  return f.length === t.length;
}

/** A Spanish, user-facing message for realtime failures. */
export function realtimeErrorMessage(error: unknown): string {
  if (error instanceof Error && error.message === NOT_CONNECTED) return NOT_CONNECTED_MESSAGE;
  return 'Error en la conexión en tiempo real';
}

export class RealtimeClient {
  private client: MqttLikeClient | null = null;
  private state: ConnectionState = 'disconnected';
  private failedReconnects = 0;
  private attempting = false;
  /** Bumped on every connect()/disconnect() so a stale async connect cannot install its client. */
  private generation = 0;
  private lastParams: ConnectParams | null = null;
  private recoveryTimer: unknown = null;
  private recoveryAttempts = 0;
  private readonly handlers = new Map<string, Set<Subscription>>();
  /** Topics the broker granted on the current connection (SUBACK seen since the last CONNACK). */
  private readonly granted = new Set<string>();
  private readonly listeners = new Set<ConnectionListener>();
  private readonly loadMqtt: () => Promise<MqttConnect>;
  private readonly timers: RealtimeTimers;
  private readonly now: () => number;
  private readonly brokerUrl: () => string;
  private readonly logger: Pick<Console, 'warn' | 'info'>;

  constructor(deps: RealtimeDeps = {}) {
    this.loadMqtt = deps.loadMqtt ?? defaultLoadMqtt;
    this.timers = deps.timers ?? {
      setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
      clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>),
    };
    this.now = deps.now ?? Date.now;
    this.brokerUrl = deps.brokerUrl ?? defaultBrokerUrl;
    this.logger = deps.logger ?? console;
  }

  getState(): ConnectionState {
    return this.state;
  }

  /** Reads the live client flag, so a poll sees the truth even if an event was missed. */
  isConnected(): boolean {
    return this.client?.connected === true;
  }

  /** Failed reconnect attempts since the last successful connection. */
  getFailedReconnects(): number {
    return this.failedReconnects;
  }

  /** Listens to connection-state changes; returns the unsubscribe function. */
  onConnectionChange(listener: ConnectionListener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  /** Opens the connection for a user (closing any previous one). Resolves once the client is created. */
  async connect({ userId, token }: ConnectParams): Promise<void> {
    this.closeClient();
    this.lastParams = { userId, token };
    const generation = ++this.generation;
    this.failedReconnects = 0;
    this.attempting = false;
    this.setState('connecting');

    let connectFn: MqttConnect;
    try {
      connectFn = await this.loadMqtt();
    } catch (error) {
      this.logger.warn('[realtime] could not load the MQTT client', error);
      if (generation === this.generation) this.setState('offline');
      return;
    }
    if (generation !== this.generation) return; // disconnect() or another connect() happened meanwhile

    const options: MqttWsOptions = {
      clientId: `${CLIENT_ID_PREFIX}${userId ?? 'anon'}_${this.now()}`,
      username: userId === null || userId === undefined ? undefined : String(userId),
      password: token,
      clean: true,
      reconnectPeriod: MQTT_RECONNECT_PERIOD_MS,
      connectTimeout: MQTT_CONNECT_TIMEOUT_MS,
    };
    const client = connectFn(this.brokerUrl(), options);
    this.client = client;
    this.attach(client);
  }

  /** Starts over with the last credentials (e.g. the user taps the 'Jala Off' indicator). */
  async reconnect(): Promise<void> {
    if (this.lastParams && !this.isConnected()) await this.connect(this.lastParams);
  }

  /**
   * A fresh client now if the link is down (gave up, or still retrying with an old socket) and a session
   * is known; nothing while connected or while a connection is being opened.
   */
  async recover(): Promise<void> {
    if (!this.lastParams || this.isConnected() || this.state === 'connecting') return;
    this.cancelRecovery();
    await this.connect(this.lastParams);
  }

  /**
   * Heals the link when the phone comes back: the page becomes visible again (screen on, app switched
   * back) or the browser reports the network is back. Returns the function that stops listening.
   */
  installRecovery(environment: RecoveryEnvironment): () => void {
    const onOnline = (): void => void this.recover();
    const onVisibility = (): void => {
      if (environment.isVisible()) void this.recover();
    };
    environment.addEventListener('online', onOnline);
    environment.addEventListener('visibilitychange', onVisibility);
    return () => {
      environment.removeEventListener('online', onOnline);
      environment.removeEventListener('visibilitychange', onVisibility);
    };
  }

  /** Closes the connection and forgets the credentials; handlers stay registered (they are per topic). */
  disconnect(): void {
    this.lastParams = null;
    this.cancelRecovery();
    this.recoveryAttempts = 0;
    this.generation++;
    this.closeClient();
    this.failedReconnects = 0;
    this.attempting = false;
    this.setState('disconnected');
  }

  /**
   * Resolves when connected; rejects with Error(NOT_CONNECTED) after timeoutMs or if the client
   * gives up (offline) or is closed.
   */
  whenConnected(timeoutMs: number = MQTT_CONNECT_TIMEOUT_MS): Promise<void> {
    if (this.isConnected()) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const stop = (): void => {
        this.timers.clearTimeout(handle);
        unsubscribe();
      };
      const handle = this.timers.setTimeout(() => {
        stop();
        reject(new Error(NOT_CONNECTED));
      }, timeoutMs);
      const unsubscribe = this.onConnectionChange((state) => {
        if (state === 'connected') {
          stop();
          resolve();
        } else if (state === 'offline' || state === 'disconnected') {
          stop();
          reject(new Error(NOT_CONNECTED));
        }
      });
    });
  }

  /**
   * Registers a handler for a topic (subscribing at the broker for the first handler); `onLive` tells when
   * the broker has granted it. Throws Error(NOT_CONNECTED) while disconnected. Returns a function that
   * removes the handler.
   */
  subscribe<T = unknown>(topic: string, handler: MessageHandler<T>, { onLive }: SubscribeOptions = {}): () => void {
    const client = this.requireClient();
    let set = this.handlers.get(topic);
    const isNew = !set;
    if (!set) {
      set = new Set();
      this.handlers.set(topic, set);
    }
    const entry: Subscription = { handler: handler as MessageHandler, onLive };
    set.add(entry);
    if (isNew) {
      client.subscribe(topic, { qos: 1 }, (error) => {
        if (error) this.logger.warn(`[realtime] subscribe to ${topic} refused`, error);
      });
    } else if (this.granted.has(topic)) {
      this.notifyLive(topic, [entry]);
    }
    return () => this.removeHandler(topic, entry);
  }

  /** Publishes a JSON payload. Throws Error(NOT_CONNECTED) while disconnected. */
  publish(topic: string, payload: unknown, options: { qos?: 0 | 1; retain?: boolean } = {}): Promise<void> {
    const client = this.requireClient();
    return new Promise((resolve, reject) => {
      client.publish(
        topic,
        JSON.stringify(payload),
        { qos: options.qos ?? 1, retain: options.retain ?? false },
        (error) => (error ? reject(error) : resolve()),
      );
    });
  }

  private requireClient(): MqttLikeClient {
    const client = this.client;
    if (!client || !client.connected) throw new Error(NOT_CONNECTED);
    return client;
  }

  private removeHandler(topic: string, entry: Subscription): void {
    const set = this.handlers.get(topic);
    if (!set) return;
    set.delete(entry);
    if (set.size > 0) return;
    this.handlers.delete(topic);
    this.granted.delete(topic);
    if (this.client?.connected) this.client.unsubscribe(topic);
  }

  private attach(client: MqttLikeClient): void {
    const isCurrent = (): boolean => this.client === client;
    let everConnected = false;
    client.on('connect', () => {
      if (!isCurrent()) return;
      if (!everConnected) {
        // Topics registered before this client existed (the client itself resubscribes on later reconnects).
        everConnected = true;
        for (const topic of this.handlers.keys()) client.subscribe(topic, { qos: 1 });
      }
      this.failedReconnects = 0;
      this.attempting = false;
      this.recoveryAttempts = 0;
      this.cancelRecovery();
      this.setState('connected');
    });
    client.on('reconnect', () => {
      if (!isCurrent()) return;
      this.attempting = true;
      this.setState('reconnecting');
    });
    client.on('subscribed', (topics) => {
      if (!isCurrent()) return;
      for (const topic of topics) {
        const set = this.handlers.get(topic);
        if (!set) continue; // unsubscribed meanwhile
        this.granted.add(topic);
        this.notifyLive(topic, [...set]);
      }
    });
    client.on('close', () => {
      if (!isCurrent()) return;
      this.granted.clear();
      if (this.attempting) {
        this.attempting = false;
        this.failedReconnects++;
        if (this.failedReconnects >= MQTT_MAX_RECONNECTS) {
          this.logger.warn(`[realtime] giving up after ${this.failedReconnects} failed reconnects`);
          this.closeClient();
          this.setState('offline');
          this.scheduleRecovery();
          return;
        }
      }
      this.setState('reconnecting');
    });
    client.on('offline', () => {
      if (isCurrent() && this.state === 'connected') this.setState('reconnecting');
    });
    client.on('error', (error) => {
      if (isCurrent()) this.logger.warn('[realtime] connection error', error.message);
    });
    client.on('message', (topic, payload) => {
      if (isCurrent()) this.dispatch(topic, payload);
    });
  }

  private dispatch(topic: string, payload: Uint8Array): void {
    let data: unknown;
    try {
      data = JSON.parse(new TextDecoder().decode(payload));
    } catch {
      this.logger.warn(`[realtime] malformed message ignored on ${topic}`);
      return;
    }
    for (const [filter, set] of this.handlers) {
      if (!topicMatches(filter, topic)) continue;
      for (const { handler } of [...set]) {
        try {
          handler(data, topic);
        } catch (error) {
          this.logger.warn(`[realtime] handler for ${topic} failed`, error);
        }
      }
    }
  }

  private notifyLive(topic: string, subscriptions: Subscription[]): void {
    for (const { onLive } of subscriptions) {
      try {
        onLive?.();
      } catch (error) {
        this.logger.warn(`[realtime] onLive for ${topic} failed`, error);
      }
    }
  }

  /** After giving up: a fresh client after the next back-off delay (2 s, 4 s, 8 s, then every 10 s). */
  private scheduleRecovery(): void {
    if (!this.lastParams || this.recoveryTimer !== null) return;
    const delay = Math.min(RECOVERY_BASE_MS * 2 ** this.recoveryAttempts, RECOVERY_MAX_MS);
    this.recoveryAttempts++;
    this.recoveryTimer = this.timers.setTimeout(() => {
      this.recoveryTimer = null;
      void this.recover();
    }, delay);
  }

  private cancelRecovery(): void {
    if (this.recoveryTimer === null) return;
    this.timers.clearTimeout(this.recoveryTimer);
    this.recoveryTimer = null;
  }

  private closeClient(): void {
    const client = this.client;
    this.client = null;
    this.granted.clear();
    if (client) {
      try {
        client.end(true);
      } catch (error) {
        this.logger.warn('[realtime] error while closing', error);
      }
    }
  }

  private setState(state: ConnectionState): void {
    if (this.state === state) return;
    this.state = state;
    for (const listener of [...this.listeners]) listener(state);
  }
}

/** The app-wide realtime connection, healing itself when the phone comes back online or to the front. */
export const realtime = new RealtimeClient();
if (typeof window !== 'undefined' && typeof document !== 'undefined') {
  realtime.installRecovery({
    addEventListener: (type, listener) => (type === 'online' ? window : document).addEventListener(type, listener),
    removeEventListener: (type, listener) =>
      (type === 'online' ? window : document).removeEventListener(type, listener),
    isVisible: () => document.visibilityState === 'visible',
  });
}
