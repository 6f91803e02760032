import * as endpoints from '@jala/contracts/endpoints';
import { isDriverType, isPassengerType } from '@jala/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { currentUser } from '../../../plugins/authenticate';
import { polledRead } from '../../../plugins/conditional-get';
import { signedInRoutes } from '../../../plugins/signed-in-routes';
import type { ActiveTripService } from './active-trip.service';

/**
 * GET /trips/active and GET /driver/trips/current: the trip, or `data: null` with 'No hay viaje activo'
 * (spec §7 "trip or null"). No trip is a state every screen asks about, not an error: a 404 would make
 * every browser log a failed request on every screen. A user of the other side only reads null.
 */
const NO_ACTIVE_TRIP = 'No hay viaje activo';

export const activeTripRoutes: FastifyPluginAsyncZod<{ activeTrips: ActiveTripService }> = async (
  app,
  { activeTrips },
) => {
  const { route } = signedInRoutes(app);

  const sendPassengerTrip = polledRead();
  app.route({
    ...route(endpoints.activeTrip),
    handler: async function readActiveTrip(request, reply) {
      const user = currentUser(request);
      const trip = isPassengerType(user.userType) ? await activeTrips.passengerActiveTrip(user.id) : null;
      return sendPassengerTrip(request, reply, trip, trip ? undefined : NO_ACTIVE_TRIP);
    },
  });

  const sendDriverTrip = polledRead();
  app.route({
    ...route(endpoints.currentDriverTrip),
    handler: async function readCurrentTrip(request, reply) {
      const user = currentUser(request);
      const trip = isDriverType(user.userType) ? await activeTrips.driverCurrentTrip(user.id) : null;
      return sendDriverTrip(request, reply, trip, trip ? undefined : NO_ACTIVE_TRIP);
    },
  });
};
