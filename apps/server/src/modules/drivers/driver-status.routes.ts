import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { zDriverStatus, zSetDriverStatusRequest } from '@jala/contracts';
import { ok } from '../../lib/envelope';
import { currentDriverId, requireDriver } from './driver-access';
import type { DriverStatusService } from './driver-status.service';
import { polledRead } from '../../plugins/conditional-get';
import { signedInRoutes } from '../../plugins/signed-in-routes';

export const driverStatusRoutes: FastifyPluginAsyncZod<{ status: DriverStatusService }> = async (app, { status }) => {
  const { answers } = signedInRoutes(app, 'driver', requireDriver);

  const sendStatus = polledRead();
  app.get('/driver/status', answers('Online/offline state, active vehicle and verification', zDriverStatus),
    async (request, reply) => sendStatus(request, reply, await status.getStatus(currentDriverId(request))));

  app.post('/driver/status', answers('Go online with an active vehicle, or offline (refused during a trip)', zDriverStatus, { body: zSetDriverStatusRequest }), async (request) => {
    const result = await status.setStatus(currentDriverId(request), request.body.status, request.body.vehicle_id);
    return ok(result.status, result.message);
  });
};
