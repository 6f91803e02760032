/**
 * The account's own lifecycle: its open sessions ('Sesiones abiertas'), deleting it ('Eliminar mi cuenta') and
 * accepting the legal documents ('Términos y condiciones', 'Política de privacidad'). The data export's document
 * is in account-export.ts.
 */
import { z } from 'zod';

import { zText } from '../core/text';

// ------------------------------------------------------------------------------------------ sessions

/** One signed-in device of the account, as 'Sesiones abiertas' lists it. */
export const zAccountSession = z.object({
  id: z.string(),
  /** 'Chrome en Android', read from the browser's User-Agent at sign-in (domain deviceLabel). */
  device: z.string(),
  created_at: z.string(),
  /** The last request or realtime connection, recorded every few minutes at most. */
  last_seen_at: z.string(),
  /** The session this answer was read with: 'Este dispositivo'. */
  is_current: z.boolean(),
});
export type AccountSession = z.infer<typeof zAccountSession>;

export const zSessionIdParam = z.object({
  id: z.uuid({ error: 'Sesión no válida.' }),
});

/** 'Cerrar las demás sesiones': how many were ended. */
export const zEndedSessions = z.object({ ended: z.number().int() });
export type EndedSessions = z.infer<typeof zEndedSessions>;

// ------------------------------------------------------------------------------------------ deletion

/** DELETE /account: the password confirms it is the person, not someone holding an unlocked phone. */
export const zDeleteAccountRequest = z.object({
  password: zText({ error: 'Escribe tu contraseña para confirmar.', trim: false })
    .min(1, 'Escribe tu contraseña para confirmar.')
    .max(200, 'La contraseña es demasiado larga.'),
});
export type DeleteAccountRequest = z.infer<typeof zDeleteAccountRequest>;

// ------------------------------------------------------------------------------------------ consent

export const CONSENT_REQUIRED_MESSAGE = 'Debes aceptar los Términos y condiciones y la Política de privacidad.';

/** The sign-up checkbox and the consent screen's button: only `true` is an answer. */
export const zAcceptTerms = z.literal(true, { error: CONSENT_REQUIRED_MESSAGE });

/** POST /account/consent: the current version of both documents, accepted after a new version. */
export const zConsentRequest = z.object({ accept_terms: zAcceptTerms });
export type ConsentRequest = z.infer<typeof zConsentRequest>;
