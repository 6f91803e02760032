import type { Database } from '@jala/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { RatingsRepository } from './ratings.repository';
import { ratingRoutes } from './ratings.routes';
import { RatingsService } from './ratings.service';

/** Trip ratings (ours, beyond the spec); registered by the passenger module. */
export const ratingsModule: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  await app.register(ratingRoutes, { ratings: new RatingsService(new RatingsRepository(db)) });
};
