import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { zDriverPaymentSettings, zEnvelope, zUpdatePaymentSettingsRequest } from '@jala/contracts';
import { ok } from '../../lib/envelope';
import { signedInRoutes } from '../../plugins/signed-in-routes';
import { currentDriverId, requireDriver } from './driver-access';
import type { PaymentSettingsService } from './payment-settings.service';

/** The driver's accepted payment methods and Yape/Plin number (issue 26). */
export const paymentSettingsRoutes: FastifyPluginAsyncZod<{ settings: PaymentSettingsService }> = async (app, { settings }) => {
  const { guard, secured } = signedInRoutes(app, 'driver', requireDriver);

  app.get('/driver/payment-methods', {
    ...guard,
    schema: { ...secured, summary: 'The payment methods the driver accepts and their Yape/Plin number', response: { 200: zEnvelope(zDriverPaymentSettings) } },
  }, async (request) => ok(await settings.get(currentDriverId(request))));

  app.put('/driver/payment-methods', {
    ...guard,
    schema: {
      ...secured, summary: 'Choose the accepted payment methods (Yape/Plin need wallet_phone)',
      body: zUpdatePaymentSettingsRequest, response: { 200: zEnvelope(zDriverPaymentSettings) },
    },
  }, async (request) => ok(await settings.save(currentDriverId(request), request.body), 'Métodos de pago guardados.'));
};
