/**
 * The MQTT broker (Aedes, MQTT 3.1.1) served over WebSocket at /mqtt on the HTTP server's own port.
 * The MQTT password is the user's session token; every subscribe and publish passes the topic ACL.
 * With REDIS_URL, brokers on several nodes share messages and retained state through Redis (persistence.ts).
 */
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';

import { Aedes, type AuthenticateError, type Client } from 'aedes';
import type { FastifyBaseLogger } from 'fastify';
import { createWebSocketStream, WebSocketServer } from 'ws';
import { z } from 'zod';

import type { AuthenticatedUser } from '../lib/session-user';
import { clientIdBelongsTo, IDENTIFIER_REJECTED, SubscriptionGrants } from './client-identity';
import { MessageCounts } from './message-counts';
import type { BrokerStorage } from './persistence';
import type { TopicAcl } from './topic-acl';

export const MQTT_PATH = '/mqtt';
const BAD_USERNAME_OR_PASSWORD = 4;

/**
 * Where the server tells every node's broker that users lost access to topics. It travels on the brokers'
 * own message stream (mqemitter-redis across nodes), so each node applies it before any message the server
 * publishes after it — the next trip_status cannot overtake it. No client can subscribe or publish to it:
 * the topic ACL parses no `$` topic.
 */
const REVOCATIONS_TOPIC = '$jala/revocations';
/**
 * Where a client message over its publish budget goes instead of its own topic: nobody subscribes to it
 * (the ACL parses no `$` topic), so it is neither delivered nor stored, and the client still gets its PUBACK
 * (a QoS 1 sender does not resend it). Aedes has no other way to drop a publish without closing the connection.
 */
const DROPPED_TOPIC = '$jala/over-budget';
const zRevocation = z.object({
  userIds: z.array(z.number().int().positive()),
  topics: z.array(z.string().min(1)).min(1),
});

export interface RealtimeBrokerOptions {
  authenticate: (token: string) => Promise<AuthenticatedUser | null>;
  acl: TopicAcl;
  /** Shared storage and fan-out between nodes (Redis); empty = in-memory, one node. */
  storage?: BrokerStorage;
  /** Sent as X-Jala-Node on the WebSocket handshake (which node holds the connection, behind a balancer). */
  nodeId?: string;
  log: FastifyBaseLogger;
  /** Spends the sender's publish budget before the ACL runs (budgets/mqtt-budgets.ts); absent = no budgets. */
  publishBudget?: (user: AuthenticatedUser, topic: string) => Promise<PublishVerdict>;
}

/** What the publish budget says of one client message: pass it on, drop it, or close the connection. */
export type PublishVerdict = 'allow' | 'drop' | 'disconnect';

export class RealtimeBroker {
  private readonly users = new WeakMap<Client, AuthenticatedUser>();
  private readonly clientsBySession = new Map<string, Set<Client>>();
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  private readonly published: ((topic: string, payload: Buffer, user: AuthenticatedUser) => void)[] = [];
  private draining = false;
  /** Messages moved by this node, for /metrics (message-counts.ts). */
  readonly messages: MessageCounts;

  private constructor(
    private readonly aedes: Aedes,
    private readonly grants: SubscriptionGrants,
    private readonly log: FastifyBaseLogger,
    messages: MessageCounts,
  ) {
    this.messages = messages;
  }

