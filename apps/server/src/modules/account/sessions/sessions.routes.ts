import * as endpoints from '@jala/contracts/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { ok } from '../../../lib/envelope';
import { currentUser } from '../../../plugins/authenticate';
import { signedInRoutes } from '../../../plugins/signed-in-routes';
import type { SessionsService } from './sessions.service';

export const sessionsRoutes: FastifyPluginAsyncZod<{ sessions: SessionsService }> = async (app, { sessions }) => {
  const { route } = signedInRoutes(app);

  app.route({
    ...route(endpoints.accountSessions),
    handler: async (request) => ok(await sessions.list(currentUser(request))),
  });

  app.route({
    ...route(endpoints.endAccountSession),
    handler: async (request) => {
      await sessions.end(currentUser(request), request.params.id);
      return ok(null, 'Sesión cerrada');
    },
  });

  app.route({
    ...route(endpoints.endOtherSessions),
    handler: async (request) => {
      const result = await sessions.endOthers(currentUser(request));
      return ok(result, result.ended === 1 ? 'Se cerró 1 sesión' : `Se cerraron ${result.ended} sesiones`);
    },
  });
};
