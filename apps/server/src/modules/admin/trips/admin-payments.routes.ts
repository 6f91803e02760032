import * as endpoints from '@jala/contracts/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { ok } from '../../../lib/envelope';
import { signedInRoutes } from '../../../plugins/signed-in-routes';
import type { PaymentsService } from '../../trips';
import type { AuditLog } from '../audit-log';
import { operatorActor } from '../operator-actor';
import { requireAdmin } from '../require-admin';

/** Payment cases: a driver's 'No recibí el pago', resolved by an operator (audited). */
export const adminPaymentsRoutes: FastifyPluginAsyncZod<{ payments: PaymentsService; audit: AuditLog }> = async (
  app,
  { payments, audit },
) => {
  const { route } = signedInRoutes(app, requireAdmin);

  app.route({
    ...route(endpoints.paymentCases),
    handler: async (request) => ok(await payments.listCases(request.query.state)),
  });

  app.route({
    ...route(endpoints.resolvePaymentCase),
    handler: async (request) => {
      const actor = operatorActor(request);
      const { outcome, note } = request.body;
      await payments.resolveCase(request.params.id, outcome, note, actor.id, (tx, before, after) =>
        audit.record(
          actor,
          {
            action: 'payment_case.resolve',
            targetType: 'payment_case',
            targetId: after.id,
            before: { status: before.status, trip_id: before.tripId },
            after: { status: after.status, outcome: after.outcome, resolution_note: after.resolutionNote },
          },
          tx,
        ),
      );
      return ok(null, 'Caso resuelto.');
    },
  });
};
