import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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
  const sendPassengerTrip = polledRead();
  const sendDriverTrip = polledRead();
  app.get('/trips/active', {
    preHandler: app.requireUser,
    schema: { tags: ['trips'], summary: "The passenger's active trip", security: [{ bearer: [] }], response: { 200: zEnvelope(zPassengerTrip.nullable()) } },
  }, async (request, reply) => {
    const user = currentUser(request);
    const trip = isPassengerType(user.userType) ? await activeTrips.passengerActiveTrip(user.id) : null;
    return sendPassengerTrip(request, reply, trip, trip ? undefined : NO_ACTIVE_TRIP);
  });

  app.get('/driver/trips/current', {
    preHandler: app.requireUser,
    schema: { tags: ['driver'], summary: "The driver's current trip", security: [{ bearer: [] }], response: { 200: zEnvelope(zDriverTrip.nullable()) } },
  }, async (request, reply) => {
    const user = currentUser(request);
    const trip = isDriverType(user.userType) ? await activeTrips.driverCurrentTrip(user.id) : null;
    return sendDriverTrip(request, reply, trip, trip ? undefined : NO_ACTIVE_TRIP);
  });
};
