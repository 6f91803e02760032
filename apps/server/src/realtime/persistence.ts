/**
 * Where the broker keeps what must outlive one node: retained messages (a trip's cancellation or
 * completion on `trip_status/{trip}`), persistent sessions' subscriptions and their queued QoS 1 messages,
 * and how messages travel between nodes.
 *
 * - Embedded (no REDIS_URL): Aedes' in-memory defaults; nothing to run.
 * - With REDIS_URL: mqemitter-redis carries every publish to the brokers of all nodes, and
 *   aedes-persistence-redis stores retained messages and sessions in Redis, so a client that reconnects
 *   to another node (its node died or is draining) still receives the retained status and, with a
 *   persistent session, what was queued for it meanwhile.
 */
import { createRequire } from 'node:module';
import { Readable } from 'node:stream';

import type { AedesOptions } from 'aedes';
import type { Redis } from 'ioredis';

import { createRedis, type RedisTarget } from '../lib/redis';

/** Messages queued for an offline persistent session expire after this long (bounded Redis growth). */
const OFFLINE_PACKET_TTL_SECONDS = 3600;

export type BrokerStorage = Pick<AedesOptions, 'mq' | 'persistence'>;

/** mqemitter-redis' prefixed emitter (exported by the package, absent from its type declarations). */
type MQEmitterRedisPrefixClass = new (
  prefix: string,
  options: { subConn: Redis; pubConn: Redis },
) => NonNullable<AedesOptions['mq']>;

/** The part of aedes-persistence-redis' class used here (the package ships no types). */
type RedisPersistenceClass = new (options: { conn: Redis; packetTTL?: (packet: unknown) => number }) => {
  createRetainedStreamCombi(patterns: string[]): AsyncIterable<unknown>;
};

export async function createBrokerStorage(
  redis: RedisTarget | undefined,
  log?: { warn(obj: unknown, msg: string): void },
): Promise<BrokerStorage> {
  if (!redis) return {};
  const { MQEmitterRedisPrefix } = createRequire(import.meta.url)('mqemitter-redis') as {
    MQEmitterRedisPrefix: MQEmitterRedisPrefixClass;
  };
  // aedes 1.x drives persistences through their async API; the package's main export wraps that class in
  // the old callback API, so the class itself is loaded (a CommonJS file without types).
  const RedisPersistence = createRequire(import.meta.url)(
    'aedes-persistence-redis/asyncPersistence.js',
  ) as RedisPersistenceClass;
  /**
   * aedes-persistence-redis 12 implements aedes-persistence 11 (aedes 1.2's), but hands retained messages
   * back as an async iterable, while aedes 1.2's SUBSCRIBE handler calls `.pipe()` on them: wrap them in a
   * Readable. (Its other streams go through `pipeline`/`for await`, which take iterables as they are.)
   */
  class AedesRedisPersistence extends RedisPersistence {
    override createRetainedStreamCombi(patterns: string[]): Readable {
      return Readable.from(super.createRetainedStreamCombi(patterns));
    }
  }
  const [subConn, pubConn, conn] = await Promise.all([createRedis(redis), createRedis(redis), createRedis(redis)]);
  // Topics carry the deployment's prefix and 'mqtt' as their own first level ('jala:mqtt/trip_status/1'):
  // Redis channels are not prefixed by ioredis, and without it two deployments (or test runs) on one Redis
  // received each other's publishes. A level of its own keeps '+' and '#' working after the prefix; 'mqtt'
  // keeps a bare '#' (a pattern 'jala:mqtt*' in Redis) off the deployment's other channels.
  const mq = new MQEmitterRedisPrefix(`${redis.prefix}mqtt/`, { subConn, pubConn });
  // mqemitter-redis re-emits its connections' errors on `state`, an EventEmitter that throws them (an
  // uncaught exception: the node dies) unless someone listens. A Redis outage must not kill the node:
  // ioredis reconnects by itself and /api/health says 'degraded' meanwhile.
  (mq as unknown as { state: NodeJS.EventEmitter }).state.on('error', (error: unknown) =>
    log?.warn({ err: error }, 'broker Redis link failed; reconnecting'),
  );
  return {
    mq,
    persistence: new AedesRedisPersistence({ conn, packetTTL: () => OFFLINE_PACKET_TTL_SECONDS }),
  };
}
