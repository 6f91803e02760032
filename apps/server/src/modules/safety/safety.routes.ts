import * as endpoints from '@jala/contracts/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { ok } from '../../lib/envelope';
import { currentUser } from '../../plugins/authenticate';
import { routeOf } from '../../plugins/endpoint-route';
import { driverId } from '../trips';
import type { SafetyService } from './safety.service';

/** A 5 MB photo as base64 plus the JSON around it. */
const PHOTO_BODY_LIMIT = 7 * 1024 * 1024;

/** Everything a signed-in passenger or driver does for their safety. */
export const safetyRoutes: FastifyPluginAsyncZod<{ safety: SafetyService }> = async (app, { safety }) => {
  app.addHook('preHandler', app.requireUser);

  app.route({
    ...routeOf(endpoints.ownDriverPhoto),
    handler: async (request) => ok(await safety.ownPhoto(driverId(request))),
  });

  app.route({
    ...routeOf(endpoints.uploadDriverPhoto),
    bodyLimit: PHOTO_BODY_LIMIT,
    handler: async (request) =>
      ok(await safety.uploadPhoto(driverId(request), request.body.image_base64), 'Foto actualizada'),
  });

  app.route({
    ...routeOf(endpoints.deleteDriverPhoto),
    handler: async (request) => {
      await safety.deletePhoto(driverId(request));
      return ok(null, 'Foto eliminada');
    },
  });

  app.route({
    ...routeOf(endpoints.tripDriverPhoto),
    handler: async (request) => ok(await safety.tripDriverPhoto(currentUser(request).id, request.params.id)),
  });

  app.route({
    ...routeOf(endpoints.trustedContacts),
    handler: async (request) => ok(await safety.contacts(currentUser(request).id)),
  });

  app.route({
    ...routeOf(endpoints.saveTrustedContacts),
    handler: async (request) =>
      ok(
        await safety.replaceContacts(currentUser(request).id, request.body.contacts),
        'Contactos de confianza guardados',
      ),
  });

  app.route({
    ...routeOf(endpoints.createShareLink),
    handler: async (request, reply) =>
      reply.status(201).send(ok(await safety.createShareLink(currentUser(request)), 'Enlace para compartir creado')),
  });

  app.route({
    ...routeOf(endpoints.sendSos),
    handler: async (request, reply) => {
      const { latitude, longitude } = request.body;
      const position = latitude !== undefined && longitude !== undefined ? { latitude, longitude } : null;
      const { alert, created } = await safety.sos(currentUser(request), position);
      return reply
        .status(created ? 201 : 200)
        .send(ok(alert, created ? 'Alerta enviada' : 'Tu alerta ya fue enviada: los operadores la están atendiendo'));
    },
  });
};

/** The public share page's own endpoint: no login, the unguessable token is the only key. */
export const publicShareRoutes: FastifyPluginAsyncZod<{ safety: SafetyService }> = async (app, { safety }) => {
  app.route({
    ...routeOf(endpoints.sharedTrip),
    handler: async (request, reply) => {
      // Live data: never cached by the browser or a proxy.
      reply.header('cache-control', 'no-store');
      return ok(await safety.sharedTrip(request.params.token));
    },
  });
};
