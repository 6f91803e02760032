import { DISPLAY_DECIMALS } from '@jala/domain';

/** Display helpers of the driver's trip screens (distances and ratings to 1 decimal, spec §9). */

/** Rounds half up on the decimal as printed (0.35 → 0.4; toFixed alone gives 0.3 from the binary value). */
export function toOneDecimal(value: number): string {
  const shifted = Number(`${value}e${DISPLAY_DECIMALS}`);
  const rounded = Number.isFinite(shifted) ? Math.round(shifted) / 10 ** DISPLAY_DECIMALS : value;
  return rounded.toFixed(DISPLAY_DECIMALS);
}

export const formatKm = (km: number): string => `${toOneDecimal(km)} km`;

export const formatMinutes = (minutes: number): string => `${Math.round(minutes)} min`;

/** '★ 4.8', or 'Nuevo' for a passenger nobody has rated yet. */
export const formatRating = (rating: number | null): string =>
  rating === null ? 'Nuevo' : `★ ${toOneDecimal(rating)}`;

/** 'Hace 2 min'-style age of a request, from its ISO creation time. */
export function formatAge(createdAt: string, now: number = Date.now()): string {
  const minutes = Math.max(0, Math.floor((now - Date.parse(createdAt)) / 60_000));
  if (!Number.isFinite(minutes)) return '';
  return minutes < 1 ? 'Hace un momento' : `Hace ${minutes} min`;
}

/** Time of a chat message in Lima, e.g. '14:05': on 24 hours like every date and time of the app (formatLimaDateTime). */
export function formatChatTime(timestamp: string): string {
  const date = new Date(timestamp);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleTimeString('es-PE', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: 'America/Lima',
  });
}
