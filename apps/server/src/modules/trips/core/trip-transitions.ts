import { checkTransition, type TripActor, type TripStatus } from '@jala/domain';

import { AppError } from '../../../lib/app-error';

/**
 * Every trip status write starts here: the domain state machine decides whether `actor` may move a trip
 * from `from` to `to`; a refusal is a 409 TRANSITION_NOT_ALLOWED with the machine's Spanish reason. The
 * repository then writes the change as a conditional update from `from` (TripsRepository.transition).
 */
export function requireTransition(from: TripStatus, to: TripStatus, actor: TripActor): void {
  const check = checkTransition(from, to, actor);
  if (!check.ok) throw new AppError('TRANSITION_NOT_ALLOWED', check.message);
}
