import * as endpoints from '@jala/contracts/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { ok } from '../../../lib/envelope';
import { signedInRoutes } from '../../../plugins/signed-in-routes';
import { currentDriverId, requireDriver } from '../driver-access';
import type { PaymentSettingsService } from './payment-settings.service';

/** The driver's accepted payment methods and Yape/Plin number. */
export const paymentSettingsRoutes: FastifyPluginAsyncZod<{ settings: PaymentSettingsService }> = async (
  app,
  { settings },
) => {
  const { route } = signedInRoutes(app, requireDriver);

  app.route({
    ...route(endpoints.driverPaymentMethods),
    handler: async (request) => ok(await settings.get(currentDriverId(request))),
  });

  app.route({
    ...route(endpoints.saveDriverPaymentMethods),
    handler: async (request) =>
      ok(await settings.save(currentDriverId(request), request.body), 'Métodos de pago guardados.'),
  });
};
