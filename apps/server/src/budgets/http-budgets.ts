/**
 * Puts the budget table's HTTP rows on their routes: every route registered after this runs its row's budget
 * as its last preHandler, after the session and access checks and after input validation, so a 400 or a 401
 * spends nothing. A write route (POST, PUT, PATCH, DELETE) without a row stops the server at boot.
 */
import { createHash } from 'node:crypto';

import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';

import { type BudgetGate, overBudget } from './budget-gate';
import { type Budget, HTTP_BUDGETS } from './budget-table';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function registerHttpBudgets(server: FastifyInstance, gate: BudgetGate): void {
  server.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      const name = `${method} ${route.url}`;
      const budget = HTTP_BUDGETS[name];
      if (budget) appendPreHandler(route, spendOn(gate, name, budget));
      else if (WRITE_METHODS.has(method))
        throw new Error(`write route ${name} has no budget in budgets/budget-table.ts`);
    }
  });
}

function spendOn(gate: BudgetGate, name: string, budget: Budget) {
  if (budget.also) {
    const { also } = budget;
    return async function spendBudgets(request: FastifyRequest): Promise<void> {
      // Both are counted, so trying from a new address still spends the e-mail's budget.
      const spent = await Promise.all([
        gate.spend(name, budget, subjectOf(request, budget)),
        gate.spend(name, also, subjectOf(request, also)),
      ]);
      const over = spent.filter((use) => !use.allowed);
      if (over.length > 0) throw overBudget(Math.max(...over.map((use) => use.retryAfterSeconds)));
    };
  }
  return async function spendBudget(request: FastifyRequest): Promise<void> {
    await gate.spendOrRefuse(name, budget, subjectOf(request, budget));
  };
}

/**
 * Who pays: the session or the user when signed in, else the client address (TRUST_PROXY decides it); for an
 * `email` budget, the e-mail the (already validated) body names, as a digest: counters live in Redis, which is
 * no place for personal data.
 */
function subjectOf(request: FastifyRequest, budget: Budget): string {
  if (budget.per === 'email') {
    const email = (request.body as { email?: unknown } | undefined)?.email;
    if (typeof email === 'string')
      return `email:${createHash('sha256').update(email).digest('base64url').slice(0, 22)}`;
  }
  const user = request.user;
  if (budget.per === 'address' || budget.per === 'email' || !user) return `ip:${request.ip}`;
  return budget.per === 'session' ? `session:${user.sessionId}` : `user:${user.id}`;
}

function appendPreHandler(route: RouteOptions, handler: (request: FastifyRequest) => Promise<void>): void {
  const existing = route.preHandler;
  route.preHandler = [...(existing ? [existing].flat() : []), handler] as RouteOptions['preHandler'];
}