  static async create(options: RealtimeBrokerOptions): Promise<RealtimeBroker> {
    // Aedes needs its hooks before the broker object exists; they reach it through this holder.
    const holder: { broker?: RealtimeBroker } = {};
    const grants = new SubscriptionGrants();
    const messages = new MessageCounts();
    const aedes = await Aedes.createBroker({
      ...options.storage,
      authenticate: (client, _username, password, done) => {
        const token = password?.toString('utf8') ?? '';
        options.authenticate(token).then(
          (user) => {
            if (!user) {
              const error = Object.assign(new Error('Token inválido'), {
                returnCode: BAD_USERNAME_OR_PASSWORD,
              }) as AuthenticateError;
              return done(error, false);
            }
            if (!clientIdBelongsTo(client.id, user.id)) {
              options.log.warn({ userId: user.id, clientId: client.id }, 'mqtt client id of another user refused');
              const error = Object.assign(new Error('Identificador de cliente no válido'), {
                returnCode: IDENTIFIER_REJECTED,
              }) as AuthenticateError;
              return done(error, false);
            }
            holder.broker?.track(client, user);
            done(null, true);
          },
          (error: unknown) => done(Object.assign(error as Error, { returnCode: 3 }) as AuthenticateError, false),
        );
      },
      authorizeSubscribe: (client, subscription, done) => {
        const user = holder.broker?.users.get(client);
        if (!user) return done(new Error('not authenticated'));
        // An answer read while a revocation arrived may predate it (the access is revoked once the change
        // is stored): ask again, so a grant is never given on access that is already gone.
        const check = async (): Promise<boolean> => {
          const before = grants.revocationCount;
          const allowed = await options.acl.canSubscribe(user, subscription.topic);
          return allowed && grants.revocationCount !== before ? check() : allowed;
        };
        check().then(
          (allowed) => {
            if (!allowed) options.log.warn({ userId: user.id, topic: subscription.topic }, 'mqtt subscribe denied');
            else grants.grant(client, subscription.topic);
            // A null subscription answers the SUBACK with a failure code instead of dropping the client.
            done(null, allowed ? subscription : null);
          },
          (error: unknown) => done(error as Error),
        );
      },
      // Each delivery to a subscriber: only topics the ACL granted to this connection (client-identity.ts).
      authorizeForward: (client, packet) => {
        if (grants.allows(client, packet.topic)) {
          messages.add('out', packet.topic);
          return packet;
        }
        options.log.warn(
          { clientId: client.id, topic: packet.topic },
          'mqtt delivery to an ungranted subscriber dropped',
        );
        return null;
      },
      authorizePublish: (client, packet, done) => {
        if (!client) return done(null); // the server's own messages
        const user = holder.broker?.users.get(client);
        if (!user) return done(new Error('not authenticated'));
        const authorize = async (): Promise<Error | null> => {
          // The budget first: a flood is cut before it costs the ACL's database reads.
          const verdict = (await options.publishBudget?.(user, packet.topic)) ?? 'allow';
          if (verdict === 'disconnect') {
            messages.add('refused', packet.topic);
            options.log.warn(
              { userId: user.id, topic: packet.topic },
              'mqtt publisher far over its budget disconnected',
            );
            return new Error('publish budget exceeded');
          }
          if (verdict === 'drop') {
            messages.add('refused', packet.topic);
            Object.assign(packet, { topic: DROPPED_TOPIC, payload: Buffer.alloc(0), retain: false });
            return null;
          }
          if (!(await options.acl.canPublish(user, packet.topic, packet.payload as Buffer))) {
            messages.add('refused', packet.topic);
            options.log.warn({ userId: user.id, topic: packet.topic }, 'mqtt publish denied');
            return new Error('publish denied');
          }
          messages.add('in', packet.topic);
          for (const listener of holder.broker?.published ?? []) listener(packet.topic, packet.payload as Buffer, user);
          return null;
        };
        authorize().then(
          (error) => done(error),
          (error: unknown) => done(error as Error),
        );
      },
    });
    aedes.on('unsubscribe', (topics, client) => grants.revoke(client, topics));
    const broker = new RealtimeBroker(aedes, grants, options.log, messages);
    holder.broker = broker;
    await new Promise<void>((resolve) => {
      aedes.subscribe(
        REVOCATIONS_TOPIC,
        (packet, done) => {
          broker.applyRevocation(packet.payload);
          done();
        },
        () => resolve(),
      );
    });
    aedes.on('clientDisconnect', (client) => broker.untrack(client));
    if (options.nodeId) {
      const header = `X-Jala-Node: ${options.nodeId}`;
      broker.wss.on('headers', (headers) => headers.push(header));
    }
    return broker;
  }

