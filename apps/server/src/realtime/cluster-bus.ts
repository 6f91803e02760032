/**
 * Events every node must act on, whichever node they happen on: a logout must close that session's MQTT
 * connections and a suspended user must be cut off, but those connections may be held by any node; and a
 * changed account (profile, role, rating, suspension) must leave every node's session cache at once
 * (modules/auth/session-cache.ts).
 *
 * The event is applied on this node at once (so a node whose Redis link is briefly down still acts on
 * its own connections) and published on the Redis channel `<REDIS_PREFIX>cluster-bus`; the other nodes
 * apply it when it arrives, and a node ignores its own echo. Without REDIS_URL there is one node and the
 * bus is local only.
 *
 * A node whose subscriber is not connected cannot hear the others: `listeningEpoch` is then null, and the
 * session cache is bypassed until the subscription is back (a new epoch, on which the cache starts empty).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { z } from 'zod';

import { MemoryReadVersions, type ReadVersions, RedisReadVersions } from '../lib/read-versions';
import { channelName, createRedis, type RedisTarget } from '../lib/redis';
import type { RealtimeBroker } from './broker';

const CHANNEL = 'cluster-bus';

const zClusterEvent = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('disconnect-session'), sessionId: z.string().min(1) }),
  z.object({ kind: z.literal('disconnect-user'), userId: z.number().int().positive() }),
  z.object({ kind: z.literal('user-changed'), userId: z.number().int().positive() }),
]);
export type ClusterEvent = z.infer<typeof zClusterEvent>;

const zEnvelope = z.object({ origin: z.string(), event: zClusterEvent });

/**
 * The version-stamp keys of an account (lib/read-versions.ts): every event bumps its key before it is
 * published, so a node whose session cache compares stamps on each read serves the change at once, even
 * before the event itself reaches it (read-your-writes through a load balancer).
 */
export const accountKeys = {
  user: (userId: number) => `acct:u:${userId}`,
  session: (sessionId: string) => `acct:s:${sessionId}`,
} as const;

const keyOf = (event: ClusterEvent): string =>
  event.kind === 'disconnect-session' ? accountKeys.session(event.sessionId) : accountKeys.user(event.userId);

export class ClusterBus {
  private readonly listeners: ((event: ClusterEvent) => void)[] = [];
  /** Counts the subscriptions made (1 after boot); null while the subscriber is not connected. */
  private epoch: number | null = 1;
  /** The accounts' stamps: this node's memory, or Redis (shared by every node) on a cluster. */
  readonly accountVersions: ReadVersions;

  private constructor(
    private readonly nodeId: string,
    private readonly log: FastifyBaseLogger,
    private readonly links?: { publisher: Redis; subscriber: Redis; channel: string },
  ) {
    this.accountVersions = links ? new RedisReadVersions(links.publisher, nodeId) : new MemoryReadVersions();
  }

  static async create(options: {
    redis: RedisTarget | undefined;
    nodeId: string;
    log: FastifyBaseLogger;
  }): Promise<ClusterBus> {
    if (!options.redis) return new ClusterBus(options.nodeId, options.log);
    const [publisher, subscriber] = await Promise.all([createRedis(options.redis), createRedis(options.redis)]);
    const channel = channelName(options.redis, CHANNEL);
    const bus = new ClusterBus(options.nodeId, options.log, { publisher, subscriber, channel });
    subscriber.on('message', (_channel: string, raw: string) => bus.receive(raw));
    await subscriber.subscribe(channel);
    bus.followSubscriber(subscriber, channel);
    return bus;
  }

  /**
   * Events published while the link is down are lost for this node. ioredis resubscribes by itself on
   * reconnect; the epoch changes only once our own SUBSCRIBE, queued behind that, has been answered, so
   * nothing published after the new epoch starts can be missed.
   */
  private followSubscriber(subscriber: Redis, channel: string): void {
    let lastEpoch = 1;
    subscriber.on('close', () => {
      this.epoch = null;
    });
    subscriber.on('ready', () => {
      if (this.epoch !== null) return;
      subscriber.subscribe(channel).then(
        () => {
          if (subscriber.status !== 'ready') return;
          lastEpoch += 1;
          this.epoch = lastEpoch;
          this.log.info({ epoch: lastEpoch }, 'cluster bus listening again');
        },
        (error: unknown) => this.log.warn({ err: error }, 'cluster bus resubscribe failed'),
      );
    });
  }

