/** Scheduled rides (issue 25): "Próximos viajes" for the passenger, "Programados" and giving a booking back for the driver. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { zBookingCancellation, zDriverBooking, zEnvelope, zIdParam, zPassengerBooking } from '@jala/contracts';
import { ok } from '../../lib/envelope';
import type { BookingsService } from './bookings.service';
import { driverId, passengerId } from './trip-actor';

const secured = { security: [{ bearer: [] }] };

export const bookingRoutes: FastifyPluginAsyncZod<{ bookings: BookingsService }> = async (app, { bookings }) => {
  app.addHook('preHandler', app.requireUser);

  app.get('/trips/scheduled', {
    schema: { tags: ['trips'], summary: 'My upcoming scheduled rides (not yet my active trip)', ...secured, response: { 200: zEnvelope(z.array(zPassengerBooking)) } },
  }, async (request) => ok(await bookings.upcomingForPassenger(passengerId(request))));

  app.get('/driver/scheduled-trips', {
    schema: { tags: ['driver'], summary: 'Scheduled rides near my usual area, and those I confirmed', ...secured, response: { 200: zEnvelope(z.array(zDriverBooking)) } },
  }, async (request) => ok(await bookings.upcomingForDriver(driverId(request))));

  app.post('/driver/scheduled-trips/:id/cancel', {
    schema: { tags: ['driver'], summary: 'Give back a scheduled ride I confirmed (it is offered to other drivers again)', ...secured, params: zIdParam, response: { 200: zEnvelope(zBookingCancellation) } },
  }, async (request) => {
    const { trip, late } = await bookings.releaseByDriver(driverId(request), request.params.id);
    return ok({ id: trip.id, status: trip.status, late }, late
      ? 'Cancelaste el viaje programado. Como faltaba menos de una hora, cuenta en tu tasa de finalización.'
      : 'Cancelaste el viaje programado. Lo ofrecimos a otros conductores.');
  });
};
