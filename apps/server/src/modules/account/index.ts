import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { AuditLog } from '../admin/audit-log';
import { AuditLogRepository } from '../admin/audit-log.repository';
import { sessionEnding } from '../auth/session-ending';
import type { ModuleDeps } from '../module-deps';
import type { TripServicesDep } from '../trips';
import { ConsentRepository } from './consent/consent.repository';
import { consentRoutes } from './consent/consent.routes';
import { ConsentService } from './consent/consent.service';
import { AccountDeletionRepository } from './deletion/account-deletion.repository';
import { accountDeletionRoutes } from './deletion/account-deletion.routes';
import { AccountDeletionService } from './deletion/account-deletion.service';
import { AccountExportRepository } from './export/account-export.repository';
import { accountExportRoutes } from './export/account-export.routes';
import { AccountExportService } from './export/account-export.service';
import { SessionsRepository } from './sessions/sessions.repository';
import { sessionsRoutes } from './sessions/sessions.routes';
import { SessionsService } from './sessions/sessions.service';

/**
 * The account's own lifecycle (Ley 29733 rights): its open sessions ('Sesiones abiertas'), the data export
 * ('Descargar mis datos'), deletion ('Eliminar mi cuenta') and accepting a new version of the legal documents.
 * Sessions end by logout's own mechanism (auth's `sessionEnding`), and a deletion cuts the account off as an
 * operator's suspension does (`realtime.disconnectUser`). Last-seen times are recorded by SessionActivity,
 * which app.ts puts on the authentication path.
 */
export const accountModule: FastifyPluginAsyncZod<ModuleDeps & TripServicesDep> = async (app, deps) => {
  const { db, now } = deps;
  await app.register(sessionsRoutes, {
    // Sessions expire by the wall clock (auth.service.ts), not the marketplace's movable one.
    sessions: new SessionsService(new SessionsRepository(db), sessionEnding(deps), () => new Date()),
  });
  await app.register(accountExportRoutes, {
    exports: new AccountExportService(new AccountExportRepository(db), now),
    now,
  });
  await app.register(accountDeletionRoutes, {
    deletion: new AccountDeletionService({
      db,
      deletion: new AccountDeletionRepository(db),
      audit: new AuditLog(new AuditLogRepository(db)),
      documents: deps.documents,
      realtime: deps.realtime,
      hooks: {
        offersWithdrawn: deps.tripServices.offersWithdrawn,
        touchAccount: (userId) => deps.tripServices.live.touchAccount(userId),
      },
      now,
      log: deps.log,
    }),
  });
  await app.register(consentRoutes, {
    consent: new ConsentService(new ConsentRepository(db), deps.auth, deps.accountChanges, now),
  });
};
