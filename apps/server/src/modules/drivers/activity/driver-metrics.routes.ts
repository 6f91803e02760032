import * as endpoints from '@jala/contracts/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { ok } from '../../../lib/envelope';
import { polledRead } from '../../../plugins/conditional-get';
import { signedInRoutes } from '../../../plugins/signed-in-routes';
import { currentDriverId, requireDriver } from '../driver-access';
import type { DriverMetricsService } from './driver-metrics.service';

/** GET /driver/stats, /driver/earnings/summary and /driver/earnings/records (definitions: docs/driver-metrics.md). */
export const driverMetricsRoutes: FastifyPluginAsyncZod<{ metrics: DriverMetricsService }> = async (
  app,
  { metrics },
) => {
  const { route } = signedInRoutes(app, requireDriver);

  const sendStats = polledRead();
  app.route({
    ...route(endpoints.driverStats),
    handler: async (request, reply) => sendStats(request, reply, await metrics.getStats(currentDriverId(request))),
  });

  app.route({
    ...route(endpoints.earningsSummary),
    handler: async (request) => ok(await metrics.getEarningsSummary(currentDriverId(request))),
  });

  app.route({
    ...route(endpoints.earningsRecords),
    handler: async (request) => ok(await metrics.getEarningsRecords(currentDriverId(request))),
  });
};
