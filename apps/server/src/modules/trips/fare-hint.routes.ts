import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { zEnvelope, zFareHint, zFareHintQuery } from '@jala/contracts';
import { ok } from '../../lib/envelope';
import type { FareHintService } from './fare-hint.service';

/**
 * GET /trips/fare-hint: the usual price of a route while the passenger proposes theirs. The wizard asks again
 * only when the points or the service type change, far below its budget (budgets/budget-table.ts).
 */
export const fareHintRoutes: FastifyPluginAsyncZod<{ fareHints: FareHintService }> = async (app, { fareHints }) => {
  app.addHook('preHandler', app.requireUser);

  app.get('/trips/fare-hint', {
    schema: {
      tags: ['trips'], summary: 'Usual price of a route: quartiles of similar completed trips, or the estimate', security: [{ bearer: [] }],
      querystring: zFareHintQuery, response: { 200: zEnvelope(zFareHint) },
    },
  }, async (request) => ok(await fareHints.forQuery(request.query)));
};
