/**
 * Tiny exact decimal arithmetic on BigInt, internal to the domain package.
 *
 * Binary floats cannot hold most decimal fractions (0.1, 1.005, 2.675 …), so money and fare rounding
 * work on the decimal a number *means*: its shortest round-trip representation (`String(n)`), which
 * is what a person typed or read. `1.005` is therefore 1.005 exactly, and rounds to 1.01.
 */

/** The value `coefficient × 10^-scale`, with `scale ≥ 0`. */
export interface Decimal {
  readonly coefficient: bigint;
  readonly scale: number;
}

/** Decimal literal: optional sign, digits with an optional point, optional exponent. No grouping. */
const DECIMAL_LITERAL = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;

/** Exponents beyond this are outside the range of a double; refusing them bounds BigInt work. */
const MAX_EXPONENT = 400;

/** Parses a decimal literal such as '12.345', '-0.5', '.5', '5.' or '1e-7' exactly. */
export function parseDecimal(text: string): Decimal | null {
  const match = DECIMAL_LITERAL.exec(text.trim());
  if (!match) return null;
  const sign = match[1] ?? '';
  const integerDigits = match[2] ?? '';
  const fractionDigits = match[3] ?? '';
  if (integerDigits === '' && fractionDigits === '') return null;
  const exponent = match[4] === undefined ? 0 : Number(match[4]);
  if (Math.abs(exponent) > MAX_EXPONENT) return null;

  let coefficient = BigInt(integerDigits + fractionDigits);
  if (sign === '-') coefficient = -coefficient;
  const scale = fractionDigits.length - exponent;
  if (scale < 0) return { coefficient: coefficient * 10n ** BigInt(-scale), scale: 0 };
  return { coefficient, scale };
}

/** The decimal a finite number stands for (its shortest round-trip form); null for NaN/±Infinity. */
export function decimalFromNumber(value: number): Decimal | null {
  if (!Number.isFinite(value)) return null;
  return parseDecimal(String(value));
}

/** Like {@link decimalFromNumber} for values known to be finite (constants). */
export function decimalOf(value: number): Decimal {
  const decimal = decimalFromNumber(value);
  if (decimal === null) throw new RangeError(`Número no finito: ${String(value)}`);
  return decimal;
}

function rescale(value: Decimal, scale: number): bigint {
  return value.coefficient * 10n ** BigInt(scale - value.scale);
}

export function addDecimals(a: Decimal, b: Decimal): Decimal {
  const scale = Math.max(a.scale, b.scale);
  return { coefficient: rescale(a, scale) + rescale(b, scale), scale };
}

export function multiplyDecimals(a: Decimal, b: Decimal): Decimal {
  return { coefficient: a.coefficient * b.coefficient, scale: a.scale + b.scale };
}

export function maxDecimal(a: Decimal, b: Decimal): Decimal {
  const scale = Math.max(a.scale, b.scale);
  return rescale(a, scale) >= rescale(b, scale) ? a : b;
}

/**
 * Rounds to `digits` fraction digits, half away from zero, and returns the scaled integer
 * (e.g. 12.345 at 2 digits → 1235n, −12.345 → −1235n).
 */
export function roundDecimal(value: Decimal, digits: number): bigint {
  if (value.scale <= digits) return rescale(value, digits);
  const divisor = 10n ** BigInt(value.scale - digits);
  const quotient = value.coefficient / divisor; // truncates toward zero
  const remainder = value.coefficient % divisor; // carries the sign of the dividend
  const twiceRemainder = 2n * (remainder < 0n ? -remainder : remainder);
  if (twiceRemainder < divisor) return quotient;
  return value.coefficient < 0n ? quotient - 1n : quotient + 1n;
}

/** The number nearest to `scaled × 10^-digits` (correctly rounded, even beyond 2^53). */
export function scaledToNumber(scaled: bigint, digits: number): number {
  const value = Number(`${scaled}e-${digits}`);
  return value === 0 ? 0 : value;
}
