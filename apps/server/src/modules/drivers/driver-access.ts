import { isDriverType } from '@jala/domain';
import type { FastifyRequest } from 'fastify';

import { AppError } from '../../lib/app-error';
import { currentUser } from '../../plugins/authenticate';

export const NOT_A_DRIVER_MESSAGE = 'Esta sección es solo para conductores. Regístrate como conductor para usarla.';

/** preHandler after `requireUser`: only driver or both users reach the driver workspace (403 otherwise). */
export async function requireDriver(request: FastifyRequest): Promise<void> {
  if (!isDriverType(currentUser(request).userType)) throw new AppError('FORBIDDEN', NOT_A_DRIVER_MESSAGE);
}

/** The id of the driver making the request (a user id: driver rows are keyed by user). */
export function currentDriverId(request: FastifyRequest): number {
  return currentUser(request).id;
}
