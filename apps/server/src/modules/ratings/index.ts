import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import type { ModuleDeps } from '../module-deps';
import type { TripServicesDep } from '../trips';
import { RatingsRepository } from './ratings.repository';
import { ratingRoutes } from './ratings.routes';
import { RatingsService } from './ratings.service';

/** Trip ratings (ours, beyond the spec): each side rates the other once per completed trip. */
export const ratingsModule: FastifyPluginAsyncZod<ModuleDeps & TripServicesDep> = async (
  app,
  { db, trips, accountChanges, tripServices },
) => {
  const ratings = new RatingsService(new RatingsRepository(db), trips, accountChanges, (rateeId) =>
    tripServices.live.touchUser(rateeId),
  );
  await app.register(ratingRoutes, { ratings });
};
