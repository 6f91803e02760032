import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { zDriverTrip, zEnvelope, zPassengerTrip } from '@jala/contracts';
import { isDriverType, isPassengerType } from '@jala/domain';
import { AppError } from '../../lib/app-error';
import { ok } from '../../lib/envelope';
import { currentUser } from '../../plugins/authenticate';
import type { ActiveTripService } from './active-trip.service';
import { conditionalGet } from '../../plugins/conditional-get';

/** GET /trips/active and GET /driver/trips/current: 404 'No hay viaje activo' when there is none (spec §7). */
export const activeTripRoutes: FastifyPluginAsyncZod<{ activeTrips: ActiveTripService }> = async (app, { activeTrips }) => {
  app.get('/trips/active', {
    preHandler: app.requireUser,
    onSend: conditionalGet,
    schema: { tags: ['trips'], summary: "The passenger's active trip", security: [{ bearer: [] }], response: { 200: zEnvelope(zPassengerTrip) } },
  }, async (request) => {
    const user = currentUser(request);
    if (!isPassengerType(user.userType)) throw new AppError('NO_ACTIVE_TRIP');
    return ok(await activeTrips.passengerActiveTrip(user.id));
  });

  app.get('/driver/trips/current', {
    preHandler: app.requireUser,
    onSend: conditionalGet,
    schema: { tags: ['driver'], summary: "The driver's current trip", security: [{ bearer: [] }], response: { 200: zEnvelope(zDriverTrip) } },
  }, async (request) => {
    const user = currentUser(request);
    if (!isDriverType(user.userType)) throw new AppError('NO_ACTIVE_TRIP');
    return ok(await activeTrips.driverCurrentTrip(user.id));
  });
};
