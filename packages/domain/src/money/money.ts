/**
 * Money in Peruvian soles (PEN). Amounts travel as decimal numbers or decimal strings (the server stores
 * exact decimals or integer céntimos, GUIDE §3) and are shown as 'S/ 1,234.50' (es-PE, spec §9), the prefix
 * joined to the number by a no-break space so a narrow line never leaves 'S/' alone at its end.
 *
 * Rounding rule, everywhere: to the céntimo, half away from zero, on the exact decimal value —
 * '12.345' → 1235 céntimos, 1.005 → 1.01, 0.1 + 0.2 → 30 céntimos, -2.675 → -268 céntimos.
 * A number is taken as the decimal it prints as (its shortest round-trip form), never its binary
 * approximation, so results match what a person would compute by hand.
 */
import type { Decimal } from './decimal';
import { decimalFromNumber, parseDecimal, roundDecimal, scaledToNumber } from './decimal';

/** Prefix before every amount shown to users (spec §9). */
export const SOLES_PREFIX = 'S/';

/**
 * Between the prefix and the number: a no-break space (U+00A0), as Intl's own es-PE currency format puts
 * there. A line may wrap before or after an amount, never inside it ('S/' on one line, '38.00' on the next).
 */
export const SOLES_SEPARATOR = '\u00a0';

/** 'S/' and a number already written as the reader sees it ('50', '1,234.50'), kept on one line. */
export function solesText(number: string | number): string {
  return `${SOLES_PREFIX}${SOLES_SEPARATOR}${number}`;
}

const SOLES_NUMBER_FORMAT = new Intl.NumberFormat('es-PE', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

function toDecimal(amount: unknown): Decimal | null {
  if (typeof amount === 'number') return decimalFromNumber(amount);
  if (typeof amount === 'string') return parseDecimal(amount);
  return null;
}

/**
 * Céntimos of an amount, or null when it is not a finite number or a plain decimal string
 * ('12.5', '-0.50', '.5', '1e3'; no grouping separators, no currency symbol), or when the result
 * would not be a safe integer. Rounds half away from zero to the céntimo.
 */
export function parseCentimos(amount: unknown): number | null {
  const decimal = toDecimal(amount);
  if (decimal === null) return null;
  const centimos = Number(roundDecimal(decimal, 2));
  if (!Number.isSafeInteger(centimos)) return null;
  return centimos === 0 ? 0 : centimos;
}

/**
 * Céntimos (integer) of an amount in soles, rounded half away from zero to the céntimo.
 * @throws RangeError when the amount is not a finite number or a plain decimal string.
 */
export function toCentimos(amount: number | string): number {
  const centimos = parseCentimos(amount);
  if (centimos === null) throw new RangeError(`Monto inválido: ${String(amount)}`);
  return centimos;
}

/**
 * Soles for an integer amount of céntimos (150 → 1.5). A fractional input is first rounded
 * half away from zero to a whole céntimo.
 * @throws RangeError when the input is not finite.
 */
export function fromCentimos(centimos: number): number {
  if (!Number.isFinite(centimos)) throw new RangeError(`Céntimos inválidos: ${String(centimos)}`);
  const whole = Number.isInteger(centimos) ? centimos : Math.sign(centimos) * Math.round(Math.abs(centimos));
  const soles = whole / 100;
  return soles === 0 ? 0 : soles;
}

/**
 * Rounds to 2 decimals exactly, half away from zero (1.005 → 1.01, -1.005 → -1.01, 2.675 → 2.68).
 * NaN and ±Infinity are returned unchanged.
 */
export function roundTo2(value: number): number {
  const decimal = decimalFromNumber(value);
  if (decimal === null) return value;
  return scaledToNumber(roundDecimal(decimal, 2), 2);
}

/**
 * Amount for display: 'S/', a no-break space and the es-PE number with 2 decimals (12.5 → 'S/ 12.50',
 * 1234.5 → 'S/ 1,234.50', '7' → 'S/ 7.00'). Negative amounts read '-S/ 5.50' as Intl's es-PE
 * currency style does. Anything that is not a finite amount shows 'S/ 0.00'.
 */
export function formatSoles(amount: number | string): string {
  const centimos = parseCentimos(amount) ?? 0;
  const sign = centimos < 0 ? '-' : '';
  return `${sign}${solesText(SOLES_NUMBER_FORMAT.format(Math.abs(centimos) / 100))}`;
}
