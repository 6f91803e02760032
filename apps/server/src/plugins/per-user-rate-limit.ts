/**
 * A per-user limit for a signed-in read that costs more than a cached one (issue 26: the fare hint runs a
 * route and an aggregate, the receipt PDF renders a document). It runs as a preHandler, after the route's
 * `requireUser`, and counts per user id (one counter per route: lib/rate-limit-store.ts), so people behind
 * one address (a mobile carrier's NAT) do not share a budget. Over it: 429 RATE_LIMITED in Spanish.
 */
import type { FastifyRequest } from 'fastify';
import { currentUser } from './authenticate';

export function perUserRateLimit(maxPerMinute: number) {
  return {
    max: maxPerMinute,
    timeWindow: '1 minute',
    hook: 'preHandler' as const,
    keyGenerator: (request: FastifyRequest) => `user:${currentUser(request).id}`,
  };
}
