/**
 * The legal documents every account accepts: 'Términos y condiciones' and 'Política de privacidad', published
 * together under one version (the date they took effect, YYYY-MM-DD). Raising the version makes every account
 * that accepted an older one accept again at its next sign-in (Ley 29733: consent is to a known text).
 */
export const LEGAL_VERSION = '2026-11-28';

/** The documents a consent names; both are accepted together, one row each (the consents table). */
export const LEGAL_DOCUMENTS = ['terms', 'privacy'] as const;
export type LegalDocument = (typeof LEGAL_DOCUMENTS)[number];

/** What the app calls each document. */
export const LEGAL_DOCUMENT_NAMES: Readonly<Record<LegalDocument, string>> = {
  terms: 'Términos y condiciones',
  privacy: 'Política de privacidad',
};

/** The public pages of the documents (web routes, linked from sign-up and the consent screen). */
export const LEGAL_PATHS: Readonly<Record<LegalDocument, string>> = {
  terms: '/terminos',
  privacy: '/privacidad',
};

/**
 * Whether an account must accept the documents again: it never accepted them (accounts from before consent
 * was recorded), or accepted a version older than `current`. Versions are ISO dates, so they compare as text.
 */
export function needsConsent(acceptedVersion: string | null | undefined, current: string = LEGAL_VERSION): boolean {
  return !acceptedVersion || acceptedVersion < current;
}
