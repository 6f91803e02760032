/**
 * The server's answers about a typed code, as the card reacts to them (by code, never by text): a wrong code
 * stays on the field with its tries left; a code that can no longer be used sends the card back to "Enviar
 * código" with the reason on top.
 */
export const CODE_DEAD = new Set(['PHONE_CODE_EXPIRED', 'PHONE_CODE_LOCKED', 'PHONE_CODE_NOT_REQUESTED']);
export const CODE_WRONG = 'PHONE_CODE_WRONG';
