import { driverRegistrationMessage } from '@jala/contracts';
import * as endpoints from '@jala/contracts/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { ok } from '../../../lib/envelope';
import { currentUser } from '../../../plugins/authenticate';
import { signedInRoutes } from '../../../plugins/signed-in-routes';
import type { DriverRegistrationService } from './driver-registration.service';

/** POST /driver/register: any signed-in user (a passenger too) becomes a driver pending verification. */
export const driverRegistrationRoutes: FastifyPluginAsyncZod<{ registration: DriverRegistrationService }> = async (
  app,
  { registration },
) => {
  const { route } = signedInRoutes(app);
  app.route({
    ...route(endpoints.registerDriver),
    handler: async (request, reply) => {
      const result = await registration.registerDriver(currentUser(request).id, request.body);
      return reply.status(201).send(ok(result, driverRegistrationMessage(result.status)));
    },
  });
};
