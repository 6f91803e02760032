/**
 * Redis connections of a node (REDIS_URL). Every key and pub/sub channel carries the deployment's prefix
 * (REDIS_PREFIX), so one Redis can serve several deployments or test runs without one's `trip_status/1`
 * reaching another's trip 1. ioredis' `keyPrefix` prefixes keys only, never pub/sub channels (PUBLISH and
 * SUBSCRIBE take no keys): channels are named with `channelName()`, and the broker's emitter prefixes its
 * topics itself (realtime/persistence.ts).
 */
import type { Redis, RedisOptions } from 'ioredis';

export interface RedisTarget {
  url: string;
  prefix: string;
}

/** A pub/sub channel of this deployment (channels are one namespace for every client of a Redis). */
export function channelName(target: RedisTarget, name: string): string {
  return `${target.prefix}${name}`;
}

export async function createRedis(target: RedisTarget, options: RedisOptions = {}): Promise<Redis> {
  const { Redis: RedisClient } = await import('ioredis');
  const client = new RedisClient(target.url, { connectTimeout: 5000, keyPrefix: target.prefix, ...options });
  // A Redis outage is reported by /api/health ('degraded') and ioredis reconnects by itself; without a
  // listener every failed reconnect would also print "[ioredis] Unhandled error event" to stderr.
  client.on('error', () => undefined);
  return client;
}

/** 'ok' when Redis answers a PING within the timeout, else 'down' (for /api/health). */
export async function pingRedis(redis: Redis, timeoutMs = 1000): Promise<'ok' | 'down'> {
  if (redis.status !== 'ready') return 'down';
  let timer: NodeJS.Timeout | undefined;
  try {
    const answer = await Promise.race([
      redis.ping(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('timeout')), timeoutMs);
      }),
    ]);
    return answer === 'PONG' ? 'ok' : 'down';
  } catch {
    return 'down';
  } finally {
    clearTimeout(timer);
  }
}
