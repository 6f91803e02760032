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
import { conditionalGet } from '../../plugins/conditional-get';

export interface PassengerRoutesOptions {
  stats: PassengerStatsService;
  profiles: PassengerProfileService;
  places: SavedLocationsService;
  history: TripHistoryService;
}

/** Spec §7 'Passenger' workspace calls; every route needs a session of a passenger (or 'both') account. */
export const passengerRoutes: FastifyPluginAsyncZod<PassengerRoutesOptions> = async (app, { stats, profiles, places, history }) => {
  const secured = { preHandler: app.requireUser };
  const security = [{ bearer: [] }];

  app.get('/passenger/stats', {
    ...secured,
    onSend: conditionalGet,
    schema: { tags: ['passenger'], summary: 'Dashboard cards', security, response: { 200: zEnvelope(zPassengerStats) } },
  }, async (request) => ok(await stats.getStats(requirePassengerId(request))));

  app.get('/passenger/profile', {
    ...secured,
    schema: { tags: ['passenger'], summary: 'Passenger profile', security, response: { 200: zEnvelope(zPassengerProfile) } },
  }, async (request) => ok(await profiles.getProfile(requirePassengerId(request))));

  app.post('/passenger/profile/update', {
    ...secured,
    schema: {
      tags: ['passenger'], summary: 'Update the passenger profile and emergency contact', security,
      body: zUpdatePassengerProfileRequest, response: { 200: zEnvelope(zPassengerProfile) },
    },
  }, async (request) => {
    const userId = requirePassengerId(request);
    if (request.body.email !== (await profiles.getProfile(userId)).email) await app.authThrottles.assertEmailChangeAllowed(userId, request.ip);
    return ok(await profiles.updateProfile(userId, request.body), 'Perfil actualizado');
  });

  app.get('/passenger/saved-locations', {
    ...secured,
    schema: { tags: ['passenger'], summary: 'Saved places', security, response: { 200: zEnvelope(z.array(zSavedLocation)) } },
  }, async (request) => ok(await places.listSavedLocations(requirePassengerId(request))));

  app.post('/passenger/saved-locations', {
    ...secured,
    schema: {
      tags: ['passenger'], summary: 'Save a place (inside Peru)', security,
      body: zCreateSavedLocationRequest, response: { 201: zEnvelope(zSavedLocation) },
    },
  }, async (request, reply) => {
    const place = await places.addSavedLocation(requirePassengerId(request), request.body);
    return reply.status(201).send(ok(place, 'Ubicación guardada'));
  });

  app.delete('/passenger/saved-locations/:id', {
    ...secured,
    schema: {
      tags: ['passenger'], summary: 'Delete one of my saved places', security,
      params: zIdParam, response: { 200: zEnvelope(zDeleted) },
    },
  }, async (request) => {
    await places.deleteSavedLocation(requirePassengerId(request), request.params.id);
    return ok({ id: request.params.id }, 'Ubicación eliminada');
  });

  app.get('/passenger/trip-history', {
    ...secured,
    schema: {
      tags: ['passenger'], summary: 'Finished trips, newest first, paginated by the server', security,
      querystring: zTripHistoryQuery, response: { 200: zEnvelope(zTripHistoryPage) },
    },
  }, async (request) => ok(await history.getTripHistory(requirePassengerId(request), request.query)));
};
