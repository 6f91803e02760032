import * as endpoints from '@jala/contracts/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { ok } from '../../../lib/envelope';
import { currentUser } from '../../../plugins/authenticate';
import { signedInRoutes } from '../../../plugins/signed-in-routes';
import type { ConsentService } from './consent.service';

export const consentRoutes: FastifyPluginAsyncZod<{ consent: ConsentService }> = async (app, { consent }) => {
  const { route } = signedInRoutes(app);

  app.route({
    ...route(endpoints.acceptConsent),
    handler: async (request) => ok(await consent.accept(currentUser(request)), 'Gracias por aceptar'),
  });
};
