/**
 * Throttles of the account endpoints beyond the per-address budgets of sign-in and sign-up (budgets/budget-table.ts)
 * (see docs/SECURITY.md 'Throttles'):
 *
 * - Wrong passwords per e-mail, whatever address they come from. After `maxFailures` within the window
 *   (which starts at the first failure and is short, 5 minutes by default) the account answers 429 with
 *   Retry-After — but only to addresses that have themselves failed on it during the window. A stranger
 *   hammering the account therefore cannot lock its owner out: the owner, from an address that has not been
 *   failing, still signs in with the right password (and a wrong one from there locks that address too, so
 *   each extra address buys an attacker a single guess). A successful sign-in clears the account's counts.
 * - Changing the e-mail of an account (it tells whether another account uses the address): limited per
 *   client address and per user like sign-up, counted only when the e-mail really changes.
 */
import { createHash } from 'node:crypto';

import type { AttemptCounters } from '../../lib/attempt-counters';
import { RateLimitedError, spanishWait } from '../../lib/rate-limited-error';

export interface AuthThrottleOptions {
  counters: AttemptCounters;
  maxFailuresPerAccount: number;
  failureWindowSeconds: number;
  /** Same budget as sign-up: attempts per minute per client address (and per user). */
  emailChangesPerMinute: number;
}

/** Keys hold a digest of the e-mail, never the address itself (Redis is not a place for personal data). */
const digest = (value: string) => createHash('sha256').update(value).digest('base64url').slice(0, 22);

export class AuthThrottles {
  constructor(private readonly options: AuthThrottleOptions) {}

  /** Throws 429 when this address has been failing on an account that is over its failure budget. */
  async assertLoginAllowed(email: string, address: string): Promise<void> {
    const account = await this.options.counters.peek(this.accountKey(email));
    if (account.count < this.options.maxFailuresPerAccount) return;
    const fromHere = await this.options.counters.peek(this.addressKey(email, address));
    if (fromHere.count === 0) return;
    throw new RateLimitedError(
      account.resetInSeconds,
      `Demasiados intentos fallidos para esta cuenta. Inténtalo de nuevo ${spanishWait(account.resetInSeconds)}.`,
    );
  }

  async recordLoginFailure(email: string, address: string): Promise<void> {
    const window = this.options.failureWindowSeconds;
    await Promise.all([
      this.options.counters.hit(this.accountKey(email), window),
      this.options.counters.hit(this.addressKey(email, address), window),
    ]);
  }

  async recordLoginSuccess(email: string): Promise<void> {
    await this.options.counters.clear(this.accountKey(email));
  }

  /** Counts one e-mail change attempt by `userId` from `address`; 429 over the per-minute budget. */
  async assertEmailChangeAllowed(userId: number, address: string): Promise<void> {
    const [byAddress, byUser] = await Promise.all([
      this.options.counters.hit(`email-change:ip:${address}`, 60),
      this.options.counters.hit(`email-change:user:${userId}`, 60),
    ]);
    const over = [byAddress, byUser].filter((state) => state.count > this.options.emailChangesPerMinute);
    if (over.length === 0) return;
    const wait = Math.max(...over.map((state) => state.resetInSeconds));
    throw new RateLimitedError(wait);
  }

  private accountKey(email: string): string {
    return `login-fail:${digest(email)}`;
  }

  private addressKey(email: string, address: string): string {
    return `login-fail:${digest(email)}:${address}`;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Shared by the routes that sign in or change an e-mail (decorated in app.ts). */
    authThrottles: AuthThrottles;
  }
}
