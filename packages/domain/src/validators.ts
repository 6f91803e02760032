/** Email shape of spec §5: text, '@', text, a dot, text, with no whitespace. */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isValidEmail(value: string): boolean {
  return EMAIL_SHAPE.test(value);
}

/** Strips everything but digits, e.g. '987 654 321' → '987654321'. */
export function normalizePhone(value: string): string {
  return value.replace(/\D/g, '');
}

/** Peruvian mobile (spec §5): after removing non-digits, 9 digits starting with 9. */
export function isValidPeruvianPhone(value: string): boolean {
  return /^9\d{8}$/.test(normalizePhone(value));
}

/** '987 654 321' for a Peruvian mobile, the way Peruvians write it; anything else (a landline) as given. */
export function formatPeruvianPhone(phone: string): string {
  const digits = normalizePhone(phone);
  return isValidPeruvianPhone(digits) ? `${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6)}` : phone;
}

/** A tel: link that dials from any phone: a Peruvian mobile gets Peru's +51; an international number keeps its +. */
export function peruvianPhoneHref(phone: string): string {
  const digits = normalizePhone(phone);
  if (isValidPeruvianPhone(digits)) return `tel:+51${digits}`;
  return phone.trim().startsWith('+') ? `tel:+${digits}` : `tel:${digits}`;
}
