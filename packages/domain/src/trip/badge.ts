/** Navigation badge text (spec §2, §9). */
import { NAV_BADGE_MAX } from '../constants';

/**
 * Text of a nav badge. Fractions are truncated first (1.7 → '1', 99.5 → '99'); then null (no badge)
 * for 0, negatives and NaN, the count for 1–99, and '99+' above 99.
 */
export function formatBadge(count: number): string | null {
  const whole = Math.trunc(count);
  if (Number.isNaN(whole) || whole < 1) return null;
  if (whole > NAV_BADGE_MAX) return `${NAV_BADGE_MAX}+`;
  return String(whole);
}
