import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { zDriverTrip, zEnvelope, zPassengerTrip } from '@jala/contracts';
import { isDriverType, isPassengerType } from '@jala/domain';
import { currentUser } from '../../plugins/authenticate';
import type { ActiveTripService } from './active-trip.service';
import { polledRead } from '../../plugins/conditional-get';

/**
 * GET /trips/active and GET /driver/trips/current: the trip, or `data: null` with 'No hay viaje activo'
 * (spec §7 "trip or null"). No trip is a state every screen asks about, not an error: a 404 would make
 * every browser log a failed request on every screen.
 */
const NO_ACTIVE_TRIP = 'No hay viaje activo';
export const activeTripRoutes: FastifyPluginAsyncZod<{ activeTrips: ActiveTripService }> = async (app, { activeTrips }) => {
  /** One side's route: its own polled answers, the trip when the user is of that side and has one, else null. */
  const activeTripRoute = (
    path: string,
    doc: { tag: string; summary: string; trip: z.ZodType },
    isOfSide: typeof isPassengerType,
    read: (userId: number) => Promise<unknown>,
  ) => {
    const send = polledRead();
    app.get(path, {
      preHandler: app.requireUser,
      schema: { tags: [doc.tag], summary: doc.summary, security: [{ bearer: [] }], response: { 200: zEnvelope(doc.trip.nullable()) } },
    }, async (request, reply) => {
      const user = currentUser(request);
      const trip = isOfSide(user.userType) ? await read(user.id) : null;
      return send(request, reply, trip, trip ? undefined : NO_ACTIVE_TRIP);
    });
  };

  activeTripRoute('/trips/active', { tag: 'trips', summary: "The passenger's active trip", trip: zPassengerTrip }, isPassengerType, (id) => activeTrips.passengerActiveTrip(id));
  activeTripRoute('/driver/trips/current', { tag: 'driver', summary: "The driver's current trip", trip: zDriverTrip }, isDriverType, (id) => activeTrips.driverCurrentTrip(id));
};
