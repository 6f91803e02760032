import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import type { ModuleDeps } from '../module-deps';
import { SafetyRepository } from './safety.repository';
import { publicShareRoutes, safetyRoutes } from './safety.routes';
import { SafetyService } from './safety.service';

/**
 * Safety on every trip: driver photo, trusted contacts, live share links and their public view,
 * SOS alerts. The start code and the arrival check live with the stages (trips/trip-safety-checks.ts).
 */
export const safetyModule: FastifyPluginAsyncZod<ModuleDeps> = async (app, { db, trips, now, push }) => {
  const safety = new SafetyService({ safety: new SafetyRepository(db), trips, now, notifications: push.notifications });
  await app.register(safetyRoutes, { safety });
  await app.register(publicShareRoutes, { safety });
};
