import { limaDateKey } from '@jala/domain';

import { AppError } from '../../../lib/app-error';

/** Latest licence expiry accepted, in years from today (Peruvian licences last at most 12 years; this catches typos). */
export const LICENSE_EXPIRY_MAX_YEARS = 20;

export const LICENSE_EXPIRED_MESSAGE =
  'La licencia está vencida. Ingresa la fecha de vencimiento de una licencia vigente.';

/** Whether a licence expiring on `expiryDateKey` ('YYYY-MM-DD') is still valid on Lima's today. */
export function isLicenseValidOn(expiryDateKey: string, now: Date): boolean {
  return expiryDateKey >= limaDateKey(now);
}

/** Refuses (400, no change) an expiry date already past or absurdly far ahead. */
export function assertLicenseExpiry(expiryDateKey: string, now: Date): void {
  if (!isLicenseValidOn(expiryDateKey, now)) {
    throw new AppError('VALIDATION', LICENSE_EXPIRED_MESSAGE, { license_expiry_date: LICENSE_EXPIRED_MESSAGE });
  }
  const maxYear = Number(limaDateKey(now).slice(0, 4)) + LICENSE_EXPIRY_MAX_YEARS;
  if (Number(expiryDateKey.slice(0, 4)) > maxYear) {
    const message = `La fecha de vencimiento no puede ser posterior al año ${maxYear}.`;
    throw new AppError('VALIDATION', message, { license_expiry_date: message });
  }
}
