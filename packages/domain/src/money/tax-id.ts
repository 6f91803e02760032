/**
 * The passenger's DNI or RUC, optionally printed on a trip receipt for their own records.
 * A DNI is 8 digits; a RUC is 11 digits whose first two name the taxpayer kind (10 person, 15/16/17
 * special cases, 20 company) and whose last digit is SUNAT's modulo-11 check digit.
 */

export type TaxIdKind = 'DNI' | 'RUC';

const RUC_WEIGHTS = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2] as const;
const RUC_PREFIXES = new Set(['10', '15', '16', '17', '20']);

/** Whether an 11-digit text is a RUC: known prefix and a matching check digit. */
export function isValidRuc(value: string): boolean {
  if (!/^\d{11}$/.test(value) || !RUC_PREFIXES.has(value.slice(0, 2))) return false;
  const sum = RUC_WEIGHTS.reduce((total, weight, i) => total + weight * Number(value[i]), 0);
  const check = (11 - (sum % 11)) % 10;
  return check === Number(value[10]);
}

export const TAX_ID_MESSAGE = 'Ingresa un DNI de 8 dígitos o un RUC válido de 11 dígitos.';

/** The kind of a DNI or RUC (spaces ignored), or null when it is neither. */
export function taxIdKind(raw: string): TaxIdKind | null {
  const value = raw.replace(/\s/g, '');
  if (/^\d{8}$/.test(value)) return 'DNI';
  return isValidRuc(value) ? 'RUC' : null;
}
