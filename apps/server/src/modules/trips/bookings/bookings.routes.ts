/** Scheduled rides: "Próximos viajes" for the passenger, "Programados" and giving a booking back for the driver. */
import * as endpoints from '@jala/contracts/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { ok } from '../../../lib/envelope';
import { signedInRoutes } from '../../../plugins/signed-in-routes';
import { driverId, passengerId } from '../core/trip-actor';
import type { BookingsService } from './bookings.service';

export const bookingRoutes: FastifyPluginAsyncZod<{ bookings: BookingsService }> = async (app, { bookings }) => {
  const { route } = signedInRoutes(app);

  app.route({
    ...route(endpoints.scheduledTrips),
    handler: async function listPassengerBookings(request) {
      return ok(await bookings.upcomingForPassenger(passengerId(request)));
    },
  });

  app.route({
    ...route(endpoints.driverBookings),
    handler: async function listDriverBookings(request) {
      return ok(await bookings.upcomingForDriver(driverId(request)));
    },
  });

  app.route({
    ...route(endpoints.releaseBooking),
    handler: async function releaseBooking(request) {
      const { trip, late } = await bookings.releaseByDriver(driverId(request), request.params.id);
      return ok(
        { id: trip.id, status: trip.status, late },
        late
          ? 'Cancelaste el viaje programado. Como faltaba menos de una hora, cuenta en tu tasa de finalización.'
          : 'Cancelaste el viaje programado. Lo ofrecimos a otros conductores.',
      );
    },
  });
};
