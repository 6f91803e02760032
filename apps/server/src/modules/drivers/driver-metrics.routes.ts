import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { zDriverStats, zEarningsRecord, zEarningsSummary, zEnvelope } from '@jala/contracts';
import { ok } from '../../lib/envelope';
import { currentDriverId, requireDriver } from './driver-access';
import type { DriverMetricsService } from './driver-metrics.service';
import { conditionalGet } from '../../plugins/conditional-get';

/** GET /driver/stats, /driver/earnings/summary and /driver/earnings/records (definitions: docs/driver-metrics.md). */
export const driverMetricsRoutes: FastifyPluginAsyncZod<{ metrics: DriverMetricsService }> = async (app, { metrics }) => {
  const guard = { preHandler: [app.requireUser, requireDriver] };
  const security = [{ bearer: [] }];

  app.get('/driver/stats', {
    ...guard,
    onSend: conditionalGet,
    schema: { tags: ['driver'], summary: "Today's earnings, trips and online hours; 30-day acceptance and completion rates", security, response: { 200: zEnvelope(zDriverStats) } },
  }, async (request) => ok(await metrics.getStats(currentDriverId(request))));

  app.get('/driver/earnings/summary', {
    ...guard,
    schema: { tags: ['driver'], summary: 'Total, today and last-7-days earnings', security, response: { 200: zEnvelope(zEarningsSummary) } },
  }, async (request) => ok(await metrics.getEarningsSummary(currentDriverId(request))));

  app.get('/driver/earnings/records', {
    ...guard,
    schema: { tags: ['driver'], summary: 'Earnings per Lima day for the last 30 days, oldest first', security, response: { 200: zEnvelope(z.array(zEarningsRecord)) } },
  }, async (request) => ok(await metrics.getEarningsRecords(currentDriverId(request))));
};
