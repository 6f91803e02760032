/**
 * What push decisions share across nodes (memory on one node, Redis with REDIS_URL, where every node sees
 * the same state; without Redis there is only one node, since a cluster needs it):
 * - which sessions have the app on screen: the web app reports document.visibilityState (visible again
 *   every VISIBLE_HEARTBEAT_MS while it stays so); a user with a session seen visible within VISIBLE_TTL_MS
 *   gets the in-app cue instead of a push. A phone that locks without saying so drops out by the TTL.
 * - how many requests a driver was pushed lately, so several are told as one grouped notification; the
 *   count restarts once the driver has looked at the app.
 */
import type { Redis } from 'ioredis';

/** The web app repeats "visible" this often while it stays on screen (apps/web keeps the same number). */
export const VISIBLE_HEARTBEAT_MS = 30_000;
/** A visible report counts this long: two heartbeats and some slack for a slow network. */
export const VISIBLE_TTL_MS = 75_000;
/** Requests pushed to a driver within this window are grouped into one notification. */
export const REQUEST_GROUP_WINDOW_MS = 5 * 60_000;

export interface PushState {
  reportVisibility(userId: number, sessionId: string, visible: boolean): Promise<void>;
  isVisible(userId: number): Promise<boolean>;
  /** Counts one more request pushed to the driver; the number within the window, this one included. */
  countRequest(driverId: number): Promise<number>;
}

export class MemoryPushState implements PushState {
  private readonly visibleUntil = new Map<number, Map<string, number>>();
  private readonly requests = new Map<number, { count: number; until: number }>();

  constructor(private readonly clock: () => number = Date.now) {}

  async reportVisibility(userId: number, sessionId: string, visible: boolean): Promise<void> {
    const sessions = this.visibleUntil.get(userId) ?? new Map<string, number>();
    if (visible) {
      sessions.set(sessionId, this.clock() + VISIBLE_TTL_MS);
      this.requests.delete(userId);
    } else {
      sessions.delete(sessionId);
    }
    if (sessions.size > 0) this.visibleUntil.set(userId, sessions);
    else this.visibleUntil.delete(userId);
  }

  async isVisible(userId: number): Promise<boolean> {
    const now = this.clock();
    const sessions = this.visibleUntil.get(userId);
    if (!sessions) return false;
    for (const [sessionId, until] of sessions) if (until <= now) sessions.delete(sessionId);
    if (sessions.size === 0) this.visibleUntil.delete(userId);
    return sessions.size > 0;
  }

  async countRequest(driverId: number): Promise<number> {
    const now = this.clock();
    const current = this.requests.get(driverId);
    const next =
      current && current.until > now
        ? { count: current.count + 1, until: current.until }
        : { count: 1, until: now + REQUEST_GROUP_WINDOW_MS };
    this.requests.set(driverId, next);
    return next.count;
  }
}

/** The same in Redis: a sorted set of sessions scored by their expiry per user, a counter per driver. */
export class RedisPushState implements PushState {
  constructor(
    private readonly redis: Redis,
    private readonly clock: () => number = Date.now,
  ) {}

  async reportVisibility(userId: number, sessionId: string, visible: boolean): Promise<void> {
    const key = visibleKey(userId);
    if (!visible) {
      await this.redis.zrem(key, sessionId);
      return;
    }
    await this.redis
      .multi()
      .zadd(key, this.clock() + VISIBLE_TTL_MS, sessionId)
      .zremrangebyscore(key, '-inf', this.clock())
      .pexpire(key, VISIBLE_TTL_MS)
      .del(requestsKey(userId))
      .exec();
  }

  async isVisible(userId: number): Promise<boolean> {
    return (await this.redis.zcount(visibleKey(userId), `(${this.clock()}`, '+inf')) > 0;
  }

  async countRequest(driverId: number): Promise<number> {
    const key = requestsKey(driverId);
    const results = await this.redis.multi().incr(key).pexpire(key, REQUEST_GROUP_WINDOW_MS, 'NX').exec();
    const count = results?.[0]?.[1];
    return typeof count === 'number' ? count : 1;
  }
}

const visibleKey = (userId: number) => `push:visible:${userId}`;
const requestsKey = (driverId: number) => `push:requests:${driverId}`;
