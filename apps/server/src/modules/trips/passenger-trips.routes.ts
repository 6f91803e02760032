import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  zAcceptOfferRequest, zCancelTripRequest, zChatMessage, zChatPage, zChatPageQuery, zCreatedTrip, zCreateTripRequest, zDriverOffer, zEnvelope, zIdParam, zOfferAcceptance,
  zRaisePriceRequest, zTripCancellation,
} from '@jala/contracts';
import { ok } from '../../lib/envelope';
import { currentUser } from '../../plugins/authenticate';
import type { ChatService } from './chat.service';
import type { PassengerTripsService } from './passenger-trips.service';
import { passengerId } from './trip-actor';
import { toCreatedTripDto } from './trip-dto';
import { polledRead } from '../../plugins/conditional-get';

const zChatParams = z.object({ id: zIdParam.shape.id, driverId: zIdParam.shape.id });
const secured = { security: [{ bearer: [] }] };

export const passengerTripRoutes: FastifyPluginAsyncZod<{ passengerTrips: PassengerTripsService; chat: ChatService }> = async (app, { passengerTrips, chat }) => {
  app.addHook('preHandler', app.requireUser);

  app.post('/trips', {
    schema: { tags: ['trips'], summary: 'Request a trip', ...secured, body: zCreateTripRequest, response: { 201: zEnvelope(zCreatedTrip) } },
  }, async (request, reply) => {
    const trip = await passengerTrips.create(passengerId(request), request.body);
    return reply.status(201).send(ok(toCreatedTripDto(trip), 'Viaje creado'));
  });

  app.post('/trips/:id/publish', {
    schema: { tags: ['trips'], summary: 'Push a pending trip to nearby drivers', ...secured, params: zIdParam, response: { 200: zEnvelope(zCreatedTrip) } },
  }, async (request) => ok(toCreatedTripDto(await passengerTrips.publish(passengerId(request), request.params.id)), 'Viaje publicado'));

  app.post('/trips/:id/raise-price', {
    schema: { tags: ['trips'], summary: 'Raise the price of my pending trip and republish it', ...secured, params: zIdParam, body: zRaisePriceRequest, response: { 200: zEnvelope(zCreatedTrip) } },
  }, async (request) => ok(toCreatedTripDto(await passengerTrips.raisePrice(passengerId(request), request.params.id, request.body.offer_price)), 'Precio actualizado y viaje publicado de nuevo'));

  app.put('/trips/:id/cancel', {
    schema: { tags: ['trips'], summary: 'Cancel my trip', ...secured, params: zIdParam, body: zCancelTripRequest, response: { 200: zEnvelope(zTripCancellation) } },
  }, async (request) => {
    const { trip, late } = await passengerTrips.cancel(passengerId(request), request.params.id, request.body?.reason);
    if (late === undefined) return ok({ id: trip.id, status: trip.status }, 'Viaje cancelado');
    return ok({ id: trip.id, status: trip.status, late }, late ? 'Viaje programado cancelado. Esta cancelación cuenta en tu contra.' : 'Viaje programado cancelado sin costo.');
  });

  const sendOffers = polledRead();
  app.get('/trips/:id/driver-offers', {
    schema: { tags: ['trips'], summary: 'Offers on my pending trip, cheapest first', ...secured, params: zIdParam, response: { 200: zEnvelope(z.array(zDriverOffer)) } },
  }, async (request, reply) => sendOffers(request, reply, await passengerTrips.offers(passengerId(request), request.params.id)));

  app.post('/drivers/trips/accept', {
    schema: { tags: ['trips'], summary: "Accept a driver's offer", ...secured, body: zAcceptOfferRequest, response: { 200: zEnvelope(zOfferAcceptance) } },
  }, async (request) => {
    const trip = await passengerTrips.acceptOffer(passengerId(request), request.body.trip_id, request.body.driver_id);
    return ok({ id: trip.id, status: trip.status, driver_id: request.body.driver_id }, 'Conductor aceptado');
  });

  app.get('/trips/:id/chat/:driverId/messages', {
    schema: {
      tags: ['trips'], summary: 'Stored chat between the passenger and one driver: the newest page (200), or the page before the cursor `before`',
      ...secured, params: zChatParams, querystring: zChatPageQuery, response: { 200: zEnvelope(zChatPage) },
    },
  }, async (request) => ok(await chat.page(currentUser(request).id, request.params.id, request.params.driverId, request.query)));

  // The answer app versions before paging read (a bare array): a phone keeps its installed version for the
  // whole of a live trip, so this stays until those are gone. It answers the newest page, not the oldest.
  app.get('/trips/:id/chat/:driverId', {
    schema: {
      tags: ['trips'], summary: 'Newest page of the stored chat as a bare array (use /messages, which pages back)', deprecated: true,
      ...secured, params: zChatParams, response: { 200: zEnvelope(z.array(zChatMessage)) },
    },
  }, async (request) => ok(await chat.history(currentUser(request).id, request.params.id, request.params.driverId)));
};
