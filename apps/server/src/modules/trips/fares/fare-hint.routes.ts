import * as endpoints from '@jala/contracts/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { ok } from '../../../lib/envelope';
import { signedInRoutes } from '../../../plugins/signed-in-routes';
import type { FareHintService } from './fare-hint.service';

/**
 * GET /trips/fare-hint: the usual price of a route while the passenger proposes theirs. The wizard asks again
 * only when the points or the service type change, far below its budget (budgets/budget-table.ts).
 */
export const fareHintRoutes: FastifyPluginAsyncZod<{ fareHints: FareHintService }> = async (app, { fareHints }) => {
  const { route } = signedInRoutes(app);

  app.route({
    ...route(endpoints.fareHint),
    handler: async function readFareHint(request) {
      return ok(await fareHints.forQuery(request.query));
    },
  });
};
