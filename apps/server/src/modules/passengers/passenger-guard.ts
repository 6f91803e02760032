import { isPassengerType } from '@jala/domain';
import type { FastifyRequest } from 'fastify';

import { AppError } from '../../lib/app-error';
import { currentUser } from '../../plugins/authenticate';

export const PASSENGERS_ONLY_MESSAGE = 'Esta sección es solo para pasajeros.';

/** The session user's id, or a 403 when the account is not a passenger (passenger or both, spec §6). */
export function requirePassengerId(request: FastifyRequest): number {
  const user = currentUser(request);
  if (!isPassengerType(user.userType)) throw new AppError('FORBIDDEN', PASSENGERS_ONLY_MESSAGE);
  return user.id;
}
