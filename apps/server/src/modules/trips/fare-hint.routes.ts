import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { zEnvelope, zFareHint, zFareHintQuery } from '@jala/contracts';
import { ok } from '../../lib/envelope';
import { perUserRateLimit } from '../../plugins/per-user-rate-limit';
import type { FareHintService } from './fare-hint.service';

/**
 * The wizard asks again only when the points or the service type change (not per keystroke of the price),
 * so a passenger stays far below this; a script walking the city's fares does not.
 */
export const FARE_HINTS_PER_MINUTE = 30;

/** GET /trips/fare-hint: the usual price of a route while the passenger proposes theirs (issue 26). */
export const fareHintRoutes: FastifyPluginAsyncZod<{ fareHints: FareHintService }> = async (app, { fareHints }) => {
  app.addHook('preHandler', app.requireUser);

  app.get('/trips/fare-hint', {
    config: { rateLimit: perUserRateLimit(FARE_HINTS_PER_MINUTE) },
    schema: {
      tags: ['trips'], summary: 'Usual price of a route: quartiles of similar completed trips, or the estimate', security: [{ bearer: [] }],
      querystring: zFareHintQuery, response: { 200: zEnvelope(zFareHint) },
    },
  }, async (request) => ok(await fareHints.forQuery(request.query)));
};
