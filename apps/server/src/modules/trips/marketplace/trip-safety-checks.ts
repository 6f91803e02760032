/**
 * The safety checks on a driver's stages: "Llegué al punto de recojo" only near the pickup, and
 * "Iniciar viaje" only with the passenger's start code. Stage *order* is the domain state machine's job
 * (arrived before in_progress, in_progress before completed); these add what the machine cannot know.
 */
import { randomInt } from 'node:crypto';

import { arrivalTooFarMessage, haversineKm, START_CODE_LENGTH, START_CODE_MAX_ATTEMPTS } from '@jala/domain';

import { AppError } from '../../../lib/app-error';
import type { AttemptCounters } from '../../../lib/attempt-counters';
import { RateLimitedError, spanishWait } from '../../../lib/rate-limited-error';
import type { TripRow } from '../core/trip-dto';
import type { TripsRepository } from '../core/trips.repository';

/** A fresh 4-digit code from the CSPRNG (leading zeros kept: '0427'). */
export function newStartCode(): string {
  return String(randomInt(0, 10 ** START_CODE_LENGTH)).padStart(START_CODE_LENGTH, '0');
}

export function isStartCodeLocked(trip: TripRow): boolean {
  return trip.startCodeAttempts >= START_CODE_MAX_ATTEMPTS;
}

/**
 * Refuses the arrival unless the driver's last reported position is within `radiusMeters` of the pickup.
 * The position is the stored one (driver_profiles), which the stage request itself may just have updated.
 */
export function requireNearPickup(
  trip: TripRow,
  position: { latitude: string | null; longitude: string | null },
  radiusMeters: number,
): void {
  if (position.latitude == null || position.longitude == null) throw new AppError('ARRIVAL_POSITION_UNKNOWN');
  const meters =
    1000 *
    haversineKm(
      { latitude: Number(position.latitude), longitude: Number(position.longitude) },
      { latitude: Number(trip.pickupLatitude), longitude: Number(trip.pickupLongitude) },
    );
  if (meters > radiusMeters) throw new AppError('ARRIVAL_TOO_FAR', arrivalTooFarMessage(meters, radiusMeters));
}

/**
 * Wrong start codes per driver across all their trips, per window (docs/SECURITY.md 'Throttles'): the trip's
 * own count bounds the guesses on one trip; this bounds a driver who takes trip after trip to guess. The
 * counters are in memory, or in Redis shared by every node.
 */
export class StartCodeThrottle {
  constructor(private readonly options: { counters: AttemptCounters; maxFailures: number; windowSeconds: number }) {}

  /**
   * Every attempt first takes one unit of the driver's budget (an atomic increment: of a burst of
   * simultaneous guesses only the budget's worth get an answer), or is a 429 when none is left, whether
   * the code is right or not. A right code then gives its unit back, so only wrong codes use the budget.
   */
  async attempt(driverId: number, right: boolean): Promise<void> {
    const key = `start-code-fail:${driverId}`;
    const state = await this.options.counters.hit(key, this.options.windowSeconds);
    if (state.count > this.options.maxFailures) {
      await this.options.counters.release(key);
      throw new RateLimitedError(
        state.resetInSeconds,
        `Demasiados códigos incorrectos. Inténtalo de nuevo ${spanishWait(state.resetInSeconds)}.`,
      );
    }
    if (right) await this.options.counters.release(key);
  }
}

/**
 * Checks the code typed by the driver: within the driver's budget (StartCodeThrottle), then the trip's own.
 * A wrong one is counted on the trip row itself (atomically, so the limit holds across requests and cluster
 * nodes): START_CODE_MAX_ATTEMPTS guesses per trip, ever, out of 10 000 codes.
 */
export async function requireStartCode(
  trips: TripsRepository,
  throttle: StartCodeThrottle,
  driverId: number,
  trip: TripRow,
  sent: string | undefined,
): Promise<void> {
  if (isStartCodeLocked(trip)) throw new AppError('START_CODE_LOCKED');
  if (sent === undefined) throw new AppError('START_CODE_REQUIRED');
  // A trip accepted before start codes existed has none: it starts as it always did.
  if (trip.startCode == null) return;
  const right = sent === trip.startCode;
  await throttle.attempt(driverId, right);
  if (right) return;
  const attempts = await trips.recordWrongStartCode(trip.id);
  const left = START_CODE_MAX_ATTEMPTS - attempts;
  if (left <= 0) throw new AppError('START_CODE_LOCKED');
  throw new AppError(
    'START_CODE_WRONG',
    `El código no es correcto. Te ${left === 1 ? 'queda 1 intento' : `quedan ${left} intentos`}.`,
  );
}
