import * as endpoints from '@jala/contracts/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { ok } from '../../../lib/envelope';
import { polledRead } from '../../../plugins/conditional-get';
import { signedInRoutes } from '../../../plugins/signed-in-routes';
import { currentDriverId, requireDriver } from '../driver-access';
import type { DriverStatusService } from './driver-status.service';

export const driverStatusRoutes: FastifyPluginAsyncZod<{ status: DriverStatusService }> = async (app, { status }) => {
  const { route } = signedInRoutes(app, requireDriver);

  const sendStatus = polledRead();
  app.route({
    ...route(endpoints.driverStatus),
    handler: async (request, reply) => sendStatus(request, reply, await status.getStatus(currentDriverId(request))),
  });

  app.route({
    ...route(endpoints.setDriverStatus),
    handler: async (request) => {
      const result = await status.setStatus(currentDriverId(request), request.body.status, request.body.vehicle_id);
      return ok(result.status, result.message);
    },
  });
};
