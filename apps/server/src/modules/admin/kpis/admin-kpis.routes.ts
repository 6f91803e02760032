import * as endpoints from '@jala/contracts/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { ok } from '../../../lib/envelope';
import { signedInRoutes } from '../../../plugins/signed-in-routes';
import { requireAdmin } from '../require-admin';
import type { KpisService } from './kpis.service';

/** 'Indicadores': the city in numbers, for operators only (read-only). */
export const adminKpisRoutes: FastifyPluginAsyncZod<{ kpis: KpisService }> = async (app, { kpis }) => {
  const { route } = signedInRoutes(app, requireAdmin);
  app.route({ ...route(endpoints.adminKpis), handler: async (request) => ok(await kpis.figures(request.query)) });
};
