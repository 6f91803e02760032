import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { touchAccountOnWrites } from '../../plugins/touch-on-write';
import type { ModuleDeps } from '../module-deps';
import type { TripServicesDep } from '../trips';
import { driverDocumentsRoutes } from './driver-documents.routes';
import { DriverDocumentsService } from './driver-documents.service';
import { DriverMetricsRepository } from './driver-metrics.repository';
import { driverMetricsRoutes } from './driver-metrics.routes';
import { DriverMetricsService } from './driver-metrics.service';
import { DriverProfileRepository } from './driver-profile.repository';
import { driverProfileRoutes } from './driver-profile.routes';
import { DriverProfileService } from './driver-profile.service';
import { driverRegistrationRoutes } from './driver-registration.routes';
import { DriverStatusRepository } from './driver-status.repository';
import { driverStatusRoutes } from './driver-status.routes';
import { DriverStatusService } from './driver-status.service';
import { DriverTripHistoryRepository } from './driver-trip-history.repository';
import { driverTripHistoryRoutes } from './driver-trip-history.routes';
import { DriverTripHistoryService } from './driver-trip-history.service';
import { paymentSettingsRoutes } from './payment-settings.routes';
import { PaymentSettingsService } from './payment-settings.service';
import { VehiclesRepository } from './vehicles.repository';
import { vehiclesRoutes } from './vehicles.routes';
import { VehiclesService } from './vehicles.service';

/**
 * Driver workspace: registration, profile, vehicles, online status, stats, earnings and trip history (spec §7 'Driver').
 * Operators verify drivers through the admin module.
 */
export const driverModule: FastifyPluginAsyncZod<ModuleDeps & TripServicesDep> = async (app, { db, now, documents, auth, tripServices, readVersions }) => {
  const profileRepository = new DriverProfileRepository(db);
  const vehicleRepository = new VehiclesRepository(db);
  const statusRepository = new DriverStatusRepository(db);
  // Every write here (profile, vehicles, status, documents, registration) can change the driver's request
  // feed, status or stats: they reload before the answer leaves.
  touchAccountOnWrites(app, (driverId) => tripServices.live.touchAccount(driverId));

  await app.register(driverRegistrationRoutes, { registration: auth.driverRegistration });
  await app.register(driverProfileRoutes, { profiles: new DriverProfileService(profileRepository, now) });
  await app.register(paymentSettingsRoutes, { settings: new PaymentSettingsService(profileRepository) });
  await app.register(vehiclesRoutes, { vehicles: new VehiclesService(db, vehicleRepository, profileRepository, statusRepository, now) });
  await app.register(driverStatusRoutes, { status: new DriverStatusService(db, profileRepository, vehicleRepository, statusRepository, now, tripServices.offersWithdrawn, readVersions) });
  await app.register(driverDocumentsRoutes, { documents: new DriverDocumentsService(db, documents, now) });
  await app.register(driverMetricsRoutes, { metrics: new DriverMetricsService(new DriverMetricsRepository(db), statusRepository, now, readVersions) });
  await app.register(driverTripHistoryRoutes, { history: new DriverTripHistoryService(new DriverTripHistoryRepository(db)) });
};
