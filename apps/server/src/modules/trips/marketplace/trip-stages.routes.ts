import * as endpoints from '@jala/contracts/endpoints';
import { farFromDestinationMeters, fromCentimos } from '@jala/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { ok } from '../../../lib/envelope';
import { signedInRoutes } from '../../../plugins/signed-in-routes';
import { driverId } from '../core/trip-actor';
import type { TripStagesService } from './trip-stages.service';

/** The assigned driver's stages of a trip and its completion. */
export const tripStageRoutes: FastifyPluginAsyncZod<{ stages: TripStagesService }> = async (app, { stages }) => {
  const { route } = signedInRoutes(app);

  app.route({
    ...route(endpoints.advanceStage),
    handler: async function advanceStage(request) {
      const trip = await stages.advanceStage(driverId(request), request.params.id, request.body);
      return ok({ id: trip.id, trip_status: trip.status }, 'Estado actualizado');
    },
  });

  app.route({
    ...route(endpoints.completeTrip),
    handler: async function completeTrip(request) {
      const trip = await stages.completeTrip(driverId(request), request.body);
      return ok(
        {
          id: trip.id,
          trip_status: trip.status,
          final_fare: fromCentimos(trip.finalFareCents ?? 0),
          ended_far_from_destination_m: farFromDestinationMeters(trip.endDistanceToDestinationM),
        },
        '¡Viaje completado con éxito!',
      );
    },
  });
};
