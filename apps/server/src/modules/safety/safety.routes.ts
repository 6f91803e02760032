import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  zEnvelope, zIdParam, zPhoto, zPhotoUpload, zSharedTrip, zShareLink, zShareTokenParam, zSosAlert, zSosRequest, zTrustedContacts,
  zTrustedContactsRequest,
} from '@jala/contracts';
import { ok } from '../../lib/envelope';
import { currentUser } from '../../plugins/authenticate';
import { driverId } from '../trips/trip-actor';
import type { SafetyService } from './safety.service';

const secured = { security: [{ bearer: [] }] };
/** A 5 MB photo as base64 plus the JSON around it. */
const PHOTO_BODY_LIMIT = 7 * 1024 * 1024;

/** Everything a signed-in passenger or driver does for their safety. */
export const safetyRoutes: FastifyPluginAsyncZod<{ safety: SafetyService }> = async (app, { safety }) => {
  app.addHook('preHandler', app.requireUser);

  app.get('/driver/photo', {
    schema: { tags: ['safety'], summary: 'My photo (drivers); null when there is none yet', ...secured, response: { 200: zEnvelope(zPhoto.nullable()) } },
  }, async (request) => ok(await safety.ownPhoto(driverId(request))));

  app.put('/driver/photo', {
    bodyLimit: PHOTO_BODY_LIMIT,
    schema: { tags: ['safety'], summary: 'Set my photo (JPEG, PNG or WebP; normalised by the server)', ...secured, body: zPhotoUpload, response: { 200: zEnvelope(zPhoto) } },
  }, async (request) => ok(await safety.uploadPhoto(driverId(request), request.body.image_base64), 'Foto actualizada'));

  app.delete('/driver/photo', {
    schema: { tags: ['safety'], summary: 'Remove my photo', ...secured, response: { 200: zEnvelope(z.null()) } },
  }, async (request) => {
    await safety.deletePhoto(driverId(request));
    return ok(null, 'Foto eliminada');
  });

  app.get('/trips/:id/driver-photo', {
    schema: { tags: ['safety'], summary: 'The assigned driver\'s photo, for the passenger of the trip', ...secured, params: zIdParam, response: { 200: zEnvelope(zPhoto) } },
  }, async (request) => ok(await safety.tripDriverPhoto(currentUser(request).id, request.params.id)));

  app.get('/safety/contacts', {
    schema: { tags: ['safety'], summary: 'My trusted contacts (the first is the emergency contact)', ...secured, response: { 200: zEnvelope(zTrustedContacts) } },
  }, async (request) => ok(await safety.contacts(currentUser(request).id)));

  app.put('/safety/contacts', {
    schema: { tags: ['safety'], summary: 'Replace my trusted contacts', ...secured, body: zTrustedContactsRequest, response: { 200: zEnvelope(zTrustedContacts) } },
  }, async (request) => ok(await safety.replaceContacts(currentUser(request).id, request.body.contacts), 'Contactos de confianza guardados'));

  app.post('/safety/share', {
    schema: { tags: ['safety'], summary: 'A live read-only link to my current trip', ...secured, response: { 201: zEnvelope(zShareLink) } },
  }, async (request, reply) => reply.status(201).send(ok(await safety.createShareLink(currentUser(request)), 'Enlace para compartir creado')));

  app.post('/safety/sos', {
    schema: {
      tags: ['safety'], summary: 'SOS: record an alert with my position (200 with the same alert while it is open or just raised)', ...secured,
      body: zSosRequest, response: { 201: zEnvelope(zSosAlert), 200: zEnvelope(zSosAlert) },
    },
  }, async (request, reply) => {
    const { latitude, longitude } = request.body;
    const position = latitude !== undefined && longitude !== undefined ? { latitude, longitude } : null;
    const { alert, created } = await safety.sos(currentUser(request), position);
    return reply.status(created ? 201 : 200).send(ok(alert, created ? 'Alerta enviada' : 'Tu alerta ya fue enviada: los operadores la están atendiendo'));
  });
};

/** The public share page's own endpoint: no login, the unguessable token is the only key. */
export const publicShareRoutes: FastifyPluginAsyncZod<{ safety: SafetyService }> = async (app, { safety }) => {
  app.get('/share/:token', {
    schema: { tags: ['safety'], summary: 'A shared trip, read-only (404 once it ended or the link expired)', params: zShareTokenParam, response: { 200: zEnvelope(zSharedTrip) } },
  }, async (request, reply) => {
    // Live data: never cached by the browser or a proxy.
    reply.header('cache-control', 'no-store');
    return ok(await safety.sharedTrip(request.params.token));
  });
};
