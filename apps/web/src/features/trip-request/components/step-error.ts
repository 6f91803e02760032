import { useTripRequest } from '../model/trip-request-context';
import { isCashNoteError, PRICE_MESSAGES, STEP_MESSAGES } from '../model/trip-request-validation';

/** The sheet's one step-error message; the field it is about points at it with aria-describedby. */
export const STEP_ERROR_ID = 'trq-step-error';

type StepField = 'origin' | 'destination' | 'serviceType' | 'offerPrice' | 'cashNote';

function fieldOf(message: string | null): StepField | null {
  if (message === null) return null;
  if (message === STEP_MESSAGES.origin) return 'origin';
  if (message === STEP_MESSAGES.destination) return 'destination';
  if (message === STEP_MESSAGES.serviceType) return 'serviceType';
  if (isCashNoteError(message)) return 'cashNote';
  return (Object.values(PRICE_MESSAGES) as string[]).includes(message) ? 'offerPrice' : null;
}

/** aria-invalid + aria-describedby for `field` while the current step's error is about it. */
export function useStepErrorProps(field: StepField): { 'aria-invalid'?: true; 'aria-describedby'?: string } {
  const invalid = useTripRequest((s) => fieldOf(s.stepError) === field);
  return invalid ? { 'aria-invalid': true, 'aria-describedby': STEP_ERROR_ID } : {};
}
