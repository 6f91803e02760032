/**
 * 'Saldo con Jala' (docs/ARCHITECTURE.md 'Driver ledger'): the driver's own ledger read here; the fee debit
 * lives in the trips module's completion, the operators' top-ups and adjustments in the admin module.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import type { ModuleDeps } from '../module-deps';
import { driverLedgerRoutes } from './driver-ledger.routes';
import { LedgerRepository } from './ledger.repository';
import { LedgerService } from './ledger.service';

export { LedgerService, type LedgerAudit } from './ledger.service';

export function createLedgerService(deps: Pick<ModuleDeps, 'db' | 'config' | 'now'>): LedgerService {
  return new LedgerService(deps.db, new LedgerRepository(deps.db), deps.config.driverMinBalanceCents, deps.now);
}

export const ledgerModule: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  await app.register(driverLedgerRoutes, { ledger: createLedgerService(deps) });
};
