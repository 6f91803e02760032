import { existsSync } from 'node:fs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { topics } from '@jala/contracts';
import { DriverDocumentsService } from '../drivers/driver-documents.service';
import { DriverVerificationService } from '../drivers/driver-verification.service';
import { touchAccountOnWrites } from '../../plugins/touch-on-write';
import type { ModuleDeps } from '../module-deps';
import type { TripServicesDep } from '../trips';
import { adminDriversRoutes } from './admin-drivers.routes';
import { adminOperatorsRoutes } from './admin-operators.routes';
import { adminPaymentsRoutes } from './admin-payments.routes';
import { adminTripsRoutes } from './admin-trips.routes';
import { adminUsersRoutes } from './admin-users.routes';
import { AlertsAdminService } from './alerts-admin.service';
import { AuditLog } from './audit-log';
import { DriverReviewService } from './driver-review.service';
import { startOperatorInbox } from './operator-inbox';
import { OperatorsService } from './operators.service';
import { TripsAdminService } from './trips-admin.service';
import { UsersAdminService } from './users-admin.service';

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
  const audit = new AuditLog(db);
  const operators = new OperatorsService(db, audit, deps.accountChanges);
  const verification = new DriverVerificationService(db);
  const trips = new TripsAdminService(db, now);
  const review = new DriverReviewService(db, verification, new DriverDocumentsService(db, deps.documents, now), audit, deps.push.notifications);

  const { live: readModels } = deps.tripServices;
  // A suspension sets a driver offline: their status and feed reload (answered after the commit).
  touchAccountOnWrites(app, (userId) => readModels.touchAccount(userId), (request) => (
    request.routeOptions.url?.startsWith('/admin/users/:id/') ? Number((request.params as { id: number }).id) : null
  ));
  await app.register(adminDriversRoutes, { verification, review, broker: deps.broker, touchAccount: (driverId) => readModels.touchAccount(driverId) });
  await app.register(adminOperatorsRoutes, { operators, audit, realtime: deps.realtime });
  await app.register(adminUsersRoutes, { users: new UsersAdminService(db, audit, deps.realtime, deps.accountChanges, deps.tripServices.offersWithdrawn) });
  await app.register(adminPaymentsRoutes, { payments: deps.tripServices.payments, audit });
  await app.register(adminTripsRoutes, { trips, alerts: new AlertsAdminService(db, audit, now), passengerTrips: deps.tripServices.passengerTrips, audit });

  for (const email of config.operatorEmails) {
    const granted = await operators.grantByEmail(email, { kind: 'system', label: 'OPERATOR_EMAILS al iniciar' }).catch(() => null);
    if (!granted) log.warn({ email }, 'OPERATOR_EMAILS: no account with this e-mail yet (sign up, then restart or run create-operator)');
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
    trips.liveCity().then((city) => deps.broker.publish(topics.operatorLive, city))
      .catch((error: unknown) => log.warn({ err: error }, 'live map publish failed'));
  }, LIVE_MAP_PERIOD_MS);
  live.unref();
  app.addHook('onClose', async () => clearInterval(live));
};
