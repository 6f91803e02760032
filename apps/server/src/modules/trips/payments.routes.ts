import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { zEnvelope, zIdParam, zPaymentState, zPendingPayment, type PaymentState } from '@jala/contracts';
import { isDriverType, isPassengerType } from '@jala/domain';
import { AppError } from '../../lib/app-error';
import { ok } from '../../lib/envelope';
import { currentUser } from '../../plugins/authenticate';
import type { PaymentsService } from './payments.service';
import { driverId } from './trip-actor';

const secured = { security: [{ bearer: [] }] };

/** One answer after the ride: who may give it, and what the service does with it. */
interface Answer {
  url: string;
  tag: 'trips' | 'driver';
  summary: string;
  done: string;
  passenger: boolean;
  answer: (payments: PaymentsService, userId: number, tripId: number) => Promise<PaymentState>;
}

const ANSWERS: readonly Answer[] = [
  { url: '/trips/:id/payment/paid', tag: 'trips', passenger: true, summary: "'Ya pagué': the passenger paid the driver's Yape/Plin",
    done: 'Le avisamos al conductor que ya pagaste.', answer: (p, user, trip) => p.reportPaid(user, trip) },
  { url: '/driver/trips/:id/payment/received', tag: 'driver', passenger: false, summary: "'Pago recibido': the driver confirms the Yape/Plin payment",
    done: 'Pago confirmado.', answer: (p, user, trip) => p.confirmReceived(user, trip) },
  { url: '/driver/trips/:id/payment/not-received', tag: 'driver', passenger: false, summary: "'No recibí el pago': opens a case for the operators",
    done: 'Abrimos un caso: un operador de Jala lo revisará.', answer: (p, user, trip) => p.reportNotReceived(user, trip) },
];

/**
 * Yape/Plin after the ride (issue 26): 'Ya pagué' (passenger), 'Pago recibido' / 'No recibí el pago' (driver),
 * and the driver's list of claims still waiting for that answer.
 */
export const paymentRoutes: FastifyPluginAsyncZod<{ payments: PaymentsService }> = async (app, { payments }) => {
  app.addHook('preHandler', app.requireUser);

  // A read (no budget row): every driver screen's banner asks it on load and when notifications/{driver} says a payment moved.
  app.get('/driver/pending-payments', {
    schema: {
      tags: ['driver'], summary: "'Ya pagué' claims waiting for my answer, oldest first", ...secured,
      response: { 200: zEnvelope(z.array(zPendingPayment)) },
    },
  }, async (request) => ok(await payments.pendingForDriver(driverId(request))));

  for (const route of ANSWERS) {
    app.post(route.url, {
      schema: { tags: [route.tag], summary: route.summary, ...secured, params: zIdParam, response: { 200: zEnvelope(zPaymentState) } },
    }, async (request) => {
      const user = currentUser(request);
      if (route.passenger && !isPassengerType(user.userType)) throw new AppError('PASSENGERS_ONLY');
      if (!route.passenger && !isDriverType(user.userType)) throw new AppError('DRIVERS_ONLY');
      return ok(await route.answer(payments, user.id, request.params.id), route.done);
    });
  }
};
