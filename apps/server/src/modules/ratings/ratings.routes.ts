import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { zIdParam, zRateTripRequest, zTripRating, zTripRatingStatus } from '@jala/contracts';
import { ok } from '../../lib/envelope';
import { currentUser } from '../../plugins/authenticate';
import type { RatingsService } from './ratings.service';
import { signedInRoutes } from '../../plugins/signed-in-routes';

/** POST and GET /trips/{id}/rating, for the trip's passenger or its driver (any user type). */
export const ratingRoutes: FastifyPluginAsyncZod<{ ratings: RatingsService }> = async (app, { ratings }) => {
  const { answers, creates } = signedInRoutes(app, 'ratings');

  app.get('/trips/:id/rating', answers('Whether the session user may rate this trip, and their rating', zTripRatingStatus, { params: zIdParam }),
    async (request) => ok(await ratings.getRatingStatus(currentUser(request).id, request.params.id)));

  app.post('/trips/:id/rating', creates('Rate the other party of a completed trip (once)', zTripRating, { params: zIdParam, body: zRateTripRequest }), async (request, reply) => {
    const rating = await ratings.rateTrip(currentUser(request).id, request.params.id, request.body);
    return reply.status(201).send(ok(rating, '¡Gracias por tu calificación!'));
  });
};
