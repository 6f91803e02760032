import * as endpoints from '@jala/contracts/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { ok } from '../../lib/envelope';
import { polledRead } from '../../plugins/conditional-get';
import { signedInRoutes } from '../../plugins/signed-in-routes';
import { requirePassengerId } from './passenger-guard';
import type { PassengerProfileService } from './passenger-profile.service';
import type { PassengerStatsService } from './passenger-stats.service';
import type { SavedLocationsService } from './saved-locations.service';
import type { TripHistoryService } from './trip-history.service';

export interface PassengerRoutesOptions {
  stats: PassengerStatsService;
  profiles: PassengerProfileService;
  places: SavedLocationsService;
  history: TripHistoryService;
}

/** Spec §7 'Passenger' workspace calls; every route needs a session of a passenger (or 'both') account. */
export const passengerRoutes: FastifyPluginAsyncZod<PassengerRoutesOptions> = async (
  app,
  { stats, profiles, places, history },
) => {
  const { route } = signedInRoutes(app);

  const sendStats = polledRead();
  app.route({
    ...route(endpoints.passengerStats),
    handler: async (request, reply) => sendStats(request, reply, await stats.getStats(requirePassengerId(request))),
  });

  app.route({
    ...route(endpoints.passengerProfile),
    handler: async (request) => ok(await profiles.getProfile(requirePassengerId(request))),
  });

  app.route({
    ...route(endpoints.updatePassengerProfile),
    handler: async (request) => {
      const userId = requirePassengerId(request);
      if (request.body.email !== (await profiles.getProfile(userId)).email)
        await app.authThrottles.assertEmailChangeAllowed(userId, request.ip);
      return ok(await profiles.updateProfile(userId, request.body), 'Perfil actualizado');
    },
  });

  app.route({
    ...route(endpoints.savedLocations),
    handler: async (request) => ok(await places.listSavedLocations(requirePassengerId(request))),
  });

  app.route({
    ...route(endpoints.saveLocation),
    handler: async (request, reply) => {
      const place = await places.addSavedLocation(requirePassengerId(request), request.body);
      return reply.status(201).send(ok(place, 'Ubicación guardada'));
    },
  });

  app.route({
    ...route(endpoints.deleteSavedLocation),
    handler: async (request) => {
      await places.deleteSavedLocation(requirePassengerId(request), request.params.id);
      return ok({ id: request.params.id }, 'Ubicación eliminada');
    },
  });

  app.route({
    ...route(endpoints.passengerTripHistory),
    handler: async (request) => ok(await history.getTripHistory(requirePassengerId(request), request.query)),
  });
};
