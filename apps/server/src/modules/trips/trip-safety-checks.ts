/**
 * The safety checks on a driver's stages (issue 12): "Llegué al punto de recojo" only near the pickup, and
 * "Iniciar viaje" only with the passenger's start code. Stage *order* is the domain state machine's job
 * (arrived before in_progress, in_progress before completed); these add what the machine cannot know.
 */
import { randomInt } from 'node:crypto';
import { arrivalTooFarMessage, haversineKm, START_CODE_LENGTH, START_CODE_MAX_ATTEMPTS } from '@jala/domain';
import { AppError } from '../../lib/app-error';
import type { TripRow } from './trip-dto';
import type { TripsRepository } from './trips.repository';

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
export function requireNearPickup(trip: TripRow, position: { latitude: string | null; longitude: string | null }, radiusMeters: number): void {
  if (position.latitude == null || position.longitude == null) throw new AppError('ARRIVAL_POSITION_UNKNOWN');
  const meters = 1000 * haversineKm(
    { latitude: Number(position.latitude), longitude: Number(position.longitude) },
    { latitude: Number(trip.pickupLatitude), longitude: Number(trip.pickupLongitude) },
  );
  if (meters > radiusMeters) throw new AppError('ARRIVAL_TOO_FAR', arrivalTooFarMessage(meters, radiusMeters));
}

/**
 * Checks the code typed by the driver. A wrong one is counted on the trip row itself (atomically, so the
 * limit holds across requests and cluster nodes): that count is the rate limit — START_CODE_MAX_ATTEMPTS
 * guesses per trip, ever, out of 10 000 codes.
 */
export async function requireStartCode(trips: TripsRepository, trip: TripRow, sent: string | undefined): Promise<void> {
  if (isStartCodeLocked(trip)) throw new AppError('START_CODE_LOCKED');
  if (sent === undefined) throw new AppError('START_CODE_REQUIRED');
  // A trip accepted before start codes existed has none: it starts as it always did.
  if (trip.startCode == null || sent === trip.startCode) return;
  const attempts = await trips.recordWrongStartCode(trip.id);
  const left = START_CODE_MAX_ATTEMPTS - attempts;
  if (left <= 0) throw new AppError('START_CODE_LOCKED');
  throw new AppError('START_CODE_WRONG', `El código no es correcto. Te ${left === 1 ? 'queda 1 intento' : `quedan ${left} intentos`}.`);
}
