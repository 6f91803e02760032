/** Ratings: one score of 1 to 5 per side per completed trip, averaged per user. */
import { roundTo2 } from '../money/money';

/**
 * A user's rating average as the API shows it: two decimals, or null when nobody rated them yet. Takes
 * what SQL `avg()` returns (a numeric string) or a number.
 */
export function ratingAverage(average: string | number | null | undefined): number | null {
  if (average == null) return null;
  const value = Number(average);
  return Number.isFinite(value) ? roundTo2(value) : null;
}
