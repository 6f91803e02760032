/**
 * GET /metrics, for Prometheus only. Without METRICS_TOKEN it answers 404 like any unknown route (and nothing
 * is measured: the app builds no metrics at all); with it, only `Authorization: Bearer <METRICS_TOKEN>` is
 * answered, anything else is a 401. The token is compared through SHA-256 digests of equal length with
 * timingSafeEqual, so the time taken says nothing of how much of a guess was right. The route sits outside
 * /api: not in the OpenAPI document nor the endpoint table, no budget (a GET), the API's strict headers.
 */
import { createHash, timingSafeEqual } from 'node:crypto';

import type { FastifyInstance } from 'fastify';

import { AppError } from '../lib/app-error';
import { type AppMetrics, METRICS_PATH } from './app-metrics';

export function registerMetricsRoute(server: FastifyInstance, metrics: AppMetrics | null, token: string | undefined) {
  const expected = token ? digest(token) : null;
  server.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
    if (!metrics || !expected) throw new AppError('ROUTE_NOT_FOUND');
    const presented = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1];
    if (!presented || !timingSafeEqual(digest(presented), expected)) {
      void reply.header('www-authenticate', 'Bearer realm="metrics"');
      throw new AppError('UNAUTHORIZED');
    }
    const body = await metrics.registry.metrics();
    return reply.header('cache-control', 'no-store').type(metrics.registry.contentType).send(body);
  });
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}
