import { AppError } from './app-error';

/** A 429 that tells the client when to come back (sent as the Retry-After header). */
export class RateLimitedError extends AppError {
  constructor(
    readonly retryAfterSeconds: number,
    message?: string,
  ) {
    super('RATE_LIMITED', message);
  }
}

/** 'en 1 minuto' / 'en 4 minutos' / 'en unos segundos', for messages that say when to retry. */
export function spanishWait(seconds: number): string {
  if (seconds < 60) return 'en unos segundos';
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? 'en 1 minuto' : `en ${minutes} minutos`;
}
