/**
 * "¿Cuánto se paga normalmente?": the usual price of a route is the middle half (25th–75th
 * percentile) of the agreed fares of similar completed trips. What counts as similar, how many trips make
 * a range worth showing, and when a proposal is "far below" are rules shared by the server (which computes
 * the range in SQL) and the web app (which warns while the passenger types).
 */
import { formatSoles } from '../money/money';

/** Pickup and destination each within this many metres of the request's. */
export const FARE_HINT_RADIUS_M = 1000;
/** Only trips completed in the last this many days. */
export const FARE_HINT_WINDOW_DAYS = 30;
/** Route distance within ±20 % of the request's, and never narrower than ±0.5 km (short hops vary most). */
export const FARE_HINT_DISTANCE_RATIO = 0.2;
export const FARE_HINT_DISTANCE_MIN_SPAN_KM = 0.5;
/**
 * Fewer similar trips than this and a quartile says little (with 4 trips the middle half is 2 fares): the
 * hint falls back to the formula's estimate and says so.
 */
export const FARE_HINT_MIN_TRIPS = 5;
/**
 * A proposal below 75 % of the lower quartile is "far below": three quarters of agreed fares were at least
 * the quartile, so such a price is a quarter under what even the cheap half of drivers took.
 */
export const FAR_BELOW_USUAL_FACTOR = 0.75;
/** Without history, below 60 % of the formula's estimate (haggling 20–30 % off is ordinary in Lima). */
export const FAR_BELOW_ESTIMATE_FACTOR = 0.6;

/** The hint in soles: `low`/`high` are the quartiles, null when fewer than FARE_HINT_MIN_TRIPS similar trips. */
export interface FareHintValues {
  similar_trips: number;
  low: number | null;
  high: number | null;
  estimate: number;
}

/** The accepted route distances (km) around `distanceKm`. */
export function similarDistanceRange(distanceKm: number): { minKm: number; maxKm: number } {
  const span = Math.max(distanceKm * FARE_HINT_DISTANCE_RATIO, FARE_HINT_DISTANCE_MIN_SPAN_KM);
  return { minKm: Math.max(0, distanceKm - span), maxKm: distanceKm + span };
}

/** The price a proposal is compared with: the lower quartile's share, or the estimate's without history. */
export function farBelowThreshold(hint: FareHintValues): number {
  return hint.low !== null ? hint.low * FAR_BELOW_USUAL_FACTOR : hint.estimate * FAR_BELOW_ESTIMATE_FACTOR;
}

/** Whether `price` (soles) is far below what this route usually costs: a warning, never a block. */
export function isFarBelowUsual(price: number, hint: FareHintValues): boolean {
  return price > 0 && price < farBelowThreshold(hint);
}

/** Whole soles for a range people read at a glance: the low end rounded down, the high end up. */
function wholeSoles(amount: number, round: (n: number) => number): string {
  return formatSoles(round(amount)).replace(/[.,]00$/, '');
}

/** 'S/ 11 – S/ 14' (the quartiles), or null without enough similar trips. */
export function usualRangeText(hint: FareHintValues): string | null {
  if (hint.low === null || hint.high === null) return null;
  const low = wholeSoles(hint.low, Math.floor);
  const high = wholeSoles(hint.high, Math.ceil);
  return low === high ? low : `${low} – ${high}`;
}

/** The hint's sentence in two parts, so a screen can keep the amounts on one line. */
export function fareHintParts(hint: FareHintValues): { lead: string; amount: string } {
  const range = usualRangeText(hint);
  return range
    ? { lead: 'Precio habitual para este recorrido:', amount: range }
    : { lead: 'Sin suficientes viajes parecidos: estimado', amount: formatSoles(hint.estimate) };
}

/** The sentence shown to passenger and driver alike. */
export function fareHintText(hint: FareHintValues): string {
  const { lead, amount } = fareHintParts(hint);
  return `${lead} ${amount}`;
}

export const FAR_BELOW_USUAL_MESSAGE = 'Muy por debajo de lo habitual: es probable que nadie acepte';
