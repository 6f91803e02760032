import * as endpoints from '@jala/contracts/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { ok } from '../../../lib/envelope';
import { signedInRoutes } from '../../../plugins/signed-in-routes';
import { driverId, passengerId } from '../core/trip-actor';
import type { FareAdjustmentsService } from './fare-adjustments.service';

/** Fare adjustments of an assigned trip: the driver asks, the passenger answers. */
export const fareAdjustmentRoutes: FastifyPluginAsyncZod<{ adjustments: FareAdjustmentsService }> = async (
  app,
  { adjustments },
) => {
  const { route } = signedInRoutes(app);

  app.route({
    ...route(endpoints.proposeFareAdjustment),
    handler: async function proposeAdjustment(request, reply) {
      const adjustment = await adjustments.proposeAdjustment(driverId(request), request.params.id, request.body);
      return reply.status(201).send(ok(adjustment, 'Ajuste enviado al pasajero'));
    },
  });

  app.route({
    ...route(endpoints.answerFareAdjustment),
    handler: async function answerAdjustment(request) {
      const adjustment = await adjustments.answerAdjustment(
        passengerId(request),
        request.params.id,
        request.body.accept,
      );
      return ok(
        adjustment,
        request.body.accept ? 'Ajuste aceptado' : 'Ajuste rechazado: se mantiene el precio acordado',
      );
    },
  });
};
