import * as endpoints from '@jala/contracts/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { ok } from '../../../lib/envelope';
import { signedInRoutes } from '../../../plugins/signed-in-routes';
import { currentDriverId, requireDriver } from '../driver-access';
import type { DriverTripHistoryService } from './driver-trip-history.service';

/** GET /driver/trip-history: 'Mis viajes', the driver's own finished trips (a read: no write budget). */
export const driverTripHistoryRoutes: FastifyPluginAsyncZod<{ history: DriverTripHistoryService }> = async (
  app,
  { history },
) => {
  const { route } = signedInRoutes(app, requireDriver);

  app.route({
    ...route(endpoints.driverTripHistory),
    handler: async (request) => ok(await history.getTripHistory(currentDriverId(request), request.query)),
  });
};