  /**
   * Changes each time this node starts hearing the other nodes (again); null while it cannot (the Redis
   * subscriber is disconnected). Without Redis there are no other nodes: always 1.
   */
  get listeningEpoch(): number | null {
    return this.epoch;
  }

  on(listener: (event: ClusterEvent) => void): void {
    this.listeners.push(listener);
  }

  /** Applies the event here and sends it to every other node. */
  async broadcast(event: ClusterEvent): Promise<void> {
    this.apply(event);
    try {
      await this.accountVersions.bump([keyOf(event)]);
    } catch (error) {
      // Redis away: the other nodes bypass their caches meanwhile and empty them afterwards (epochs).
      this.log.error({ err: error, event }, 'account stamp bump failed');
    }
    if (!this.links) return;
    const { publisher, channel } = this.links;
    try {
      // While Redis is away the other nodes cannot hear the bus either: their session caches are bypassed
      // and emptied when they hear it again (listeningEpoch), so there is nothing to wait for. Waiting in
      // ioredis' offline queue would hold the caller's answer (a logout) for as long as the outage lasts.
      if (publisher.status !== 'ready') throw new Error(`Redis link ${publisher.status}`);
      await publisher.publish(channel, JSON.stringify({ origin: this.nodeId, event }));
    } catch (error) {
      // The caller's own work (the logout) is done and stored, so this is logged, not thrown. A node that
      // still hears Redis while this one cannot publish keeps its cached entry for at most the session
      // cache's max age (docs/ARCHITECTURE.md, 'Session cache').
      this.log.error({ err: error, event }, 'cluster bus publish failed');
    }
  }

  /** The connection this node publishes on (for /api/health), or null without Redis. */
  get redis(): Redis | null {
    return this.links?.publisher ?? null;
  }

  /** The connection the other nodes' events arrive on, or null without Redis (the tests cut it). */
  get subscriber(): Redis | null {
    return this.links?.subscriber ?? null;
  }

  async close(): Promise<void> {
    if (!this.links) return;
    this.epoch = null;
    this.links.subscriber.disconnect();
    await this.links.publisher.quit().catch(() => undefined);
  }

  private receive(raw: string): void {
    let parsed: z.infer<typeof zEnvelope>;
    try {
      parsed = zEnvelope.parse(JSON.parse(raw));
    } catch (error) {
      this.log.warn({ err: error }, 'malformed cluster bus message ignored');
      return;
    }
    if (parsed.origin !== this.nodeId) this.apply(parsed.event);
  }

  private apply(event: ClusterEvent): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch (error) {
        this.log.error({ err: error, event }, 'cluster bus listener failed');
      }
    }
  }
}

/** What logout and account suspension call: ends the matching MQTT connections on every node. */
export interface RealtimeDisconnects {
  disconnectSession(sessionId: string): Promise<void>;
  disconnectUser(userId: number): Promise<void>;
}

export function linkBrokerToBus(broker: RealtimeBroker, bus: ClusterBus): RealtimeDisconnects {
  bus.on((event) => {
    if (event.kind === 'disconnect-session') broker.disconnectSession(event.sessionId);
    else if (event.kind === 'disconnect-user') broker.disconnectUser(event.userId);
  });
  return {
    disconnectSession: (sessionId) => bus.broadcast({ kind: 'disconnect-session', sessionId }),
    disconnectUser: (userId) => bus.broadcast({ kind: 'disconnect-user', userId }),
  };
}

/**
 * What a change to an account calls after its commit (profile, user type, operator role, reactivation, a
 * rating received): every node drops its cached copy of the user before the change's answer is sent.
 * Suspension and operator removal use disconnectUser, which drops it too.
 */
export interface AccountChanges {
  userChanged(userId: number): Promise<void>;
}

/**
 * `tellUser` then tells the user's open apps (their notifications/{user} topic), once every node dropped its
 * copy, so the profile they read on hearing it is the new one: a session made an operator from the command
 * line sees its console without a reload. Called by the node that made the change (or whose command inbox
 * ran it), so each change is told once.
 */
export function accountChangesOn(bus: ClusterBus, tellUser?: (userId: number) => Promise<void>): AccountChanges {
  return {
    userChanged: async (userId) => {
      await bus.broadcast({ kind: 'user-changed', userId });
      await tellUser?.(userId);
    },
  };
}
