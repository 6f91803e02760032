import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { touchAccountOnWrites } from '../../plugins/touch-on-write';
import type { ModuleDeps } from '../module-deps';
import type { TripServicesDep } from '../trips';
import { passengerRoutes } from './passenger.routes';
import { PassengerProfileRepository } from './passenger-profile.repository';
import { PassengerProfileService } from './passenger-profile.service';
import { PassengerStatsRepository } from './passenger-stats.repository';
import { PassengerStatsService } from './passenger-stats.service';
import { SavedLocationsRepository } from './saved-locations.repository';
import { SavedLocationsService } from './saved-locations.service';
import { TripHistoryRepository } from './trip-history.repository';
import { TripHistoryService } from './trip-history.service';

/** Passenger workspace: stats, profile, saved places, and trip history (spec §7 'Passenger'). */
export const passengerModule: FastifyPluginAsyncZod<ModuleDeps & TripServicesDep> = async (
  app,
  { db, users, accountChanges, readVersions, tripServices },
) => {
  const placesRepository = new SavedLocationsRepository(db);
  // Saved places are counted in the stats: a passenger's writes reload them.
  touchAccountOnWrites(app, (userId) => tripServices.live.touchAccount(userId));
  await app.register(passengerRoutes, {
    stats: new PassengerStatsService(new PassengerStatsRepository(db), users, placesRepository, readVersions),
    profiles: new PassengerProfileService(new PassengerProfileRepository(db), users, accountChanges),
    places: new SavedLocationsService(placesRepository),
    history: new TripHistoryService(new TripHistoryRepository(db)),
  });
};
