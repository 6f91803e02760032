import * as endpoints from '@jala/contracts/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { ok } from '../../../lib/envelope';
import { signedInRoutes } from '../../../plugins/signed-in-routes';
import { operatorActor } from '../operator-actor';
import { requireAdmin } from '../require-admin';
import type { UsersAdminService } from './users-admin.service';

/** Find users; suspend (logged out everywhere, refused at login with the reason) or reactivate them. */
export const adminUsersRoutes: FastifyPluginAsyncZod<{ users: UsersAdminService }> = async (app, { users }) => {
  const { route } = signedInRoutes(app, requireAdmin);

  app.route({ ...route(endpoints.adminUsers), handler: async (request) => ok(await users.search(request.query.q)) });

  app.route({
    ...route(endpoints.suspendUser),
    handler: async (request) =>
      ok(await users.suspend(request.params.id, request.body.reason, operatorActor(request)), 'Usuario suspendido.'),
  });

  app.route({
    ...route(endpoints.reactivateUser),
    handler: async (request) =>
      ok(await users.reactivate(request.params.id, operatorActor(request)), 'Usuario reactivado.'),
  });
};
