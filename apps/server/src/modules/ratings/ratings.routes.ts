import * as endpoints from '@jala/contracts/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { ok } from '../../lib/envelope';
import { currentUser } from '../../plugins/authenticate';
import { signedInRoutes } from '../../plugins/signed-in-routes';
import type { RatingsService } from './ratings.service';

/** POST and GET /trips/{id}/rating, for the trip's passenger or its driver (any user type). */
export const ratingRoutes: FastifyPluginAsyncZod<{ ratings: RatingsService }> = async (app, { ratings }) => {
  const { route } = signedInRoutes(app);

  app.route({
    ...route(endpoints.tripRating),
    handler: async (request) => ok(await ratings.getRatingStatus(currentUser(request).id, request.params.id)),
  });

  app.route({
    ...route(endpoints.rateTrip),
    handler: async (request, reply) => {
      const rating = await ratings.rateTrip(currentUser(request).id, request.params.id, request.body);
      return reply.status(201).send(ok(rating, '¡Gracias por tu calificación!'));
    },
  });
};
