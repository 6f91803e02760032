/**
 * Version stamps of the in-memory read models (docs/ARCHITECTURE.md 'Read models'). A cached answer is
 * kept with the stamps of the keys it depends on, read BEFORE it was loaded; every write bumps the keys it
 * affects AFTER its commit and before it answers or publishes anything. A cached answer is served only
 * while its keys still carry the stamps it was loaded under, so:
 * - a user reads their own writes (the bump happened before the write answered);
 * - a client reacting to an MQTT message reads the new state (the bump happened before the publish);
 * - a load that raced a write is never served again (it was stamped with the older version).
 * One node keeps the stamps in memory; a cluster (REDIS_URL) keeps them in Redis, so a write on any node is
 * seen by every node's next read (one MGET per cached read, no database query).
 *
 * A stamp lives `ttlMs` after its bump; answers are never kept longer than READ_MODEL_MAX_AGE_MS (half the
 * TTL), so a stamp that expired cannot make an answer older than it look current again.
 */
import type { Redis } from 'ioredis';

/** The longest any read model keeps an answer, whatever happens (bounds the lag of what no write bumps). */
export const READ_MODEL_MAX_AGE_MS = 60_000;
const STAMP_TTL_MS = READ_MODEL_MAX_AGE_MS * 2;

/** The keys writes bump. */
export const readKeys = {
  /** Everything a user's trip-side reads show: their active/current trip, its parties. */
  user: (userId: number) => `u:${userId}`,
  /** The live offers on a trip. */
  tripOffers: (tripId: number) => `o:${tripId}`,
  /** A driver's request feed inputs: their profile, position, answers. */
  driverFeed: (driverId: number) => `f:${driverId}`,
  /** The set of pending requests (any created, repriced, taken, closed or expired). */
  pendingRequests: () => 'requests',
  /** A user's dashboard stats (trips completed, cancelled, status changes, ratings, saved places). */
  stats: (userId: number) => `s:${userId}`,
} as const;

export interface ReadVersions {
  /** The current stamp of each key ('' when never bumped within the TTL), in order. */
  stamps(keys: readonly string[]): Promise<string[]> | string[];
  /** Gives each key a new stamp; resolves once every node will see it. */
  bump(keys: readonly string[]): Promise<void>;
}

let sequence = 0;
const newStamp = (origin: string) => `${origin}.${Date.now().toString(36)}.${(sequence += 1).toString(36)}`;

/** One node: the stamps in a map, oldest bump first, pruned as they expire. */
export class MemoryReadVersions implements ReadVersions {
  private readonly entries = new Map<string, { stamp: string; at: number }>();

  constructor(private readonly clock: () => number = Date.now) {}

  stamps(keys: readonly string[]): string[] {
    const now = this.clock();
    return keys.map((key) => {
      const entry = this.entries.get(key);
      return entry && now - entry.at < STAMP_TTL_MS ? entry.stamp : '';
    });
  }

  async bump(keys: readonly string[]): Promise<void> {
    const now = this.clock();
    for (const key of keys) {
      this.entries.delete(key); // re-inserted last: the map stays ordered by bump time
      this.entries.set(key, { stamp: newStamp('m'), at: now });
    }
    for (const [key, entry] of this.entries) {
      if (now - entry.at < STAMP_TTL_MS) break;
      this.entries.delete(key);
    }
  }

  get size(): number {
    return this.entries.size;
  }
}

/**
 * A cluster: the stamps in Redis (keys under `rv:`, with the deployment's prefix), expiring by themselves.
 *
 * Every stamp read carries the epoch of this node's Redis link, which changes each time the link becomes
 * ready again. A bump that failed while Redis was away, or stamps Redis lost in a restart, would otherwise
 * let an answer kept before the outage look current afterwards; with the epoch, nothing kept before a
 * reconnect is served after it. While the link is not ready, reads and bumps fail at once (the read
 * models then answer from the database and keep nothing) instead of waiting in ioredis' offline queue.
 */
export class RedisReadVersions implements ReadVersions {
  private epoch = 0;

  constructor(
    private readonly redis: Redis,
    private readonly nodeId: string,
  ) {
    redis.on('ready', () => {
      this.epoch += 1;
    });
  }

  async stamps(keys: readonly string[]): Promise<string[]> {
    if (keys.length === 0) return [];
    this.requireReady();
    const epoch = this.epoch;
    const values = await this.redis.mget(...keys.map((key) => `rv:${key}`));
    if (epoch !== this.epoch) throw new Error('Redis link reconnected while reading read-model stamps');
    return values.map((value) => `${epoch}:${value ?? ''}`);
  }

  async bump(keys: readonly string[]): Promise<void> {
    if (keys.length === 0) return;
    this.requireReady();
    const pipeline = this.redis.pipeline();
    for (const key of keys) pipeline.set(`rv:${key}`, newStamp(this.nodeId), 'PX', STAMP_TTL_MS);
    const results = await pipeline.exec();
    const failed = results?.find(([error]) => error);
    if (failed?.[0]) throw failed[0];
  }

  private requireReady(): void {
    if (this.redis.status !== 'ready')
      throw new Error(`Redis link ${this.redis.status}: read-model stamps unavailable`);
  }
}
