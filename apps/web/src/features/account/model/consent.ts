import { CONSENT_REQUIRED_MESSAGE } from '@jala/contracts';

/** The checkbox of sign-up and of the consent screen. */
export const CONSENT_LABEL = 'He leído y acepto los Términos y condiciones y la Política de privacidad.';

/** Its message when left unticked: the server's own (zAcceptTerms). */
export const CONSENT_REQUIRED = CONSENT_REQUIRED_MESSAGE;
