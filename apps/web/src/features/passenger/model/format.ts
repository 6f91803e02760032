import { DISPLAY_DECIMALS, formatLimaDateTime } from '@jala/domain';

/** '14 mar 2025, 18:05' in Lima time, the app's one date format (the domain's); '—' for an unreadable date. */
export function formatTripDate(iso: string): string {
  return formatLimaDateTime(iso);
}

/** Distance and rating to 1 decimal (spec §9). */
export function formatOneDecimal(value: number): string {
  return value.toFixed(DISPLAY_DECIMALS);
}

/** Coordinates as the list shows them: 6 decimals, the precision they are stored with. */
export function formatCoordinates(latitude: number, longitude: number): string {
  return `${latitude.toFixed(6)}, ${longitude.toFixed(6)}`;
}
