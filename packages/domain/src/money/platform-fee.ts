/**
 * The platform fee Jala charges a driver per completed trip ('Saldo con Jala'): a percentage of the final
 * fare by service type (PLATFORM_FEE_PERCENT), kept as basis points (hundredths of a percent: 10 % = 1000)
 * so every step is integer arithmetic on céntimos, never a float.
 *
 * Rounding rule: the fee is rounded to the céntimo half up (fares are never negative, so half up is half
 * away from zero, as everywhere else in Jala): 10 % of S/ 12.35 is 123.5 céntimos → S/ 1.24.
 */
import { SERVICE_TYPES, type ServiceTypeId } from '../trip/fare';

/** Basis points per service type id; a type without a fee has 0. */
export type PlatformFeeRates = Readonly<Record<ServiceTypeId, number>>;

export const NO_PLATFORM_FEE: PlatformFeeRates = Object.freeze({ 1: 0, 2: 0 });

const PERCENT = /^\d{1,3}(\.\d{1,2})?$/;

/** '10' → 1000, '7.5' → 750, '0.25' → 25; null when not a percentage between 0 and 100 with ≤ 2 decimals. */
export function percentToBasisPoints(raw: string): number | null {
  const text = raw.trim();
  if (!PERCENT.test(text)) return null;
  const [whole, fraction = ''] = text.split('.');
  const basisPoints = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return basisPoints <= 10_000 ? basisPoints : null;
}

/** '10' or '7.5' for basis points (1000 → '10', 750 → '7.5'). */
export function basisPointsToPercent(basisPoints: number): string {
  const whole = Math.trunc(basisPoints / 100);
  const fraction = String(basisPoints % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : String(whole);
}

/**
 * PLATFORM_FEE_PERCENT: one percentage for every service type ('10'), or one per type by name
 * ('mototaxi:8,auto:10', names as SERVICE_TYPES spells them, any case; a type left out pays none).
 */
export function parsePlatformFeeRates(raw: string | undefined): { value: PlatformFeeRates } | { error: string } {
  if (raw === undefined || raw.trim() === '') return { value: NO_PLATFORM_FEE };
  const names = SERVICE_TYPES.map((type) => type.name.toLowerCase());
  if (!raw.includes(':')) {
    const all = percentToBasisPoints(raw);
    if (all === null) return { error: 'must be a percentage from 0 to 100 (e.g. 10 or 7.5), or type:percent pairs' };
    return { value: Object.freeze({ 1: all, 2: all }) };
  }
  const rates: Record<number, number> = { 1: 0, 2: 0 };
  const seen = new Set<number>();
  for (const part of raw.split(',')) {
    const [name = '', percent = '', ...rest] = part.split(':').map((piece) => piece.trim());
    const type = SERVICE_TYPES.find((candidate) => candidate.name.toLowerCase() === name.toLowerCase());
    if (!type) return { error: `"${name}" is not a service type (use ${names.join(', ')})` };
    const basisPoints = rest.length === 0 ? percentToBasisPoints(percent) : null;
    if (basisPoints === null)
      return { error: `"${part.trim()}": the percentage must be from 0 to 100 (e.g. 10 or 7.5)` };
    if (seen.has(type.id)) return { error: `${name} is given twice` };
    seen.add(type.id);
    rates[type.id] = basisPoints;
  }
  return { value: Object.freeze({ 1: rates[1]!, 2: rates[2]! }) };
}

/** The fee rate of a service type (0 for an unknown one). */
export function platformFeeRate(rates: PlatformFeeRates, serviceTypeId: number): number {
  return rates[serviceTypeId as ServiceTypeId] ?? 0;
}

/** The fee in céntimos on a fare in céntimos, at `basisPoints`, rounded half up to the céntimo. */
export function platformFeeCents(fareCents: number, basisPoints: number): number {
  if (!Number.isSafeInteger(fareCents) || fareCents < 0) throw new RangeError(`Tarifa inválida: ${fareCents}`);
  if (!Number.isInteger(basisPoints) || basisPoints < 0 || basisPoints > 10_000)
    throw new RangeError(`Comisión inválida: ${basisPoints}`);
  // fareCents ≤ 2^53 / 10^4 in any real trip: the product stays an exact integer.
  return Math.floor((fareCents * basisPoints + 5_000) / 10_000);
}

/**
 * How many céntimos a driver must top up to reach the floor (DRIVER_MIN_BALANCE), 0 when they are at or
 * above it or there is no floor.
 */
export function balanceShortfallCents(balanceCents: number, floorCents: number | null): number {
  if (floorCents === null) return 0;
  return balanceCents < floorCents ? floorCents - balanceCents : 0;
}
