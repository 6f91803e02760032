import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  zEnvelope, zNotificationPreferences, zNotificationPreferencesUpdate, zPresenceRequest, zPushConfig, zPushSubscriptionRequest, zPushTestResult,
  zPushUnsubscribeRequest,
} from '@jala/contracts';
import { ok } from '../../lib/envelope';
import { currentUser } from '../../plugins/authenticate';
import type { NotificationSettings } from './notification-settings.service';

const secured = { security: [{ bearer: [] }] };
const tags = ['notifications'];

/** The signed-in user's devices, choices and visibility for Web Push. */
export const notificationRoutes: FastifyPluginAsyncZod<{ settings: NotificationSettings }> = async (app, { settings }) => {
  app.addHook('preHandler', app.requireUser);

  app.get('/notifications/config', {
    schema: { tags, summary: 'The VAPID public key to subscribe this browser with', ...secured, response: { 200: zEnvelope(zPushConfig) } },
  }, async () => ok({ public_key: settings.publicKey }));

  app.post('/notifications/subscription', {
    schema: { tags, summary: 'Receive notifications on this browser (its PushSubscription)', ...secured, body: zPushSubscriptionRequest, response: { 201: zEnvelope(z.null()) } },
  }, async (request, reply) => {
    await settings.subscribe(currentUser(request), request.body);
    return reply.status(201).send(ok(null, 'Notificaciones activadas en este dispositivo'));
  });

  app.delete('/notifications/subscription', {
    schema: { tags, summary: 'Stop notifications on this browser (only one\'s own subscription is removed)', ...secured, body: zPushUnsubscribeRequest, response: { 200: zEnvelope(z.null()) } },
  }, async (request) => {
    await settings.unsubscribe(currentUser(request).id, request.body.endpoint);
    return ok(null, 'Notificaciones desactivadas en este dispositivo');
  });

  app.get('/notifications/preferences', {
    schema: { tags, summary: 'Which kinds of notifications I receive', ...secured, response: { 200: zEnvelope(zNotificationPreferences) } },
  }, async (request) => ok(await settings.preferences(currentUser(request).id)));

  app.put('/notifications/preferences', {
    schema: { tags, summary: 'Turn kinds of notifications on or off', ...secured, body: zNotificationPreferencesUpdate, response: { 200: zEnvelope(zNotificationPreferences) } },
  }, async (request) => ok(await settings.updatePreferences(currentUser(request).id, request.body), 'Preferencias guardadas'));

  app.put('/notifications/presence', {
    schema: { tags, summary: 'Whether this session\'s app is on screen (then it is told in-app, not by push)', ...secured, body: zPresenceRequest, response: { 200: zEnvelope(z.null()) } },
  }, async (request) => {
    const user = currentUser(request);
    await settings.reportVisibility(user.id, user.sessionId, request.body.visible);
    return ok(null);
  });

  app.post('/notifications/test', {
    schema: { tags, summary: '"Probar notificación": a test push to each of my devices', ...secured, response: { 200: zEnvelope(zPushTestResult) } },
  }, async (request) => {
    const devices = await settings.test(currentUser(request).id);
    return ok({ devices }, devices > 0 ? 'Notificación de prueba enviada' : 'Activa las notificaciones en este dispositivo primero');
  });
};
