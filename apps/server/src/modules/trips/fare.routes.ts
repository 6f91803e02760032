import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { zAnswerFareAdjustmentRequest, zEnvelope, zFareAdjustment, zIdParam, zProposeFareAdjustmentRequest, zReceiptPdfQuery, zTripReceipt } from '@jala/contracts';
import { ok } from '../../lib/envelope';
import { currentUser } from '../../plugins/authenticate';
import { receiptPdf } from './receipt-pdf';
import type { FareService } from './fare.service';
import { driverId, passengerId } from './trip-actor';

const secured = { security: [{ bearer: [] }] };

/** A binary answer: Fastify sends a Buffer as is (no serializer runs); OpenAPI shows it as binary. */
const zPdfBytes = z.custom<Buffer>((value) => Buffer.isBuffer(value)).meta({ type: 'string', format: 'binary' });

/** Fare adjustments (driver asks, passenger answers) and the receipt of a completed trip (both sides). */
export const fareRoutes: FastifyPluginAsyncZod<{ fares: FareService }> = async (app, { fares }) => {
  app.addHook('preHandler', app.requireUser);

  app.post('/driver/trips/:id/fare-adjustments', {
    schema: { tags: ['driver'], summary: 'Ask the passenger to change the agreed price', ...secured, params: zIdParam, body: zProposeFareAdjustmentRequest, response: { 201: zEnvelope(zFareAdjustment) } },
  }, async (request, reply) => {
    const adjustment = await fares.propose(driverId(request), request.params.id, request.body);
    return reply.status(201).send(ok(adjustment, 'Ajuste enviado al pasajero'));
  });

  app.put('/trips/:id/fare-adjustment', {
    schema: { tags: ['trips'], summary: "Accept or refuse the driver's fare adjustment", ...secured, params: zIdParam, body: zAnswerFareAdjustmentRequest, response: { 200: zEnvelope(zFareAdjustment) } },
  }, async (request) => {
    const adjustment = await fares.answer(passengerId(request), request.params.id, request.body.accept);
    return ok(adjustment, request.body.accept ? 'Ajuste aceptado' : 'Ajuste rechazado: se mantiene el precio acordado');
  });

  app.get('/trips/:id/receipt', {
    schema: { tags: ['trips'], summary: 'Receipt of a completed trip (its passenger or driver)', ...secured, params: zIdParam, response: { 200: zEnvelope(zTripReceipt) } },
  }, async (request) => ok(await fares.receipt(currentUser(request).id, request.params.id)));

  app.get('/trips/:id/receipt.pdf', {
    schema: {
      tags: ['trips'], summary: 'Receipt of a completed trip as a PDF (its passenger or driver); tax_id: a DNI or RUC to print', ...secured,
      params: zIdParam, querystring: zReceiptPdfQuery,
      response: { 200: { description: 'The receipt', content: { 'application/pdf': { schema: zPdfBytes } } } },
    },
  }, async (request, reply) => {
    const receipt = await fares.receipt(currentUser(request).id, request.params.id);
    const pdf = await receiptPdf(receipt, request.query.tax_id ?? null);
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="recibo-${receipt.trip_code}.pdf"`)
      .header('cache-control', 'private, no-store')
      .send(pdf);
  });
};
