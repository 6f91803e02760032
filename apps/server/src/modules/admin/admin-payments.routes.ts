import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { zEnvelope, zIdParam, zPaymentCase, zPaymentCasesQuery, zResolvePaymentCaseRequest } from '@jala/contracts';
import { ok } from '../../lib/envelope';
import { signedInRoutes } from '../../plugins/signed-in-routes';
import type { PaymentsService } from '../trips/payments.service';
import type { AuditLog } from './audit-log';
import { operatorActor } from './operator-actor';
import { requireAdmin } from './require-admin';

/** Payment cases (issue 26): a driver's 'No recibí el pago', resolved by an operator (audited). */
export const adminPaymentsRoutes: FastifyPluginAsyncZod<{ payments: PaymentsService; audit: AuditLog }> = async (app, { payments, audit }) => {
  const { guard, secured } = signedInRoutes(app, 'admin', requireAdmin);

  app.get('/admin/payment-cases', {
    ...guard,
    schema: { ...secured, summary: 'Yape/Plin payment cases: open ones oldest first (default), or resolved ones', querystring: zPaymentCasesQuery, response: { 200: zEnvelope(z.array(zPaymentCase)) } },
  }, async (request) => ok(await payments.listCases(request.query.state)));

  app.post('/admin/payment-cases/:id/resolve', {
    ...guard,
    schema: { ...secured, summary: 'Resolve a payment case: paid or not, with a note', params: zIdParam, body: zResolvePaymentCaseRequest, response: { 200: zEnvelope(z.null()) } },
  }, async (request) => {
    const actor = operatorActor(request);
    const { outcome, note } = request.body;
    await payments.resolveCase(request.params.id, outcome, note, actor.id, (tx, before, after) => audit.record(actor, {
      action: 'payment_case.resolve', targetType: 'payment_case', targetId: after.id,
      before: { status: before.status, trip_id: before.tripId }, after: { status: after.status, outcome: after.outcome, resolution_note: after.resolutionNote },
    }, tx));
    return ok(null, 'Caso resuelto.');
  });
};
