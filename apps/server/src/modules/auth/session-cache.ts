/**
 * The per-request authentication in memory: a verified token's claims, a live session (its user and
 * expiry) and that user's profile fields, so an authenticated read runs no query and no HMAC.
 *
 * Correctness rests on invalidation, not on expiry:
 * - Every change to what is cached (logout, suspension, operator grant and removal, user type, profile,
 *   a rating received) is broadcast on the cluster bus after its commit and drops the entry on every node
 *   (linkSessionCacheToBus). The change's answer is sent after the local drop and the publish.
 * - A node that cannot hear the bus (Redis subscriber down) does not use the cache at all, and starts
 *   with an empty one when it hears again (a new bus epoch): invalidations sent meanwhile were lost.
 * - A read that started before an invalidation never stores what it read (the generation check), so a
 *   revoked session cannot be put back by a request that was in flight.
 * - Every hit also compares the account's version stamps (the user's and the session's, bumped by the bus
 *   before it publishes: cluster-bus.ts accountKeys) with those the entry was read under. On a cluster the
 *   stamps live in Redis, so a node serves a change made on another node at once, even before the bus
 *   event reaches it: a user reads their own writes whichever node answers. Unreadable stamps (Redis
 *   away) bypass the cache.
 * - Session and token expiry are checked on every hit; every entry is re-read after MAX_AGE_MS at the
 *   latest, which bounds what a lost publish (a node cut off from Redis while the others are not) or a
 *   write from outside the servers (the create-operator CLI on PostgreSQL) can leave stale.
 * Memory is bounded: each map holds at most `maxEntries`, the oldest inserted leaving first.
 */
import type { ReadVersions } from '../../lib/read-versions';
import { accountKeys, type ClusterBus } from '../../realtime/cluster-bus';
import type { TokenClaims } from './token.service';
import type { UserRow } from './users.repository';

/** The user fields that authentication and the profile answer read; nothing else is kept. */
export type CachedUser = Pick<
  UserRow,
  | 'id'
  | 'firstName'
  | 'lastName'
  | 'email'
  | 'phone'
  | 'avatarUrl'
  | 'userType'
  | 'isAdmin'
  | 'suspendedAt'
  | 'createdAt'
  | 'ratingAverage'
  | 'deletedAt'
  | 'consentVersion'
>;

export const SESSION_CACHE_MAX_ENTRIES = 20_000;
export const SESSION_CACHE_MAX_AGE_MS = 60_000;

interface Stamped {
  cachedAt: number;
}
interface TokenEntry {
  claims: TokenClaims;
  expiresAt: number;
}
interface SessionEntry extends Stamped {
  userId: number;
  expiresAt: number;
  stamp: string;
}
interface UserEntry extends Stamped {
  user: CachedUser;
  stamp: string;
}

/** The version stamps of a user and of one of their sessions, as read before a cached entry is used or stored. */
export interface AccountStamps {
  readonly user: string;
  readonly session: string;
}
const NO_STAMPS: AccountStamps = { user: '', session: '' };

/** A Map that forgets its oldest-inserted entry beyond `max` (a re-stored key counts as new). */
class BoundedMap<K, V> {
  private readonly map = new Map<K, V>();
  constructor(private readonly max: number) {}
  get size(): number {
    return this.map.size;
  }
  get(key: K): V | undefined {
    return this.map.get(key);
  }
  set(key: K, value: V): void {
    this.map.delete(key);
    this.map.set(key, value);
    if (this.map.size > this.max) this.map.delete(this.map.keys().next().value as K);
  }
  delete(key: K): void {
    this.map.delete(key);
  }
  clear(): void {
    this.map.clear();
  }
}

/** Taken before a read from the database; storing what was read is refused if anything was dropped since. */
export interface ReadTicket {
  readonly generation: number;
  readonly epoch: number | null;
  readonly stamps: AccountStamps;
}

export interface SessionCacheOptions {
  /** The bus epoch (ClusterBus.listeningEpoch): null bypasses the cache. */
  listeningEpoch: () => number | null;
  /** The accounts' stamps (ClusterBus.accountVersions); without them every stamp reads ''. */
  versions?: ReadVersions;
  maxEntries?: number;
  maxAgeMs?: number;
  now?: () => number;
}

export class SessionCache {
  private readonly tokens: BoundedMap<string, TokenEntry>;
  private readonly sessions: BoundedMap<string, SessionEntry>;
  private readonly users: BoundedMap<number, UserEntry>;
  private readonly maxAgeMs: number;
  private readonly now: () => number;
  private generation = 0;
  private epoch: number | null = null;

  constructor(private readonly options: SessionCacheOptions) {
    const max = options.maxEntries ?? SESSION_CACHE_MAX_ENTRIES;
    this.tokens = new BoundedMap(max);
    this.sessions = new BoundedMap(max);
    this.users = new BoundedMap(max);
    this.maxAgeMs = options.maxAgeMs ?? SESSION_CACHE_MAX_AGE_MS;
    this.now = options.now ?? Date.now;
  }

