import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { zDriverStats, zEarningsRecord, zEarningsSummary } from '@jala/contracts';
import { ok } from '../../lib/envelope';
import { currentDriverId, requireDriver } from './driver-access';
import type { DriverMetricsService } from './driver-metrics.service';
import { polledRead } from '../../plugins/conditional-get';
import { signedInRoutes } from '../../plugins/signed-in-routes';

/** GET /driver/stats, /driver/earnings/summary and /driver/earnings/records (definitions: docs/driver-metrics.md). */
export const driverMetricsRoutes: FastifyPluginAsyncZod<{ metrics: DriverMetricsService }> = async (app, { metrics }) => {
  const { answers } = signedInRoutes(app, 'driver', requireDriver);

  const sendStats = polledRead();
  app.get('/driver/stats', answers("Today's earnings, trips and online hours; 30-day acceptance and completion rates", zDriverStats),
    async (request, reply) => sendStats(request, reply, await metrics.getStats(currentDriverId(request))));

  app.get('/driver/earnings/summary', answers('Total, today and last-7-days earnings', zEarningsSummary),
    async (request) => ok(await metrics.getEarningsSummary(currentDriverId(request))));

  app.get('/driver/earnings/records', answers('Earnings per Lima day for the last 30 days, oldest first', z.array(zEarningsRecord)),
    async (request) => ok(await metrics.getEarningsRecords(currentDriverId(request))));
};
