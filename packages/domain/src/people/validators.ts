/** Email shape of spec §5: text, '@', text, a dot, text, with no whitespace. */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isValidEmail(value: string): boolean {
  return EMAIL_SHAPE.test(value);
}

/** Strips everything but digits, e.g. '987 654 321' → '987654321'. */
export function normalizePhone(value: string): string {
  return value.replace(/\D/g, '');
}

/** What people put between the digits of a number: spaces, dashes, dots and brackets. */
const PHONE_SEPARATORS = /[\s\-.()]/g;
/** A Peruvian mobile once separators are gone: Peru's code (+51, 0051 or 51) optional, then 9 and 8 digits. */
const PERUVIAN_MOBILE = /^(?:\+?(?:00)?51)?(9\d{8})$/;
/** A stray '+' before the 9 digits ('+ 999-888-777'), which the spec's rule (digits only) always accepted. */
const PLUS_NATIONAL = /^\+(9\d{8})$/;

/**
 * The one stored form of a Peruvian mobile (+51 9XX XXX XXX): its 9 national digits, '987654321'. Accepts
 * what people type — '987 654 321', '987-654-321', '(987) 654 321', '+51 987654321', '51987654321',
 * '0051 987 654 321' — and returns null for anything else (letters, a landline, another country, 8 or 10
 * digits). Peru is the only country the product serves, so the country code is implied and added back only
 * where a number leaves Peru's own notation: an SMS provider (`toE164PeruvianMobile`), tel: and wa.me links.
 */
export function normalizePeruvianMobile(value: string): string | null {
  const compact = value.trim().replace(PHONE_SEPARATORS, '');
  const match = PERUVIAN_MOBILE.exec(compact) ?? PLUS_NATIONAL.exec(compact);
  return match?.[1] ?? null;
}

/** Peruvian mobile (spec §5: 9 digits starting with 9), written in any of the forms `normalizePeruvianMobile` reads. */
export function isValidPeruvianPhone(value: string): boolean {
  return normalizePeruvianMobile(value) !== null;
}

/** '+51987654321': the international (E.164) form SMS providers take, from any accepted form. */
export function toE164PeruvianMobile(phone: string): string | null {
  const national = normalizePeruvianMobile(phone);
  return national === null ? null : `+51${national}`;
}

/** '+51 9•• ••• •21': enough for a log line to tell numbers apart, never enough to text one. */
export function maskPhone(phone: string): string {
  const national = normalizePeruvianMobile(phone);
  if (national === null) return '•••';
  return `+51 ${national.slice(0, 1)}•• ••• •${national.slice(7)}`;
}

/** '987 654 321' for a Peruvian mobile, the way Peruvians write it; anything else (a landline) as given. */
export function formatPeruvianPhone(phone: string): string {
  const digits = normalizePeruvianMobile(phone);
  return digits !== null ? `${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6)}` : phone;
}

/** A tel: link that dials from any phone: a Peruvian mobile gets Peru's +51; an international number keeps its +. */
export function peruvianPhoneHref(phone: string): string {
  const mobile = normalizePeruvianMobile(phone);
  if (mobile !== null) return `tel:+51${mobile}`;
  const digits = normalizePhone(phone);
  return phone.trim().startsWith('+') ? `tel:+${digits}` : `tel:${digits}`;
}
