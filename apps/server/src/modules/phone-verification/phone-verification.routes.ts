import * as endpoints from '@jala/contracts/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { ok } from '../../lib/envelope';
import { currentUser } from '../../plugins/authenticate';
import { signedInRoutes } from '../../plugins/signed-in-routes';
import type { PhoneVerificationService } from './phone-verification.service';

/** "Verifica tu celular", for any signed-in passenger or driver, always on their own account. */
export const phoneVerificationRoutes: FastifyPluginAsyncZod<{ verification: PhoneVerificationService }> = async (
  app,
  { verification },
) => {
  const { route } = signedInRoutes(app);

  app.route({
    ...route(endpoints.phoneVerification),
    handler: async (request) => ok(await verification.status(currentUser(request).id)),
  });

  app.route({
    ...route(endpoints.sendPhoneCode),
    handler: async (request, reply) =>
      reply
        .status(201)
        .send(ok(await verification.sendCode(currentUser(request).id), 'Te enviamos un código por SMS.')),
  });

  app.route({
    ...route(endpoints.confirmPhoneCode),
    handler: async (request) =>
      ok(await verification.confirm(currentUser(request).id, request.body.code), '¡Listo! Tu celular está verificado.'),
  });
};
