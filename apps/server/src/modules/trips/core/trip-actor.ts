import { isDriverType, isPassengerType } from '@jala/domain';
import type { FastifyRequest } from 'fastify';

import { AppError } from '../../../lib/app-error';
import { currentUser } from '../../../plugins/authenticate';

/*
 * The session user's id for an action taken as the trip's passenger or as a driver ('both' accounts may take
 * either). Any other account gets a 403 with the catalogue code clients branch on (PASSENGERS_ONLY /
 * DRIVERS_ONLY); the passenger and driver workspaces answer FORBIDDEN instead (passenger-guard, driver-access).
 */

export function passengerId(request: FastifyRequest): number {
  const user = currentUser(request);
  if (!isPassengerType(user.userType)) throw new AppError('PASSENGERS_ONLY');
  return user.id;
}

export function driverId(request: FastifyRequest): number {
  const user = currentUser(request);
  if (!isDriverType(user.userType)) throw new AppError('DRIVERS_ONLY');
  return user.id;
}
