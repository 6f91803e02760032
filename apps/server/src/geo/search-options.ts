/** Search knobs shared by every provider, so they all honour the same limits. */

/** Spec §9: with a location, place search favours a 50,000 m radius around it. */
export const NEAR_RADIUS_KM = 50;
export const DEFAULT_SEARCH_LIMIT = 10;
/** Caps the work (and, for paid providers, the payload) of one keystroke's search. */
export const MAX_SEARCH_LIMIT = 20;

export function clampLimit(limit: number | undefined): number {
  if (limit === undefined || !Number.isFinite(limit)) return DEFAULT_SEARCH_LIMIT;
  return Math.min(MAX_SEARCH_LIMIT, Math.max(1, Math.floor(limit)));
}
