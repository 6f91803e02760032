import * as endpoints from '@jala/contracts/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { ok } from '../../lib/envelope';
import { currentUser } from '../../plugins/authenticate';
import { routeOf } from '../../plugins/endpoint-route';
import type { NotificationSettings } from './notification-settings.service';

/** The signed-in user's devices, choices and visibility for Web Push. */
export const notificationRoutes: FastifyPluginAsyncZod<{ settings: NotificationSettings }> = async (
  app,
  { settings },
) => {
  app.addHook('preHandler', app.requireUser);

  app.route({ ...routeOf(endpoints.pushConfig), handler: async () => ok({ public_key: settings.publicKey }) });

  app.route({
    ...routeOf(endpoints.subscribePush),
    handler: async (request, reply) => {
      await settings.subscribe(currentUser(request), request.body);
      return reply.status(201).send(ok(null, 'Notificaciones activadas en este dispositivo'));
    },
  });

  app.route({
    ...routeOf(endpoints.unsubscribePush),
    handler: async (request) => {
      await settings.unsubscribe(currentUser(request).id, request.body.endpoint);
      return ok(null, 'Notificaciones desactivadas en este dispositivo');
    },
  });

  app.route({
    ...routeOf(endpoints.notificationPreferences),
    handler: async (request) => ok(await settings.preferences(currentUser(request).id)),
  });

  app.route({
    ...routeOf(endpoints.saveNotificationPreferences),
    handler: async (request) =>
      ok(await settings.updatePreferences(currentUser(request).id, request.body), 'Preferencias guardadas'),
  });

  app.route({
    ...routeOf(endpoints.reportPresence),
    handler: async (request) => {
      const user = currentUser(request);
      await settings.reportVisibility(user.id, user.sessionId, request.body.visible);
      return ok(null);
    },
  });

  app.route({
    ...routeOf(endpoints.sendTestPush),
    handler: async (request) => {
      const devices = await settings.test(currentUser(request).id);
      return ok(
        { devices },
        devices > 0 ? 'Notificación de prueba enviada' : 'Activa las notificaciones en este dispositivo primero',
      );
    },
  });
};
