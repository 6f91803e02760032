/** A legal text as the public pages show it: numbered sections of paragraphs and lists. */
export interface LegalSection {
  title: string;
  /** Paragraphs; an array inside is a bulleted list. */
  body: readonly (string | readonly string[])[];
}

export interface LegalText {
  title: string;
  /** One line under the title: what the document is for. */
  summary: string;
  sections: readonly LegalSection[];
}

/** Where a person writes about their data or the terms (the Ley 29733 requests, complaints). */
export const PRIVACY_CONTACT_EMAIL = 'privacidad@jala.pe';
