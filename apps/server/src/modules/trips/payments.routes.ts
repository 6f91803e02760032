import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { zEnvelope, zIdParam, zPaymentState } from '@jala/contracts';
import { isDriverType, isPassengerType } from '@jala/domain';
import { AppError } from '../../lib/app-error';
import { ok } from '../../lib/envelope';
import { currentUser } from '../../plugins/authenticate';
import type { PaymentsService } from './payments.service';

const secured = { security: [{ bearer: [] }] };

/** Yape/Plin after the ride (issue 26): 'Ya pagué' (passenger), 'Pago recibido' / 'No recibí el pago' (driver). */
export const paymentRoutes: FastifyPluginAsyncZod<{ payments: PaymentsService }> = async (app, { payments }) => {
  app.addHook('preHandler', app.requireUser);

  app.post('/trips/:id/payment/paid', {
    schema: { tags: ['trips'], summary: "'Ya pagué': the passenger paid the driver's Yape/Plin", ...secured, params: zIdParam, response: { 200: zEnvelope(zPaymentState) } },
  }, async (request) => {
    const user = currentUser(request);
    if (!isPassengerType(user.userType)) throw new AppError('PASSENGERS_ONLY');
    return ok(await payments.reportPaid(user.id, request.params.id), 'Le avisamos al conductor que ya pagaste.');
  });

  app.post('/driver/trips/:id/payment/received', {
    schema: { tags: ['driver'], summary: "'Pago recibido': the driver confirms the Yape/Plin payment", ...secured, params: zIdParam, response: { 200: zEnvelope(zPaymentState) } },
  }, async (request) => {
    const user = currentUser(request);
    if (!isDriverType(user.userType)) throw new AppError('DRIVERS_ONLY');
    return ok(await payments.confirmReceived(user.id, request.params.id), 'Pago confirmado.');
  });

  app.post('/driver/trips/:id/payment/not-received', {
    schema: { tags: ['driver'], summary: "'No recibí el pago': opens a case for the operators", ...secured, params: zIdParam, response: { 200: zEnvelope(zPaymentState) } },
  }, async (request) => {
    const user = currentUser(request);
    if (!isDriverType(user.userType)) throw new AppError('DRIVERS_ONLY');
    return ok(await payments.reportNotReceived(user.id, request.params.id), 'Abrimos un caso: un operador de Jala lo revisará.');
  });
};