  /** Serves MQTT-over-WebSocket upgrades on `path` of the given HTTP server. */
  attach(server: Server): void {
    server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
      const pathname = new URL(request.url ?? '/', 'http://localhost').pathname;
      if (pathname !== MQTT_PATH) return socket.destroy();
      if (this.draining) {
        // A draining node takes no new realtime clients; the balancer retries the handshake on another node.
        socket.end('HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
        return;
      }
      this.wss.handleUpgrade(request, socket, head, (ws) => {
        const stream = createWebSocketStream(ws);
        stream.on('error', (error) => this.log.debug({ err: error }, 'mqtt websocket stream error'));
        this.aedes.handle(stream, request);
      });
    });
  }

  /** Publishes as the server (bypasses the client ACL; server-only topics rely on this). */
  publish(topic: string, message: unknown, options: { retain?: boolean } = {}): Promise<void> {
    return this.publishOn(topic, message, options.retain ?? false);
  }

  /**
   * Cuts `userIds` off `topics` on every node: their connections' earlier subscriptions deliver nothing
   * more (authorizeForward), and subscribing again passes the ACL, which now says no. Call it after the
   * change that took the access away is stored, and before publishing what they must no longer see.
   */
  revoke(userIds: readonly number[], topics: readonly string[]): Promise<void> {
    if (userIds.length === 0 || topics.length === 0) return Promise.resolve();
    return this.publishOn(REVOCATIONS_TOPIC, { userIds, topics }, false);
  }

  /**
   * Every message on topics matching `pattern` that reaches this node's broker (published here, or on
   * another node and fanned out through Redis), before it is delivered to this node's clients.
   */
  onMessage(pattern: string, listener: (topic: string, payload: Buffer) => void): Promise<void> {
    return new Promise((resolve) => {
      this.aedes.subscribe(
        pattern,
        (packet, done) => {
          try {
            listener(packet.topic, packet.payload as Buffer);
          } catch (error) {
            this.log.warn({ err: error, topic: packet.topic }, 'internal mqtt listener failed');
          }
          done();
        },
        () => resolve(),
      );
    });
  }

  /** Runs after a client's publish passed the ACL (e.g. to store chat messages). */
  onClientPublish(listener: (topic: string, payload: Buffer, user: AuthenticatedUser) => void): void {
    this.published.push(listener);
  }

  /** Ends the realtime connections of a session that logged out. */
  disconnectSession(sessionId: string): void {
    for (const client of this.clientsBySession.get(sessionId) ?? []) client.close();
    this.clientsBySession.delete(sessionId);
  }

  /** Ends every realtime connection of a user on this node (e.g. a suspended account). */
  disconnectUser(userId: number): void {
    for (const [sessionId, clients] of this.clientsBySession) {
      const mine = [...clients].filter((client) => this.users.get(client)?.id === userId);
      if (mine.length === 0) continue;
      for (const client of mine) client.close();
      this.clientsBySession.delete(sessionId);
    }
  }

  /** Whether an operator (users.is_admin) is connected to this node: the live city map is sent only then. */
  hasOperatorConnected(): boolean {
    for (const clients of this.clientsBySession.values()) {
      for (const client of clients) if (this.users.get(client)?.isAdmin) return true;
    }
    return false;
  }

  /**
   * Graceful shutdown: refuse new connections, then close the open ones so their clients reconnect
   * (through the balancer) to another node, where the shared Redis state is waiting for them.
   */
  drain(): void {
    this.draining = true;
    for (const ws of this.wss.clients) ws.close(1012, 'service restart');
  }

  get isDraining(): boolean {
    return this.draining;
  }

  get connectedClients(): number {
    return this.aedes.connectedClients;
  }

  /**
   * Ends every realtime connection and refuses new ones, but keeps the broker (and its Redis links) up, so
   * HTTP requests still in flight can publish their events while the HTTP server waits for them.
   */
  async closeConnections(): Promise<void> {
    this.draining = true;
    for (const ws of this.wss.clients) ws.terminate();
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
  }

  async close(): Promise<void> {
    await this.closeConnections();
    await new Promise<void>((resolve) => this.aedes.close(() => resolve()));
  }

  private publishOn(topic: string, message: unknown, retain: boolean): Promise<void> {
    this.messages.add('server', topic);
    return new Promise((resolve, reject) => {
      this.aedes.publish(
        { cmd: 'publish', topic, payload: Buffer.from(JSON.stringify(message)), qos: 0, retain, dup: false },
        (error) => (error ? reject(error) : resolve()),
      );
    });
  }

  /** A revocation (from this node or another) applied to this node's connections. */
  private applyRevocation(payload: Buffer | string): void {
    let revocation: z.infer<typeof zRevocation>;
    try {
      revocation = zRevocation.parse(JSON.parse(payload.toString()));
    } catch (error) {
      this.log.error({ err: error }, 'malformed mqtt revocation ignored');
      return;
    }
    const userIds = new Set(revocation.userIds);
    const clients = [...this.clientsBySession.values()]
      .flatMap((set) => [...set])
      .filter((client) => userIds.has(this.users.get(client)?.id ?? 0));
    this.grants.revokeLost(clients, revocation.topics);
  }

  private track(client: Client, user: AuthenticatedUser): void {
    this.users.set(client, user);
    const set = this.clientsBySession.get(user.sessionId) ?? new Set<Client>();
    set.add(client);
    this.clientsBySession.set(user.sessionId, set);
  }

  private untrack(client: Client): void {
    const user = this.users.get(client);
    if (!user) return;
    const set = this.clientsBySession.get(user.sessionId);
    set?.delete(client);
    if (set?.size === 0) this.clientsBySession.delete(user.sessionId);
  }
}
