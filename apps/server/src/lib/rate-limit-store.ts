/**
 * The store behind @fastify/rate-limit's per-address limits (login, sign-up): the same AttemptCounters as
 * the account throttles, so both share one failover — Redis while it answers, this node's memory while it
 * does not (FailoverAttemptCounters) — instead of the plugin's Redis store, which fails the request (500)
 * when Redis is down.
 */
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { AttemptCounters } from './attempt-counters';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

class CountersRateLimitStore implements FastifyRateLimitStore {
  constructor(private readonly counters: AttemptCounters, private readonly prefix: string) {}

  incr(key: string, callback: Callback, timeWindowMs: number): void {
    this.counters.hit(this.prefix + key, Math.max(1, Math.ceil(timeWindowMs / 1000)))
      .then((state) => callback(null, { current: state.count, ttl: state.resetInSeconds * 1000 }), (error: Error) => callback(error));
  }

  read(key: string, callback: Callback): void {
    this.counters.peek(this.prefix + key)
      .then((state) => callback(null, { current: state.count, ttl: state.resetInSeconds * 1000 }), (error: Error) => callback(error));
  }

  /**
   * One counter per route (and address), like the plugin's own stores. The plugin passes its merged
   * parameters with the route under `routeInfo` (its typings say the route options themselves).
   */
  child(options: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
    const route = (options as unknown as { routeInfo?: { method?: unknown; url?: string } }).routeInfo;
    return new CountersRateLimitStore(this.counters, `${this.prefix}${String(route?.method ?? '')}${route?.url ?? ''}:`);
  }
}

export function countersRateLimitStore(counters: AttemptCounters): FastifyRateLimitStoreCtor {
  return class extends CountersRateLimitStore {
    constructor() {
      super(counters, 'rl:');
    }
  };
}
