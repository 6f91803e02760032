/**
 * Puts the budget table's HTTP rows on their routes: every route registered after this runs its row's budget
 * as its last preHandler, after the session and access checks and after input validation, so a 400 or a 401
 * spends nothing. A write route (POST, PUT, PATCH, DELETE) without a row stops the server at boot.
 */
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { HTTP_BUDGETS, type Budget } from './budget-table';
import type { BudgetGate } from './budget-gate';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function registerHttpBudgets(server: FastifyInstance, gate: BudgetGate): void {
  server.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      const name = `${method} ${route.url}`;
      const budget = HTTP_BUDGETS[name];
      if (budget) appendPreHandler(route, spendOn(gate, name, budget));
      else if (WRITE_METHODS.has(method)) throw new Error(`write route ${name} has no budget in budgets/budget-table.ts`);
    }
  });
}

function spendOn(gate: BudgetGate, name: string, budget: Budget) {
  return async function spendBudget(request: FastifyRequest): Promise<void> {
    await gate.spendOrRefuse(name, budget, subjectOf(request, budget));
  };
}

/** Who pays: the session or the user when signed in, else the client address (TRUST_PROXY decides it). */
function subjectOf(request: FastifyRequest, budget: Budget): string {
  const user = request.user;
  if (budget.per === 'address' || !user) return `ip:${request.ip}`;
  return budget.per === 'session' ? `session:${user.sessionId}` : `user:${user.id}`;
}

function appendPreHandler(route: RouteOptions, handler: (request: FastifyRequest) => Promise<void>): void {
  const existing = route.preHandler;
  route.preHandler = [...(existing ? [existing].flat() : []), handler] as RouteOptions['preHandler'];
}
