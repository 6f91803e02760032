import * as endpoints from '@jala/contracts/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { ok } from '../../../lib/envelope';
import { signedInRoutes } from '../../../plugins/signed-in-routes';
import { driverId, passengerId } from '../core/trip-actor';
import type { PaymentsService } from './payments.service';

/**
 * Yape/Plin after the ride: 'Ya pagué' (passenger), 'Pago recibido' / 'No recibí el pago' (driver), and the
 * driver's list of claims still waiting for that answer.
 */
export const paymentRoutes: FastifyPluginAsyncZod<{ payments: PaymentsService }> = async (app, { payments }) => {
  const { route } = signedInRoutes(app);

  // A read (no budget row): every driver screen's banner asks it on load and when notifications/{driver} says a payment moved.
  app.route({
    ...route(endpoints.pendingPayments),
    handler: async function listPendingPayments(request) {
      return ok(await payments.pendingForDriver(driverId(request)));
    },
  });

  app.route({
    ...route(endpoints.reportPaid),
    handler: async function reportPaid(request) {
      return ok(
        await payments.reportPaid(passengerId(request), request.params.id),
        'Le avisamos al conductor que ya pagaste.',
      );
    },
  });

  app.route({
    ...route(endpoints.confirmPaymentReceived),
    handler: async function confirmReceived(request) {
      return ok(await payments.confirmReceived(driverId(request), request.params.id), 'Pago confirmado.');
    },
  });

  app.route({
    ...route(endpoints.reportPaymentNotReceived),
    handler: async function reportNotReceived(request) {
      return ok(
        await payments.reportNotReceived(driverId(request), request.params.id),
        'Abrimos un caso: un operador de Jala lo revisará.',
      );
    },
  });
};
