import * as endpoints from '@jala/contracts/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { polledRead } from '../../../plugins/conditional-get';
import { signedInRoutes } from '../../../plugins/signed-in-routes';
import { driverId } from '../core/trip-actor';
import type { RequestFeedService } from './request-feed.service';

/** The driver's feed of pending requests around them, polled (conditional GET). */
export const requestFeedRoutes: FastifyPluginAsyncZod<{ feed: RequestFeedService }> = async (app, { feed }) => {
  const { route } = signedInRoutes(app);

  const sendRequests = polledRead();
  app.route({
    ...route(endpoints.tripRequests),
    handler: async function listNearbyRequests(request, reply) {
      const { latitude, longitude } = request.query;
      const position = latitude !== undefined && longitude !== undefined ? { latitude, longitude } : null;
      return sendRequests(request, reply, await feed.nearbyRequests(driverId(request), position));
    },
  });
};
