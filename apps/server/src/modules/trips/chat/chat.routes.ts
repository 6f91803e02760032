import * as endpoints from '@jala/contracts/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { ok } from '../../../lib/envelope';
import { currentUser } from '../../../plugins/authenticate';
import { signedInRoutes } from '../../../plugins/signed-in-routes';
import type { ChatService } from './chat.service';

/** The stored chat between a trip's passenger and one driver (messages travel over MQTT; ChatService). */
export const chatRoutes: FastifyPluginAsyncZod<{ chat: ChatService }> = async (app, { chat }) => {
  const { route } = signedInRoutes(app);

  app.route({
    ...route(endpoints.chatMessages),
    handler: async (request) =>
      ok(await chat.page(currentUser(request).id, request.params.id, request.params.driverId, request.query)),
  });

  // The answer app versions before paging read (a bare array): a phone keeps its installed version for the
  // whole of a live trip, so this stays until those are gone. It answers the newest page, not the oldest.
  app.route({
    ...route(endpoints.chatHistory),
    handler: async (request) =>
      ok(await chat.history(currentUser(request).id, request.params.id, request.params.driverId)),
  });
};
