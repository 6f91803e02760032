import { canTransition, isTripStatus, type TripActor } from '@jala/domain';

// ---------------------------------------------------------------------------------------------------
// LOCAL STAND-IN until @jala/domain exports `canCancel(status, actor)` (issue 9, server half): the
// statuses each side may cancel from, read off the domain's transition table. Delete on merge.
const CANCELLATION_BY = { passenger: 'cancelled_by_passenger', driver: 'cancelled_by_driver', system: 'cancelled_by_system' } as const;

export function canCancel(status: unknown, actor: TripActor): boolean {
  return isTripStatus(status) && canTransition(status, CANCELLATION_BY[actor], actor);
}
// ---------------------------------------------------------------------------------------------------
