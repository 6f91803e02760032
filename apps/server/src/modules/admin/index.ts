import { existsSync } from 'node:fs';

import { topics } from '@jala/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { touchAccountOnWrites } from '../../plugins/touch-on-write';
import { DriverDocumentsRepository } from '../drivers/account/driver-documents.repository';
import { DriverDocumentsService } from '../drivers/account/driver-documents.service';
import { DriverProfileRepository } from '../drivers/account/driver-profile.repository';
import { DriverStatusRepository } from '../drivers/activity/driver-status.repository';
import { createLedgerService } from '../ledger';
import type { ModuleDeps } from '../module-deps';
import type { TripServicesDep } from '../trips';
import { AuditLog } from './audit-log';
import { AuditLogRepository } from './audit-log.repository';
import { adminDriversRoutes } from './drivers/admin-drivers.routes';
import { DriverReviewRepository } from './drivers/driver-review.repository';
import { DriverReviewService } from './drivers/driver-review.service';
import { DriverVerificationRepository } from './drivers/driver-verification.repository';
import { DriverVerificationService } from './drivers/driver-verification.service';
import { adminKpisRoutes } from './kpis/admin-kpis.routes';
import { KpisRepository } from './kpis/kpis.repository';
import { KpisService } from './kpis/kpis.service';
import { adminLedgerRoutes } from './ledger/admin-ledger.routes';
import { adminOperatorsRoutes } from './operators/admin-operators.routes';
import { startOperatorInbox } from './operators/operator-inbox';
import { OperatorsRepository } from './operators/operators.repository';
import { OperatorsService } from './operators/operators.service';
import { adminPaymentsRoutes } from './trips/admin-payments.routes';
import { AdminTripsRepository } from './trips/admin-trips.repository';
import { adminTripsRoutes } from './trips/admin-trips.routes';
import { AlertsAdminRepository } from './trips/alerts-admin.repository';
import { AlertsAdminService } from './trips/alerts-admin.service';
import { LiveCityRepository } from './trips/live-city.repository';
import { TripsAdminService } from './trips/trips-admin.service';
import { AdminUsersRepository } from './users/admin-users.repository';
import { adminUsersRoutes } from './users/admin-users.routes';
import { UsersAdminService } from './users/users-admin.service';

/** How often the live city map is pushed to operators over MQTT. */
export const LIVE_MAP_PERIOD_MS = 5_000;

/**
 * The operators' console (users.is_admin): verification queue with documents, operators and the audit
 * log, users and suspension, trips and their story, the live map, cancelling trips, SOS alerts.
 * Also bootstraps operators: OPERATOR_EMAILS at boot, and `npm run create-operator` / `verify-driver`
 * requests dropped in DATA_DIR while this server holds the embedded database (operator-inbox.ts).
 */
export const adminModule: FastifyPluginAsyncZod<ModuleDeps & TripServicesDep> = async (app, deps) => {
  const { db, now, log, config } = deps;
  const audit = new AuditLog(new AuditLogRepository(db));
  const operators = new OperatorsService(db, new OperatorsRepository(db), audit, deps.accountChanges);
  const verification = new DriverVerificationService(new DriverVerificationRepository(db));
  const trips = new TripsAdminService(new AdminTripsRepository(db), new LiveCityRepository(db), now);
  const documents = new DriverDocumentsService(
    new DriverDocumentsRepository(db),
    new DriverProfileRepository(db),
    deps.documents,
    now,
  );
  const review = new DriverReviewService(
    db,
    new DriverReviewRepository(db),
    verification,
    documents,
    audit,
    deps.push.notifications,
  );
  const users = new UsersAdminService(
    db,
    new AdminUsersRepository(db),
    new DriverStatusRepository(db),
    audit,
    deps.realtime,
    deps.accountChanges,
    deps.tripServices.offersWithdrawn,
  );

  const { live: readModels } = deps.tripServices;
  // A suspension sets a driver offline: their status and feed reload (answered after the commit).
  touchAccountOnWrites(
    app,
    (userId) => readModels.touchAccount(userId),
    (request) =>
      request.routeOptions.url?.startsWith('/admin/users/:id/') ? Number((request.params as { id: number }).id) : null,
  );
  await app.register(adminDriversRoutes, {
    verification,
    review,
    broker: deps.broker,
    touchAccount: (driverId) => readModels.touchAccount(driverId),
  });
  await app.register(adminOperatorsRoutes, { operators, audit, realtime: deps.realtime });
  await app.register(adminUsersRoutes, { users });
  await app.register(adminKpisRoutes, { kpis: new KpisService(new KpisRepository(db), now) });
  await app.register(adminPaymentsRoutes, { payments: deps.tripServices.payments, audit });
  await app.register(adminLedgerRoutes, {
    ledger: createLedgerService(deps),
    audit,
    touchAccount: (driverId) => readModels.touchAccount(driverId),
  });
  await app.register(adminTripsRoutes, {
    trips,
    alerts: new AlertsAdminService(db, new AlertsAdminRepository(db), audit, now),
    passengerTrips: deps.tripServices.requests,
    audit,
  });

  for (const email of config.operatorEmails) {
    const granted = await operators
      .grantByEmail(email, { kind: 'system', label: 'OPERATOR_EMAILS al iniciar' })
      .catch(() => null);
    if (!granted)
      log.warn(
        { email },
        'OPERATOR_EMAILS: no account with this e-mail yet (sign up, then restart or run create-operator)',
      );
  }
  if (deps.databaseKind === 'pglite' && existsSync(config.dataDir)) {
    const stop = startOperatorInbox(config.dataDir, db, log, deps.accountChanges);
    app.addHook('onClose', async () => stop());
  }

  // A node with an operator connected publishes the snapshot (read-only: no cluster lock, whose bookkeeping
  // row would be a write every period). With operators on several nodes they each receive a few identical,
  // idempotent snapshots per period; with none connected nothing is computed.
  const live = setInterval(() => {
    if (!deps.broker.hasOperatorConnected()) return;
    trips
      .liveCity()
      .then((city) => deps.broker.publish(topics.operatorLive, city))
      .catch((error: unknown) => log.warn({ err: error }, 'live map publish failed'));
  }, LIVE_MAP_PERIOD_MS);
  live.unref();
  app.addHook('onClose', async () => clearInterval(live));
};
