import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { zAdminUser, zAdminUsersQuery, zIdParam, zSuspendUserRequest } from '@jala/contracts';
import { ok } from '../../lib/envelope';
import { operatorActor } from './operator-actor';
import { requireAdmin } from './require-admin';
import type { UsersAdminService } from './users-admin.service';
import { signedInRoutes } from '../../plugins/signed-in-routes';

/** Find users; suspend (logged out everywhere, refused at login with the reason) or reactivate them. */
export const adminUsersRoutes: FastifyPluginAsyncZod<{ users: UsersAdminService }> = async (app, { users }) => {
  const { answers } = signedInRoutes(app, 'admin', requireAdmin);

  app.get('/admin/users', answers('Users by name, e-mail or phone (newest first, at most 50)', z.array(zAdminUser), { querystring: zAdminUsersQuery }),
    async (request) => ok(await users.search(request.query.q)));

  app.post('/admin/users/:id/suspend', answers('Suspend a user with a reason: every session and MQTT connection ends', zAdminUser, { params: zIdParam, body: zSuspendUserRequest }),
    async (request) => ok(await users.suspend(request.params.id, request.body.reason, operatorActor(request)), 'Usuario suspendido.'));

  app.post('/admin/users/:id/reactivate', answers('Lift a suspension', zAdminUser, { params: zIdParam }),
    async (request) => ok(await users.reactivate(request.params.id, operatorActor(request)), 'Usuario reactivado.'));
};
