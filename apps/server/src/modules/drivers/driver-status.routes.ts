import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { zDriverStatus, zEnvelope, zSetDriverStatusRequest } from '@jala/contracts';
import { ok } from '../../lib/envelope';
import { currentDriverId, requireDriver } from './driver-access';
import type { DriverStatusService } from './driver-status.service';
import { conditionalGet } from '../../plugins/conditional-get';

export const driverStatusRoutes: FastifyPluginAsyncZod<{ status: DriverStatusService }> = async (app, { status }) => {
  const guard = { preHandler: [app.requireUser, requireDriver] };

  app.get('/driver/status', {
    ...guard,
    onSend: conditionalGet,
    schema: { tags: ['driver'], summary: 'Online/offline state, active vehicle and verification', security: [{ bearer: [] }], response: { 200: zEnvelope(zDriverStatus) } },
  }, async (request) => ok(await status.getStatus(currentDriverId(request))));

  app.post('/driver/status', {
    ...guard,
    schema: {
      tags: ['driver'],
      summary: 'Go online with an active vehicle, or offline (refused during a trip)',
      security: [{ bearer: [] }],
      body: zSetDriverStatusRequest,
      response: { 200: zEnvelope(zDriverStatus) },
    },
  }, async (request) => {
    const result = await status.setStatus(currentDriverId(request), request.body.status, request.body.vehicle_id);
    return ok(result.status, result.message);
  });
};