  /** The claims of a token verified before and not yet expired. Pure (HMAC and expiry), so always usable. */
  verifiedToken(token: string): TokenClaims | undefined {
    const entry = this.tokens.get(token);
    if (!entry) return undefined;
    if (entry.expiresAt > this.now()) return entry.claims;
    this.tokens.delete(token);
    return undefined;
  }

  rememberToken(token: string, claims: TokenClaims, expiresAt: number): void {
    this.tokens.set(token, { claims, expiresAt });
  }

  /** The account's current stamps, or null when they cannot be read (then the cache is bypassed). */
  async readStamps(userId: number, sessionId: string): Promise<AccountStamps | null> {
    if (!this.options.versions) return NO_STAMPS;
    try {
      const read = this.options.versions.stamps([accountKeys.user(userId), accountKeys.session(sessionId)]);
      const [user = '', session = ''] = Array.isArray(read) ? read : await read;
      return { user, session };
    } catch {
      return null;
    }
  }

  /** The user of a live session, when both are cached under these stamps, fresh, and the node hears the bus. */
  sessionUser(sessionId: string, userId: number, stamps: AccountStamps = NO_STAMPS): CachedUser | undefined {
    if (!this.usable()) return undefined;
    const session = this.sessions.get(sessionId);
    const now = this.now();
    if (
      !session ||
      session.userId !== userId ||
      session.stamp !== stamps.session ||
      session.expiresAt <= now ||
      this.isStale(session, now)
    )
      return undefined;
    return this.user(userId, stamps.user);
  }

  /** A user cached by a recent authentication under this stamp (the profile answer reads it). */
  user(userId: number, stamp = ''): CachedUser | undefined {
    if (!this.usable()) return undefined;
    const entry = this.users.get(userId);
    return entry && entry.stamp === stamp && !this.isStale(entry, this.now()) ? entry.user : undefined;
  }

  beginRead(stamps: AccountStamps = NO_STAMPS): ReadTicket {
    return { generation: this.generation, epoch: this.options.listeningEpoch(), stamps };
  }

  /** Stores what a read found, unless something was dropped (or the bus link changed) since it began. */
  storeSession(ticket: ReadTicket, sessionId: string, expiresAt: Date, user: CachedUser): void {
    if (!this.canStore(ticket)) return;
    const cachedAt = this.now();
    this.sessions.set(sessionId, {
      userId: user.id,
      expiresAt: expiresAt.getTime(),
      cachedAt,
      stamp: ticket.stamps.session,
    });
    this.users.set(user.id, { user: pickCachedUser(user), cachedAt, stamp: ticket.stamps.user });
  }

  storeUser(ticket: ReadTicket, user: CachedUser): void {
    if (!this.canStore(ticket)) return;
    this.users.set(user.id, { user: pickCachedUser(user), cachedAt: this.now(), stamp: ticket.stamps.user });
  }

  forgetSession(sessionId: string): void {
    this.generation += 1;
    this.sessions.delete(sessionId);
  }

  /** Drops the user; their cached sessions then miss too (a session hit needs its user). */
  forgetUser(userId: number): void {
    this.generation += 1;
    this.users.delete(userId);
  }

  clear(): void {
    this.generation += 1;
    this.sessions.clear();
    this.users.clear();
  }

  get size(): { tokens: number; sessions: number; users: number } {
    return { tokens: this.tokens.size, sessions: this.sessions.size, users: this.users.size };
  }

  /** Whether the node hears the bus now; a new epoch (heard again after an outage) empties the cache. */
  private usable(): boolean {
    const epoch = this.options.listeningEpoch();
    if (epoch === null) return false;
    if (epoch !== this.epoch) {
      this.clear();
      this.epoch = epoch;
    }
    return true;
  }

  private canStore(ticket: ReadTicket): boolean {
    return (
      ticket.generation === this.generation &&
      ticket.epoch !== null &&
      ticket.epoch === this.options.listeningEpoch() &&
      this.usable()
    );
  }

  private isStale(entry: Stamped, now: number): boolean {
    return now - entry.cachedAt >= this.maxAgeMs;
  }
}

/** Copies only the cached fields (a full users row also carries the password hash, which is never kept). */
function pickCachedUser(user: CachedUser): CachedUser {
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    phone: user.phone,
    avatarUrl: user.avatarUrl,
    userType: user.userType,
    isAdmin: user.isAdmin,
    suspendedAt: user.suspendedAt,
    createdAt: user.createdAt,
    ratingAverage: user.ratingAverage,
    deletedAt: user.deletedAt,
    consentVersion: user.consentVersion,
  };
}

/** Drops what the bus says changed: a logged-out session, a suspended, demoted or edited user. */
export function linkSessionCacheToBus(cache: SessionCache, bus: ClusterBus): void {
  bus.on((event) => {
    if (event.kind === 'disconnect-session') cache.forgetSession(event.sessionId);
    else cache.forgetUser(event.userId);
  });
}
