import * as endpoints from '@jala/contracts/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { ok } from '../../../lib/envelope';
import { signedInRoutes } from '../../../plugins/signed-in-routes';
import { currentDriverId, requireDriver } from '../driver-access';
import type { DriverProfileService } from './driver-profile.service';

export const driverProfileRoutes: FastifyPluginAsyncZod<{ profiles: DriverProfileService }> = async (
  app,
  { profiles },
) => {
  const { route } = signedInRoutes(app, requireDriver);

  app.route({
    ...route(endpoints.driverProfile),
    handler: async (request) => {
      const profile = await profiles.getProfile(currentDriverId(request));
      return ok(profile, profile ? 'OK' : 'Aún no registras tu perfil de conductor.');
    },
  });

  app.route({
    ...route(endpoints.saveDriverProfile),
    handler: async (request, reply) => {
      const { profile, created } = await profiles.saveProfile(currentDriverId(request), request.body);
      if (created)
        return reply
          .status(201)
          .send(ok(profile, 'Perfil de conductor registrado. Espera la verificación de tus documentos.'));
      return ok(profile, 'Perfil actualizado correctamente.');
    },
  });
};
