/**
 * A driver's licence and SOAT expire. A document is valid through its expiry day (Lima calendar); the day
 * after, the driver stops receiving requests until they upload a valid one. The driver is warned a week
 * before and on the day itself. Dates are 'YYYY-MM-DD' keys, compared as strings.
 */
import { formatLimaDate } from '../time/date-format';
import { limaDateKey } from '../time/lima-time';

/** How many days ahead the driver starts being warned. */
export const EXPIRY_WARNING_DAYS = 7;

export interface DriverDocumentDates {
  licenseExpiryDate: string;
  /** Null until the driver sends their SOAT for review. */
  soatExpiryDate: string | null;
}

function addDays(dateKey: string, days: number): string {
  const date = new Date(`${dateKey}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Whether the licence or SOAT is past its expiry day in Lima. */
export function driverDocumentsExpired(dates: DriverDocumentDates, now: Date): boolean {
  const today = limaDateKey(now);
  return dates.licenseExpiryDate < today || (dates.soatExpiryDate !== null && dates.soatExpiryDate < today);
}

/** The Spanish warning a driver reads about their documents' expiry, or null when nothing is near. */
export function documentExpiryNotice(dates: DriverDocumentDates, now: Date): string | null {
  const today = limaDateKey(now);
  const horizon = addDays(today, EXPIRY_WARNING_DAYS);
  const entries: { label: string; date: string }[] = [{ label: 'licencia', date: dates.licenseExpiryDate }];
  if (dates.soatExpiryDate) entries.push({ label: 'SOAT', date: dates.soatExpiryDate });
  const expired = entries.filter((e) => e.date < today);
  if (expired.length > 0) {
    const which = expired.map((e) => `tu ${e.label} venció el ${formatLimaDate(e.date)}`).join(' y ');
    return `${which.charAt(0).toUpperCase()}${which.slice(1)}. No recibirás solicitudes hasta que subas el documento vigente en "Documentos" de tu perfil.`;
  }
  const dueToday = entries.filter((e) => e.date === today);
  if (dueToday.length > 0) {
    const which = dueToday.map((e) => `tu ${e.label}`).join(' y ');
    return `Hoy vence ${which}. Desde mañana no recibirás solicitudes: sube el documento renovado en "Documentos" de tu perfil.`;
  }
  const soon = entries.filter((e) => e.date <= horizon);
  if (soon.length > 0) {
    const which = soon.map((e) => `tu ${e.label} vence el ${formatLimaDate(e.date)}`).join(' y ');
    const renew = soon.length > 1 ? 'Renuévalos y súbelos' : 'Renuévalo y súbelo';
    return `${which.charAt(0).toUpperCase()}${which.slice(1)}. ${renew} en "Documentos" de tu perfil para seguir recibiendo solicitudes.`;
  }
  return null;
}

/**
 * Whether a driver may send their documents for review again: always unless already verified; a verified
 * driver only to renew papers that are expired or about to expire (when documentExpiryNotice warns), since
 * a new submission puts them back in the queue and stops their requests until an operator looks.
 */
export function canResubmitDocuments(verificationStatus: string, expiryNotice: string | null): boolean {
  return verificationStatus !== 'verified' || expiryNotice !== null;
}
