import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { BudgetGate } from '../../budgets/budget-gate';
import type { ModuleDeps } from '../module-deps';
import type { TripServicesDep } from '../trips';
import { PhoneCodeHasher } from './phone-code-hash';
import { PhoneVerificationRepository } from './phone-verification.repository';
import { phoneVerificationRoutes } from './phone-verification.routes';
import { PhoneVerificationService } from './phone-verification.service';
import { createSmsSender } from './sms';

/**
 * "Verifica tu celular" (ours, beyond the spec): a 6-digit code by SMS (sms/: the outbox folder or Twilio)
 * confirms the account's mobile; the other side of a trip sees "Celular verificado", and operators approve
 * only drivers whose number is confirmed (admin/drivers/driver-review.service.ts).
 */
export const phoneVerificationModule: FastifyPluginAsyncZod<ModuleDeps & TripServicesDep> = async (app, deps) => {
  const { db, config, now, log, attemptCounters, tripServices } = deps;
  if (!config.tokenSecret) throw new Error('phone verification needs the resolved token secret');
  const verification = new PhoneVerificationService({
    codes: new PhoneVerificationRepository(db),
    hasher: new PhoneCodeHasher(config.tokenSecret),
    sms: createSmsSender(config.sms, log),
    budgets: new BudgetGate(attemptCounters, config),
    now,
    touchUser: (userId) => tripServices.live.touchUser(userId),
  });
  await app.register(phoneVerificationRoutes, { verification });
};
