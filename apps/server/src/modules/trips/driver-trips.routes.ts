import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  zCompleteTripRequest, zCoordinatesQuery, zDriverOffer, zDriverTripRequest, zEnvelope, zIdParam, zRejectRequest, zSendOfferRequest, zTripCompletion,
  zTripStageChange, zTripStageRequest,
} from '@jala/contracts';
import { farFromDestinationMeters, fromCentimos } from '@jala/domain';
import { ok } from '../../lib/envelope';
import type { DriverTripsService } from './driver-trips.service';
import { driverId } from './trip-actor';
import { polledRead } from '../../plugins/conditional-get';

const secured = { security: [{ bearer: [] }] };
const zOptionalPosition = zCoordinatesQuery.partial().refine(
  (q) => (q.latitude === undefined) === (q.longitude === undefined), 'Envía latitud y longitud juntas.',
);

export const driverTripRoutes: FastifyPluginAsyncZod<{ driverTrips: DriverTripsService }> = async (app, { driverTrips }) => {
  app.addHook('preHandler', app.requireUser);

  const sendRequests = polledRead();
  app.get('/driver/trip-requests', {
    schema: { tags: ['driver'], summary: 'Pending requests near me', ...secured, querystring: zOptionalPosition, response: { 200: zEnvelope(z.array(zDriverTripRequest)) } },
  }, async (request, reply) => {
    const { latitude, longitude } = request.query;
    const position = latitude !== undefined && longitude !== undefined ? { latitude, longitude } : null;
    return sendRequests(request, reply, await driverTrips.nearbyRequests(driverId(request), position));
  });

  app.post('/driver/trips/accept', {
    schema: { tags: ['driver'], summary: 'Offer to take a request', ...secured, body: zSendOfferRequest, response: { 201: zEnvelope(zDriverOffer) } },
  }, async (request, reply) => reply.status(201).send(ok(await driverTrips.sendOffer(driverId(request), request.body), 'Oferta enviada al pasajero')));

  app.post('/driver/trip-requests/reject', {
    schema: { tags: ['driver'], summary: 'Hide a request', ...secured, body: zRejectRequest, response: { 200: zEnvelope(z.null()) } },
  }, async (request) => {
    await driverTrips.reject(driverId(request), request.body.trip_request_id, request.body.reason);
    return ok(null, 'Solicitud rechazada');
  });

  app.put('/driver/trips/:id/status', {
    schema: { tags: ['driver'], summary: 'Move my trip to its next stage', ...secured, params: zIdParam, body: zTripStageRequest, response: { 200: zEnvelope(zTripStageChange) } },
  }, async (request) => {
    const trip = await driverTrips.advance(driverId(request), request.params.id, request.body);
    return ok({ id: trip.id, trip_status: trip.status }, 'Estado actualizado');
  });

  app.post('/driver/trips/complete', {
    schema: { tags: ['driver'], summary: 'Finish my trip', ...secured, body: zCompleteTripRequest, response: { 200: zEnvelope(zTripCompletion) } },
  }, async (request) => {
    const trip = await driverTrips.complete(driverId(request), request.body);
    return ok({
      id: trip.id, trip_status: trip.status, final_fare: fromCentimos(trip.finalFareCents ?? 0),
      ended_far_from_destination_m: farFromDestinationMeters(trip.endDistanceToDestinationM),
    }, '¡Viaje completado con éxito!');
  });
};
