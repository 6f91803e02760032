/**
 * Spends budgets of the table (budget-table.ts) on the shared attempt counters: fixed windows in this node's
 * memory, or in Redis with REDIS_URL so every node of a cluster counts one budget (and in memory while Redis
 * is down: lib/attempt-counters.ts FailoverAttemptCounters).
 */
import type { AppConfig } from '../config';
import type { AttemptCounters } from '../lib/attempt-counters';
import { RateLimitedError, spanishWait } from '../lib/rate-limited-error';
import type { Budget } from './budget-table';

export interface BudgetSpend {
  /** This use's place in the window: 1 for the first. Over the limit, the use is refused. */
  count: number;
  limit: number;
  allowed: boolean;
  retryAfterSeconds: number;
}

export class BudgetGate {
  constructor(
    private readonly counters: AttemptCounters,
    private readonly config: Pick<AppConfig, 'authRateLimitPerMinute'>,
  ) {}

  limitOf(budget: Budget): number {
    return typeof budget.limit === 'function' ? budget.limit(this.config) : budget.limit;
  }

  /** Counts one use of `budget` (named `name`) by `subject`: a user id, a session id or an address. */
  async spend(name: string, budget: Budget, subject: string): Promise<BudgetSpend> {
    const limit = this.limitOf(budget);
    const state = await this.counters.hit(`budget:${name}:${subject}`, budget.windowSeconds);
    return { count: state.count, limit, allowed: state.count <= limit, retryAfterSeconds: state.resetInSeconds };
  }

  /** Like `spend`, but throws the 429 (Retry-After, Spanish message) when the use is over the budget. */
  async spendOrRefuse(name: string, budget: Budget, subject: string): Promise<void> {
    const spent = await this.spend(name, budget, subject);
    if (!spent.allowed) throw overBudget(spent.retryAfterSeconds);
  }
}

export function overBudget(retryAfterSeconds: number): RateLimitedError {
  return new RateLimitedError(
    retryAfterSeconds,
    `Demasiados intentos seguidos. Inténtalo de nuevo ${spanishWait(retryAfterSeconds)}.`,
  );
}
