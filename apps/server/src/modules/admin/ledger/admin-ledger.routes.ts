import * as endpoints from '@jala/contracts/endpoints';
import { fromCentimos } from '@jala/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { ok } from '../../../lib/envelope';
import { signedInRoutes } from '../../../plugins/signed-in-routes';
import type { LedgerAudit, LedgerService } from '../../ledger';
import type { AuditActor, AuditLog } from '../audit-log';
import { operatorActor } from '../operator-actor';
import { requireAdmin } from '../require-admin';

/**
 * A driver's 'Saldo con Jala' for operators: read it, record a top-up the driver paid by Yape, adjust it with
 * a reason. Each write is audited in its own transaction; the driver's feed reloads after the commit, so a
 * top-up that lifts them over DRIVER_MIN_BALANCE lets them take requests at once.
 */
export const adminLedgerRoutes: FastifyPluginAsyncZod<{
  ledger: LedgerService;
  audit: AuditLog;
  touchAccount: (driverId: number) => Promise<void>;
}> = async (app, { ledger, audit, touchAccount }) => {
  const { route } = signedInRoutes(app, requireAdmin);

  const audited =
    (actor: AuditActor, action: string): LedgerAudit =>
    (tx, entry, balanceCents) =>
      audit.record(
        actor,
        {
          action,
          targetType: 'driver',
          targetId: entry.driverId,
          after: {
            entry_id: entry.id,
            amount: fromCentimos(entry.amountCents),
            reference: entry.reference,
            reason: entry.reason,
            balance: fromCentimos(balanceCents),
          },
        },
        tx,
      );

  app.route({
    ...route(endpoints.adminDriverLedger),
    handler: async (request) => ok(await ledger.ledger(request.params.id)),
  });

  app.route({
    ...route(endpoints.recordLedgerTopUp),
    handler: async (request, reply) => {
      const actor = operatorActor(request);
      const entry = await ledger.topUp(request.params.id, actor.id, request.body, audited(actor, 'ledger.top_up'));
      await touchAccount(request.params.id);
      return reply.status(201).send(ok(entry, 'Recarga registrada.'));
    },
  });

  app.route({
    ...route(endpoints.recordLedgerAdjustment),
    handler: async (request, reply) => {
      const actor = operatorActor(request);
      const entry = await ledger.adjust(request.params.id, actor.id, request.body, audited(actor, 'ledger.adjust'));
      await touchAccount(request.params.id);
      return reply.status(201).send(ok(entry, 'Ajuste registrado.'));
    },
  });
};
