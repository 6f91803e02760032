import * as endpoints from '@jala/contracts/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { ok } from '../../../lib/envelope';
import { signedInRoutes } from '../../../plugins/signed-in-routes';
import { passengerId } from '../core/trip-actor';
import { toCreatedTripDto } from '../core/trip-dto';
import type { TripRequestsService } from './trip-requests.service';

/** The passenger's request: create it (published at once when it is for now), publish again, raise its price, cancel. */
export const tripRequestRoutes: FastifyPluginAsyncZod<{ requests: TripRequestsService }> = async (
  app,
  { requests },
) => {
  const { route } = signedInRoutes(app);

  app.route({
    ...route(endpoints.createTrip),
    handler: async function createTrip(request, reply) {
      const trip = await requests.createTrip(passengerId(request), request.body);
      return reply.status(201).send(ok(toCreatedTripDto(trip), 'Viaje creado'));
    },
  });

  // Creating a trip already published it; this answers the trip again and publishes only one not yet published.
  app.route({
    ...route(endpoints.publishTrip),
    handler: async function publishTrip(request) {
      return ok(
        toCreatedTripDto(await requests.publishTrip(passengerId(request), request.params.id)),
        'Viaje publicado',
      );
    },
  });

  app.route({
    ...route(endpoints.raisePrice),
    handler: async function raisePrice(request) {
      const trip = await requests.raisePrice(passengerId(request), request.params.id, request.body.offer_price);
      return ok(toCreatedTripDto(trip), 'Precio actualizado y viaje publicado de nuevo');
    },
  });

  app.route({
    ...route(endpoints.cancelTrip),
    handler: async function cancelTrip(request) {
      const { trip, late } = await requests.cancelTrip(passengerId(request), request.params.id, request.body?.reason);
      if (late === undefined) return ok({ id: trip.id, status: trip.status }, 'Viaje cancelado');
      return ok(
        { id: trip.id, status: trip.status, late },
        late
          ? 'Viaje programado cancelado. Esta cancelación cuenta en tu contra.'
          : 'Viaje programado cancelado sin costo.',
      );
    },
  });
};
