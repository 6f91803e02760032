import * as endpoints from '@jala/contracts/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { ok } from '../../../lib/envelope';
import { currentUser } from '../../../plugins/authenticate';
import { signedInRoutes } from '../../../plugins/signed-in-routes';
import type { AccountDeletionService } from './account-deletion.service';

export const accountDeletionRoutes: FastifyPluginAsyncZod<{ deletion: AccountDeletionService }> = async (
  app,
  { deletion },
) => {
  const { route } = signedInRoutes(app);

  app.route({
    ...route(endpoints.deleteAccount),
    handler: async (request) => {
      await deletion.delete(currentUser(request).id, request.body.password);
      return ok(null, 'Tu cuenta fue eliminada');
    },
  });
};
