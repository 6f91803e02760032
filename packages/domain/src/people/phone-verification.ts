/**
 * "Verifica tu celular": the rules of a code sent by SMS, shared by the server (which enforces them) and the
 * web (which shows the countdowns and the tries left). No I/O: the caller brings the clock.
 */

/** Digits in a code. */
export const PHONE_CODE_LENGTH = 6;
/** How long a code can be used after it was sent. */
export const PHONE_CODE_TTL_SECONDS = 10 * 60;
/** Wrong entries a code survives: the fifth wrong one kills it, and a new code is needed. */
export const PHONE_CODE_MAX_TRIES = 5;
/** How long after one code the next may be asked for. */
export const PHONE_CODE_RESEND_SECONDS = 60;

/** A code as typed: exactly six digits (spaces a phone's keyboard or a paste adds are the caller's to trim). */
export function isPhoneCodeShape(value: string): boolean {
  return new RegExp(`^\\d{${PHONE_CODE_LENGTH}}$`).test(value);
}

/** Seconds until another code may be asked for (0: now), from when the last one was sent. */
export function resendWaitSeconds(lastSentAt: Date | null, now: Date): number {
  if (!lastSentAt) return 0;
  const elapsedMs = now.getTime() - lastSentAt.getTime();
  return Math.max(0, Math.ceil((PHONE_CODE_RESEND_SECONDS * 1000 - elapsedMs) / 1000));
}

/** Wrong entries left on a code that has had `tries` of them. */
export function phoneCodeTriesLeft(tries: number): number {
  return Math.max(0, PHONE_CODE_MAX_TRIES - tries);
}

/** What stands between a typed code and its check: nothing, its age, or its spent tries. */
export type PhoneCodeState = 'usable' | 'expired' | 'spent';

export function phoneCodeState(code: { expiresAt: Date; tries: number }, now: Date): PhoneCodeState {
  if (code.tries >= PHONE_CODE_MAX_TRIES) return 'spent';
  if (now.getTime() >= code.expiresAt.getTime()) return 'expired';
  return 'usable';
}

/** '1 intento' / '3 intentos'. */
export function triesLeftText(tries: number): string {
  return tries === 1 ? '1 intento' : `${tries} intentos`;
}

/** 'Espera 42 s para pedir otro código.' */
export function resendWaitMessage(seconds: number): string {
  return `Espera ${seconds} s para pedir otro código.`;
}

/** The SMS itself: short, Spanish, and saying how long the code lasts. */
export function phoneCodeSms(code: string): string {
  return `Jala: tu código es ${code}. Vence en ${PHONE_CODE_TTL_SECONDS / 60} minutos.`;
}
