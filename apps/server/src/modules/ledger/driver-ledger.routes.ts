import * as endpoints from '@jala/contracts/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { ok } from '../../lib/envelope';
import { signedInRoutes } from '../../plugins/signed-in-routes';
import { currentDriverId, requireDriver } from '../drivers/driver-access';
import type { LedgerService } from './ledger.service';

/** GET /driver/ledger: the signed-in driver's own 'Saldo con Jala' (never anyone else's: no id in the path). */
export const driverLedgerRoutes: FastifyPluginAsyncZod<{ ledger: LedgerService }> = async (app, { ledger }) => {
  const { route } = signedInRoutes(app, requireDriver);
  app.route({
    ...route(endpoints.driverLedger),
    handler: async (request) => ok(await ledger.ledger(currentDriverId(request))),
  });
};
