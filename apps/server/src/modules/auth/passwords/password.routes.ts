import * as endpoints from '@jala/contracts/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { ok } from '../../../lib/envelope';
import { currentUser } from '../../../plugins/authenticate';
import { routeOf } from '../../../plugins/endpoint-route';
import { signedInRoutes } from '../../../plugins/signed-in-routes';
import type { PasswordChangeService } from './password-change.service';
import type { PasswordResetService } from './password-reset.service';

export interface PasswordRoutesOptions {
  resets: PasswordResetService;
  changes: PasswordChangeService;
}

/** One answer for every e-mail, with or without an account (the mail itself leaves later, if at all). */
export const RESET_REQUESTED_MESSAGE =
  'Si hay una cuenta de Jala con ese correo, te enviamos un enlace para elegir una nueva contraseña.';

export const passwordRoutes: FastifyPluginAsyncZod<PasswordRoutesOptions> = async (app, { resets, changes }) => {
  const { route } = signedInRoutes(app);

  app.route({
    ...routeOf(endpoints.requestPasswordReset),
    handler: async (request) => {
      resets.requestReset(request.body.email);
      return ok(null, RESET_REQUESTED_MESSAGE);
    },
  });

  app.route({
    ...routeOf(endpoints.checkPasswordReset),
    handler: async (request) => ok(await resets.checkLink(request.body.token), 'Enlace válido.'),
  });

  app.route({
    ...routeOf(endpoints.resetPassword),
    handler: async (request) => {
      await resets.resetPassword(request.body);
      return ok(null, 'Listo: tu contraseña cambió. Inicia sesión con la nueva.');
    },
  });

  app.route({
    ...route(endpoints.changePassword),
    handler: async (request) => {
      const { id, sessionId } = currentUser(request);
      await changes.changePassword(id, sessionId, request.body);
      return ok(null, 'Tu contraseña cambió. Cerramos tus otras sesiones.');
    },
  });
};
