import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { touchAccountOnWrites } from '../../plugins/touch-on-write';
import type { ModuleDeps } from '../module-deps';
import { DriverDocumentsRepository } from './account/driver-documents.repository';
import { driverDocumentsRoutes } from './account/driver-documents.routes';
import { DriverDocumentsService } from './account/driver-documents.service';
import { DriverProfileRepository } from './account/driver-profile.repository';
import { driverProfileRoutes } from './account/driver-profile.routes';
import { DriverProfileService } from './account/driver-profile.service';
import { DriverRegistrationRepository } from './account/driver-registration.repository';
import { driverRegistrationRoutes } from './account/driver-registration.routes';
import { DriverRegistrationService } from './account/driver-registration.service';
import { paymentSettingsRoutes } from './account/payment-settings.routes';
import { PaymentSettingsService } from './account/payment-settings.service';
import { VehiclesRepository } from './account/vehicles.repository';
import { vehiclesRoutes } from './account/vehicles.routes';
import { VehiclesService } from './account/vehicles.service';
import { DriverMetricsRepository } from './activity/driver-metrics.repository';
import { driverMetricsRoutes } from './activity/driver-metrics.routes';
import { DriverMetricsService } from './activity/driver-metrics.service';
import { DriverStatusRepository } from './activity/driver-status.repository';
import { driverStatusRoutes } from './activity/driver-status.routes';
import { DriverStatusService } from './activity/driver-status.service';
import { DriverTripHistoryRepository } from './activity/driver-trip-history.repository';
import { driverTripHistoryRoutes } from './activity/driver-trip-history.routes';
import { DriverTripHistoryService } from './activity/driver-trip-history.service';

/**
 * What the drivers module needs from the trips module, as plain functions app.ts wires in, so drivers never
 * imports trips and the modules' dependencies keep pointing one way.
 */
export interface DriverTripHooks {
  /** The driver's request feed, status and stats reload (after any write that can change them). */
  touchAccount: (driverId: number) => Promise<void>;
  /** A driver going offline withdrew these live offers: they leave the passengers' lists and their trips. */
  offersWithdrawn: (driverId: number, tripIds: number[]) => Promise<void>;
}

/**
 * Driver workspace: registration, profile, vehicles, online status, stats, earnings and trip history (spec §7 'Driver').
 * Operators verify drivers through the admin module.
 */
export const driverModule: FastifyPluginAsyncZod<ModuleDeps & { driverTrips: DriverTripHooks }> = async (app, deps) => {
  const { db, now, documents, driverTrips, readVersions } = deps;
  const profileRepository = new DriverProfileRepository(db);
  const vehicleRepository = new VehiclesRepository(db);
  const statusRepository = new DriverStatusRepository(db);
  // Every write here (profile, vehicles, status, documents, registration) can change the driver's request
  // feed, status or stats: they reload before the answer leaves.
  touchAccountOnWrites(app, driverTrips.touchAccount);

  // The same service auth's /auth/register-driver runs; it keeps no state, so this copy acts identically.
  await app.register(driverRegistrationRoutes, {
    registration: new DriverRegistrationService(db, new DriverRegistrationRepository(db), deps.accountChanges, now),
  });
  await app.register(driverProfileRoutes, { profiles: new DriverProfileService(profileRepository, now) });
  await app.register(paymentSettingsRoutes, { settings: new PaymentSettingsService(profileRepository) });
  await app.register(vehiclesRoutes, {
    vehicles: new VehiclesService(db, vehicleRepository, profileRepository, statusRepository, now),
  });
  await app.register(driverStatusRoutes, {
    status: new DriverStatusService(
      db,
      profileRepository,
      vehicleRepository,
      statusRepository,
      now,
      driverTrips.offersWithdrawn,
      readVersions,
    ),
  });
  await app.register(driverDocumentsRoutes, {
    documents: new DriverDocumentsService(new DriverDocumentsRepository(db), profileRepository, documents, now),
  });
  await app.register(driverMetricsRoutes, {
    metrics: new DriverMetricsService(new DriverMetricsRepository(db), statusRepository, now, readVersions),
  });
  await app.register(driverTripHistoryRoutes, {
    history: new DriverTripHistoryService(new DriverTripHistoryRepository(db)),
  });
};
