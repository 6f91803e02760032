import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { zAnswerFareAdjustmentRequest, zEnvelope, zFareAdjustment, zIdParam, zProposeFareAdjustmentRequest, zTripReceipt } from '@jala/contracts';
import { isDriverType, isPassengerType } from '@jala/domain';
import { AppError } from '../../lib/app-error';
import { ok } from '../../lib/envelope';
import { currentUser } from '../../plugins/authenticate';
import type { FareService } from './fare.service';

const secured = { security: [{ bearer: [] }] };

/** Fare adjustments (driver asks, passenger answers) and the receipt of a completed trip (both sides). */
export const fareRoutes: FastifyPluginAsyncZod<{ fares: FareService }> = async (app, { fares }) => {
  app.addHook('preHandler', app.requireUser);

  app.post('/driver/trips/:id/fare-adjustments', {
    schema: { tags: ['driver'], summary: 'Ask the passenger to change the agreed price', ...secured, params: zIdParam, body: zProposeFareAdjustmentRequest, response: { 201: zEnvelope(zFareAdjustment) } },
  }, async (request, reply) => {
    const user = currentUser(request);
    if (!isDriverType(user.userType)) throw new AppError('DRIVERS_ONLY');
    const adjustment = await fares.propose(user.id, request.params.id, request.body);
    return reply.status(201).send(ok(adjustment, 'Ajuste enviado al pasajero'));
  });

  app.put('/trips/:id/fare-adjustment', {
    schema: { tags: ['trips'], summary: "Accept or refuse the driver's fare adjustment", ...secured, params: zIdParam, body: zAnswerFareAdjustmentRequest, response: { 200: zEnvelope(zFareAdjustment) } },
  }, async (request) => {
    const user = currentUser(request);
    if (!isPassengerType(user.userType)) throw new AppError('PASSENGERS_ONLY');
    const adjustment = await fares.answer(user.id, request.params.id, request.body.accept);
    return ok(adjustment, request.body.accept ? 'Ajuste aceptado' : 'Ajuste rechazado: se mantiene el precio acordado');
  });

  app.get('/trips/:id/receipt', {
    schema: { tags: ['trips'], summary: 'Receipt of a completed trip (its passenger or driver)', ...secured, params: zIdParam, response: { 200: zEnvelope(zTripReceipt) } },
  }, async (request) => ok(await fares.receipt(currentUser(request).id, request.params.id)));
};
