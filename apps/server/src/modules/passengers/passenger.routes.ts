import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  zCreateSavedLocationRequest, zDeleted, zEnvelope, zIdParam, zPassengerProfile, zPassengerStats, zSavedLocation,
  zTripHistoryPage, zTripHistoryQuery, zUpdatePassengerProfileRequest,
} from '@jala/contracts';
import { ok } from '../../lib/envelope';
import { requirePassengerId } from './passenger-guard';
import type { PassengerProfileService } from './passenger-profile.service';
import type { PassengerStatsService } from './passenger-stats.service';
import type { SavedLocationsService } from './saved-locations.service';
import type { TripHistoryService } from './trip-history.service';
import { polledRead } from '../../plugins/conditional-get';
import { signedInRoutes } from '../../plugins/signed-in-routes';

export interface PassengerRoutesOptions {
  stats: PassengerStatsService;
  profiles: PassengerProfileService;
  places: SavedLocationsService;
  history: TripHistoryService;
}

/** Spec §7 'Passenger' workspace calls; every route needs a session of a passenger (or 'both') account. */
export const passengerRoutes: FastifyPluginAsyncZod<PassengerRoutesOptions> = async (app, { stats, profiles, places, history }) => {
  const { guard, secured } = signedInRoutes(app, 'passenger');

  const sendStats = polledRead();
  app.get('/passenger/stats', {
    ...guard,
    schema: { ...secured, summary: 'Dashboard cards', response: { 200: zEnvelope(zPassengerStats) } },
  }, async (request, reply) => sendStats(request, reply, await stats.getStats(requirePassengerId(request))));

  app.get('/passenger/profile', {
    ...guard,
    schema: { ...secured, summary: 'Passenger profile', response: { 200: zEnvelope(zPassengerProfile) } },
  }, async (request) => ok(await profiles.getProfile(requirePassengerId(request))));

  app.post('/passenger/profile/update', {
    ...guard,
    schema: {
      ...secured, summary: 'Update the passenger profile and emergency contact',
      body: zUpdatePassengerProfileRequest, response: { 200: zEnvelope(zPassengerProfile) },
    },
  }, async (request) => {
    const userId = requirePassengerId(request);
    if (request.body.email !== (await profiles.getProfile(userId)).email) await app.authThrottles.assertEmailChangeAllowed(userId, request.ip);
    return ok(await profiles.updateProfile(userId, request.body), 'Perfil actualizado');
  });

  app.get('/passenger/saved-locations', {
    ...guard,
    schema: { ...secured, summary: 'Saved places', response: { 200: zEnvelope(z.array(zSavedLocation)) } },
  }, async (request) => ok(await places.listSavedLocations(requirePassengerId(request))));

  app.post('/passenger/saved-locations', {
    ...guard,
    schema: {
      ...secured, summary: 'Save a place (inside Peru)',
      body: zCreateSavedLocationRequest, response: { 201: zEnvelope(zSavedLocation) },
    },
  }, async (request, reply) => {
    const place = await places.addSavedLocation(requirePassengerId(request), request.body);
    return reply.status(201).send(ok(place, 'Ubicación guardada'));
  });

  app.delete('/passenger/saved-locations/:id', {
    ...guard,
    schema: {
      ...secured, summary: 'Delete one of my saved places',
      params: zIdParam, response: { 200: zEnvelope(zDeleted) },
    },
  }, async (request) => {
    await places.deleteSavedLocation(requirePassengerId(request), request.params.id);
    return ok({ id: request.params.id }, 'Ubicación eliminada');
  });

  app.get('/passenger/trip-history', {
    ...guard,
    schema: {
      ...secured, summary: 'Finished trips, newest first, paginated by the server',
      querystring: zTripHistoryQuery, response: { 200: zEnvelope(zTripHistoryPage) },
    },
  }, async (request) => ok(await history.getTripHistory(requirePassengerId(request), request.query)));
};
