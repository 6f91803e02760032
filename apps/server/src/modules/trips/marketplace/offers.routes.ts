import * as endpoints from '@jala/contracts/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { ok } from '../../../lib/envelope';
import { polledRead } from '../../../plugins/conditional-get';
import { signedInRoutes } from '../../../plugins/signed-in-routes';
import { driverId, passengerId } from '../core/trip-actor';
import type { OffersService } from './offers.service';

/** Offers on a pending request: drivers send them or hide the request, the passenger lists them and accepts one. */
export const offerRoutes: FastifyPluginAsyncZod<{ offers: OffersService }> = async (app, { offers }) => {
  const { route } = signedInRoutes(app);

  // The spec's URL says "accept", but here the *driver* offers to take the request; the passenger accepts below.
  app.route({
    ...route(endpoints.sendOffer),
    handler: async function sendOffer(request, reply) {
      return reply
        .status(201)
        .send(ok(await offers.sendOffer(driverId(request), request.body), 'Oferta enviada al pasajero'));
    },
  });

  app.route({
    ...route(endpoints.rejectRequest),
    handler: async function rejectRequest(request) {
      await offers.rejectRequest(driverId(request), request.body.trip_request_id, request.body.reason);
      return ok(null, 'Solicitud rechazada');
    },
  });

  const sendOffers = polledRead();
  app.route({
    ...route(endpoints.tripOffers),
    handler: async function listOffers(request, reply) {
      return sendOffers(request, reply, await offers.listOffers(passengerId(request), request.params.id));
    },
  });

  // The passenger accepts one driver's offer (the URL's "drivers" is the spec's).
  app.route({
    ...route(endpoints.acceptOffer),
    handler: async function acceptOffer(request) {
      const trip = await offers.acceptOffer(passengerId(request), request.body.trip_id, request.body.driver_id);
      return ok({ id: trip.id, status: trip.status, driver_id: request.body.driver_id }, 'Conductor aceptado');
    },
  });
};
