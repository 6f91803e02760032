import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { zAdminUser, zAdminUsersQuery, zEnvelope, zIdParam, zSuspendUserRequest } from '@jala/contracts';
import { ok } from '../../lib/envelope';
import { operatorActor } from './operator-actor';
import { requireAdmin } from './require-admin';
import type { UsersAdminService } from './users-admin.service';
import { signedInRoutes } from '../../plugins/signed-in-routes';

/** Find users; suspend (logged out everywhere, refused at login with the reason) or reactivate them. */
export const adminUsersRoutes: FastifyPluginAsyncZod<{ users: UsersAdminService }> = async (app, { users }) => {
  const { guard, secured } = signedInRoutes(app, 'admin', requireAdmin);

  app.get('/admin/users', {
    ...guard,
    schema: { ...secured, summary: 'Users by name, e-mail or phone (newest first, at most 50)', querystring: zAdminUsersQuery, response: { 200: zEnvelope(z.array(zAdminUser)) } },
  }, async (request) => ok(await users.search(request.query.q)));

  app.post('/admin/users/:id/suspend', {
    ...guard,
    schema: { ...secured, summary: 'Suspend a user with a reason: every session and MQTT connection ends', params: zIdParam, body: zSuspendUserRequest, response: { 200: zEnvelope(zAdminUser) } },
  }, async (request) => ok(await users.suspend(request.params.id, request.body.reason, operatorActor(request)), 'Usuario suspendido.'));

  app.post('/admin/users/:id/reactivate', {
    ...guard,
    schema: { ...secured, summary: 'Lift a suspension', params: zIdParam, response: { 200: zEnvelope(zAdminUser) } },
  }, async (request) => ok(await users.reactivate(request.params.id, operatorActor(request)), 'Usuario reactivado.'));
};
