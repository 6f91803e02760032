import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { zEnvelope, zIdParam, zRateTripRequest, zTripRating, zTripRatingStatus } from '@jala/contracts';
import { ok } from '../../lib/envelope';
import { currentUser } from '../../plugins/authenticate';
import type { RatingsService } from './ratings.service';

/** POST and GET /trips/{id}/rating, for the trip's passenger or its driver (any user type). */
export const ratingRoutes: FastifyPluginAsyncZod<{ ratings: RatingsService }> = async (app, { ratings }) => {
  const secured = { preHandler: app.requireUser };

  app.get('/trips/:id/rating', {
    ...secured,
    schema: {
      tags: ['ratings'], summary: 'Whether the session user may rate this trip, and their rating', security: [{ bearer: [] }],
      params: zIdParam, response: { 200: zEnvelope(zTripRatingStatus) },
    },
  }, async (request) => ok(await ratings.getRatingStatus(currentUser(request).id, request.params.id)));

  app.post('/trips/:id/rating', {
    ...secured,
    schema: {
      tags: ['ratings'], summary: 'Rate the other party of a completed trip (once)', security: [{ bearer: [] }],
      params: zIdParam, body: zRateTripRequest, response: { 201: zEnvelope(zTripRating) },
    },
  }, async (request, reply) => {
    const rating = await ratings.rateTrip(currentUser(request).id, request.params.id, request.body);
    return reply.status(201).send(ok(rating, '¡Gracias por tu calificación!'));
  });
};
