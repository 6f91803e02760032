import { DISPLAY_DECIMALS, LOCALE, TIME_ZONE } from '@jala/domain';

const SHORT_DATE_TIME = new Intl.DateTimeFormat(LOCALE, { dateStyle: 'short', timeStyle: 'short', timeZone: TIME_ZONE });

/** '14/03/25, 18:05' in Lima time (es-PE short); '' for an unreadable date. */
export function formatTripDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : SHORT_DATE_TIME.format(date);
}

/** Distance and rating to 1 decimal (spec §9). */
export function formatOneDecimal(value: number): string {
  return value.toFixed(DISPLAY_DECIMALS);
}

/** Coordinates as the list shows them: 6 decimals, the precision they are stored with. */
export function formatCoordinates(latitude: number, longitude: number): string {
  return `${latitude.toFixed(6)}, ${longitude.toFixed(6)}`;
}
