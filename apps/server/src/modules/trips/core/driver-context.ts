/**
 * What matching and offers need to know of a driver: profile, stored position and usable active vehicle
 * (read by DriverContextRepository), and whether that lets them take requests right now.
 */
import { formatSoles, fromCentimos, type PaymentMethod } from '@jala/domain';

import { AppError, type ErrorCode } from '../../../lib/app-error';

export interface DriverContext {
  driverId: number;
  name: string;
  isVerified: boolean;
  /** The licence or SOAT is past its expiry day: no requests until a valid one is uploaded. */
  documentsExpired: boolean;
  isOnline: boolean;
  radiusKm: number;
  latitude: number | null;
  longitude: number | null;
  /** When the position was stored (null when never). */
  locationUpdatedAt: Date | null;
  /** The payment methods the driver takes. */
  paymentMethods: PaymentMethod[];
  vehicle: {
    id: number;
    vehicleType: 'mototaxi' | 'auto';
    brand: string;
    model: string;
    licensePlate: string;
    color: string;
  } | null;
  /** Céntimos the driver must top up to reach DRIVER_MIN_BALANCE ('Saldo con Jala'); 0 when none (or no floor). */
  balanceShortCents: number;
}

/** Why a driver cannot take requests right now, as the error they get; null when they can. */
export function matchingBlocker(driver: DriverContext): ErrorCode | null {
  if (!driver.isVerified) return 'DRIVER_NOT_VERIFIED';
  if (driver.documentsExpired) return 'DRIVER_DOCUMENTS_EXPIRED';
  if (!driver.isOnline) return 'DRIVER_OFFLINE';
  if (!driver.vehicle) return 'NO_ACTIVE_VEHICLE';
  if (driver.balanceShortCents > 0) return 'BALANCE_TOO_LOW';
  return null;
}

/** A balance below the floor, told with the amount missing in soles. */
export function balanceTooLowMessage(shortCents: number): string {
  return `Recarga tu saldo para recibir solicitudes: te faltan ${formatSoles(fromCentimos(shortCents))}.`;
}

/** The error a blocker answers with: the catalogue's, with the amount missing when it is the balance. */
export function blockerError(code: ErrorCode, balanceShortCents: number): AppError {
  return code === 'BALANCE_TOO_LOW' ? new AppError(code, balanceTooLowMessage(balanceShortCents)) : new AppError(code);
}
