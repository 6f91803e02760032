/**
 * Fixed-window counters for the write budgets (budgets/) and the throttles of failed attempts (per account, per user,
 * conditional on the body). In memory for one node; in Redis with REDIS_URL so every node sees the same
 * counts (a throttle that resets per node is no throttle behind a load balancer).
 */
import type { Redis } from 'ioredis';

export interface CounterState {
  count: number;
  /** Seconds until the window of this key ends (0 when the key has no window running). */
  resetInSeconds: number;
}

export interface AttemptCounters {
  /** Adds one to `key`; the window starts at the first hit and lasts `windowSeconds`. */
  hit(key: string, windowSeconds: number): Promise<CounterState>;
  peek(key: string): Promise<CounterState>;
  /** Takes one hit back (an attempt counted first, to be atomic, that turned out not to count). */
  release(key: string): Promise<void>;
  clear(key: string): Promise<void>;
}

export class MemoryAttemptCounters implements AttemptCounters {
  private readonly entries = new Map<string, { count: number; resetAt: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  async hit(key: string, windowSeconds: number): Promise<CounterState> {
    this.sweep();
    const entry = this.live(key) ?? { count: 0, resetAt: this.now() + windowSeconds * 1000 };
    entry.count += 1;
    this.entries.set(key, entry);
    return this.state(entry);
  }

  async peek(key: string): Promise<CounterState> {
    const entry = this.live(key);
    return entry ? this.state(entry) : { count: 0, resetInSeconds: 0 };
  }

  async release(key: string): Promise<void> {
    const entry = this.live(key);
    if (entry && entry.count > 0) entry.count -= 1;
  }

  async clear(key: string): Promise<void> {
    this.entries.delete(key);
  }

  private live(key: string) {
    const entry = this.entries.get(key);
    return entry && entry.resetAt > this.now() ? entry : undefined;
  }

  private state(entry: { count: number; resetAt: number }): CounterState {
    return { count: entry.count, resetInSeconds: Math.max(1, Math.ceil((entry.resetAt - this.now()) / 1000)) };
  }

  /** Drops expired keys now and then so a flood of distinct e-mails cannot grow the map forever. */
  private sweep(): void {
    if (this.entries.size < 10_000) return;
    const now = this.now();
    for (const [key, entry] of this.entries) if (entry.resetAt <= now) this.entries.delete(key);
  }
}

const RELEASE_SCRIPT =
  "if tonumber(redis.call('get', KEYS[1]) or '0') > 0 then return redis.call('decr', KEYS[1]) end return 0";

export class RedisAttemptCounters implements AttemptCounters {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'jala-attempts:',
  ) {}

  async hit(key: string, windowSeconds: number): Promise<CounterState> {
    const name = this.prefix + key;
    // INCR then set the expiry only when none is set (NX): the window starts at the first hit.
    const results = await this.redis
      .multi()
      .incr(name)
      .pexpire(name, windowSeconds * 1000, 'NX')
      .pttl(name)
      .exec();
    const count = Number(results?.[0]?.[1] ?? 0);
    const ttl = Number(results?.[2]?.[1] ?? 0);
    return { count, resetInSeconds: Math.max(1, Math.ceil(ttl / 1000)) };
  }

  async peek(key: string): Promise<CounterState> {
    const name = this.prefix + key;
    const results = await this.redis.multi().get(name).pttl(name).exec();
    const count = Number(results?.[0]?.[1] ?? 0);
    const ttl = Number(results?.[1]?.[1] ?? 0);
    return count > 0 && ttl > 0 ? { count, resetInSeconds: Math.ceil(ttl / 1000) } : { count: 0, resetInSeconds: 0 };
  }

  async release(key: string): Promise<void> {
    // Only a key whose window is still running: a DECR of an expired key would create one without expiry.
    await this.redis.eval(RELEASE_SCRIPT, 1, this.prefix + key);
  }

  async clear(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }
}

/**
 * Redis while it answers, this node's memory while it does not (REDIS_URL set and Redis down): login and
 * sign-up keep working with per-node limits instead of failing with 500, and go back to the shared counts
 * as soon as the connection is ready again (ioredis reconnects by itself). Counts made in memory during the
 * outage are not carried over: each side starts its own window. /api/health says 'degraded' meanwhile.
 */
export class FailoverAttemptCounters implements AttemptCounters {
  private readonly shared: RedisAttemptCounters;
  private readonly local = new MemoryAttemptCounters();

  constructor(
    private readonly redis: Redis,
    private readonly onFallback: (error: unknown) => void = () => undefined,
  ) {
    this.shared = new RedisAttemptCounters(redis);
  }

  hit(key: string, windowSeconds: number): Promise<CounterState> {
    return this.either((counters) => counters.hit(key, windowSeconds));
  }

  peek(key: string): Promise<CounterState> {
    return this.either((counters) => counters.peek(key));
  }

  release(key: string): Promise<void> {
    return this.either((counters) => counters.release(key));
  }

  async clear(key: string): Promise<void> {
    // Both: a success must not leave a lockout behind on the side that comes back.
    await this.local.clear(key);
    await this.either((counters) => counters.clear(key));
  }

  private async either<T>(work: (counters: AttemptCounters) => Promise<T>): Promise<T> {
    // Not ready (reconnecting): straight to memory, without queueing the command behind the reconnects.
    if (this.redis.status !== 'ready') return work(this.local);
    try {
      return await work(this.shared);
    } catch (error) {
      this.onFallback(error);
      return work(this.local);
    }
  }
}
