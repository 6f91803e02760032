/** The session cache's own rules (session-cache.ts): what it refuses to store or serve. Two nodes: cluster/session-cache.test.ts. */
import { describe, expect, it } from 'vitest';

import { type CachedUser, SessionCache } from '../src/modules/auth/session-cache';

const user = (id: number): CachedUser => ({
  id,
  firstName: 'Ana',
  lastName: 'Torres',
  email: `a${id}@prueba.pe`,
  phone: null,
  avatarUrl: null,
  userType: 'passenger',
  isAdmin: false,
  suspendedAt: null,
  createdAt: new Date(0),
  ratingAverage: null,
  deletedAt: null,
  consentVersion: null,
});

function cacheAt(options: { epoch?: () => number | null; maxEntries?: number; maxAgeMs?: number } = {}) {
  const clock = { now: 1_000_000 };
  const cache = new SessionCache({
    listeningEpoch: options.epoch ?? (() => 1),
    maxEntries: options.maxEntries,
    maxAgeMs: options.maxAgeMs,
    now: () => clock.now,
  });
  return { cache, clock };
}

describe('session cache', () => {
  it('does not store what a read found if a drop happened while it ran', () => {
    const { cache, clock } = cacheAt();
    const ticket = cache.beginRead();
    cache.forgetSession('s1');
    cache.storeSession(ticket, 's1', new Date(clock.now + 60_000), user(1));
    expect(cache.sessionUser('s1', 1)).toBeUndefined();
    cache.storeSession(cache.beginRead(), 's1', new Date(clock.now + 60_000), user(1));
    expect(cache.sessionUser('s1', 1)?.id).toBe(1);
  });

  it('serves a session only to its own user, and not past its expiry or the maximum age', () => {
    const { cache, clock } = cacheAt({ maxAgeMs: 60_000 });
    cache.storeSession(cache.beginRead(), 's1', new Date(clock.now + 10_000), user(1));
    expect(cache.sessionUser('s1', 2)).toBeUndefined();
    clock.now += 10_000;
    expect(cache.sessionUser('s1', 1)).toBeUndefined();
    cache.storeSession(cache.beginRead(), 's2', new Date(clock.now + 3_600_000), user(1));
    clock.now += 59_999;
    expect(cache.sessionUser('s2', 1)?.id).toBe(1);
    clock.now += 1;
    expect(cache.sessionUser('s2', 1)).toBeUndefined();
  });

  it('forgets a verified token once it expires', () => {
    const { cache, clock } = cacheAt();
    cache.rememberToken('t', { userId: 1, sessionId: 's1' }, clock.now + 1000);
    expect(cache.verifiedToken('t')).toEqual({ userId: 1, sessionId: 's1' });
    clock.now += 1000;
    expect(cache.verifiedToken('t')).toBeUndefined();
  });

  it("drops a user's sessions with the user", () => {
    const { cache, clock } = cacheAt();
    cache.storeSession(cache.beginRead(), 's1', new Date(clock.now + 60_000), user(1));
    cache.forgetUser(1);
    expect(cache.sessionUser('s1', 1)).toBeUndefined();
  });

  it('holds at most maxEntries per map, the oldest leaving first', () => {
    const { cache, clock } = cacheAt({ maxEntries: 3 });
    for (let id = 1; id <= 5; id += 1)
      cache.storeSession(cache.beginRead(), `s${id}`, new Date(clock.now + 60_000), user(id));
    expect(cache.size).toMatchObject({ sessions: 3, users: 3 });
    expect(cache.sessionUser('s2', 2)).toBeUndefined();
    expect(cache.sessionUser('s5', 5)?.id).toBe(5);
  });

  it('is bypassed while the bus is unheard, and starts empty on a new epoch', () => {
    let epoch: number | null = 1;
    const { cache, clock } = cacheAt({ epoch: () => epoch });
    cache.storeSession(cache.beginRead(), 's1', new Date(clock.now + 60_000), user(1));
    epoch = null;
    expect(cache.sessionUser('s1', 1)).toBeUndefined();
    const deafTicket = cache.beginRead();
    cache.storeSession(deafTicket, 's2', new Date(clock.now + 60_000), user(2));
    epoch = 2;
    expect(cache.sessionUser('s2', 2)).toBeUndefined();
    expect(cache.sessionUser('s1', 1)).toBeUndefined();
    expect(cache.size).toMatchObject({ sessions: 0, users: 0 });
  });
});
