import type { TextValue } from './geo-provider';

/** Peru writes decimals with a point ('5.2 km'); es-PE number formatting does the same. */
export function formatDistance(metres: number): TextValue {
  const value = Math.max(0, Math.round(metres));
  if (value < 1000) return { text: `${value} m`, value };
  const km = value / 1000;
  return { text: `${km < 100 ? km.toFixed(1) : Math.round(km).toString()} km`, value };
}

/** '14 min', '1 h 5 min', '2 h'; never '0 min' for a real trip, since that reads as broken. */
export function formatDuration(seconds: number): TextValue {
  const value = Math.max(0, Math.round(seconds));
  const minutes = value === 0 ? 0 : Math.max(1, Math.round(value / 60));
  if (minutes < 60) return { text: `${minutes} min`, value };
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return { text: rest === 0 ? `${hours} h` : `${hours} h ${rest} min`, value };
}
