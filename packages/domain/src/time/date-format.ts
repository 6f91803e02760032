/**
 * The one way a date or a time is written for people, on every screen and in what the server writes (expiry
 * notices): '27 nov 2026' and '27 nov 2026, 18:05', in Lima time whatever the phone's zone. Day and month
 * read as in a booking's 'sáb 29 nov, 05:00', the year in full so '27/11/26' and '2027-06-30' never meet,
 * and the time on 24 hours like the booking times the wizard offers.
 */
import { TIME_ZONE } from '../constants';
import { isDateKey } from './lima-time';

/** What a missing or unreadable date shows. */
export const NO_DATE = '—';

/**
 * Peru's own short month names ('set', not Spain's 'sept'), written here rather than asked of Intl: phones,
 * browsers and Node carry different locale data, and a receipt must read the same on all of them.
 */
const MONTHS = ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'set', 'oct', 'nov', 'dic'] as const;

const LIMA_NUMBERS = new Intl.DateTimeFormat('en-US', {
  timeZone: TIME_ZONE,
  calendar: 'gregory',
  numberingSystem: 'latn',
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/**
 * The instant a value names: a Date, an ISO instant, or a calendar day 'YYYY-MM-DD' (an expiry date), which
 * is taken at its noon so no zone moves it to the day before. Null when unreadable.
 */
function toInstant(value: Date | string): Date | null {
  const date = value instanceof Date ? value : new Date(isDateKey(value) ? `${value}T12:00:00Z` : value);
  return Number.isNaN(date.getTime()) ? null : date;
}

function limaParts(at: Date): { day: number; month: number; year: number; time: string } {
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const part of LIMA_NUMBERS.formatToParts(at)) parts[part.type] = part.value;
  return {
    day: Number(parts.day),
    month: Number(parts.month),
    year: Number(parts.year),
    time: `${parts.hour}:${parts.minute}`,
  };
}

/** '27 nov 2026': a day in Lima, from an instant or a 'YYYY-MM-DD' key; '—' when missing or unreadable. */
export function formatLimaDate(value: Date | string | null | undefined): string {
  const at = value == null ? null : toInstant(value);
  if (!at) return NO_DATE;
  const { day, month, year } = limaParts(at);
  return `${day} ${MONTHS[month - 1]} ${year}`;
}

/** '27 nov 2026, 18:05': an instant in Lima time; '—' when missing or unreadable. */
export function formatLimaDateTime(value: Date | string | null | undefined): string {
  const at = value == null ? null : toInstant(value);
  if (!at) return NO_DATE;
  const { day, month, year, time } = limaParts(at);
  return `${day} ${MONTHS[month - 1]} ${year}, ${time}`;
}
