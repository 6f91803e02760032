/**
 * Free text and ids as every request schema accepts them. PostgreSQL refuses U+0000 in text ("invalid byte
 * sequence"), and other control characters have no business in names, addresses or plates (they hide text
 * in logs and screens), so every free-text field refuses them with a 400 instead of reaching the database.
 */
import { z } from 'zod';

export const CONTROL_CHARACTERS_MESSAGE = 'El texto contiene caracteres no permitidos.';
export const BIDI_CONTROLS_MESSAGE = 'El texto contiene caracteres invisibles que cambian su dirección; bórralos.';

const TAB = 0x09;
const LINE_FEED = 0x0a;
const CARRIAGE_RETURN = 0x0d;
const DELETE = 0x7f;

/**
 * Whether `value` is free of C0 control characters (U+0000–U+001F) and DEL (U+007F); `multiline` fields
 * (notes, chat) may also hold tab, line feed and carriage return.
 */
export function isCleanText(value: string, options: { multiline?: boolean } = {}): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code >= 0x20 && code !== DELETE) continue;
    if (options.multiline && (code === TAB || code === LINE_FEED || code === CARRIAGE_RETURN)) continue;
    return false;
  }
  return true;
}

/**
 * The bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069) make a screen show
 * text in another order than it is stored: a name or plate that reads as someone else's, an address that
 * reverses in the console or the receipt. Arabic and Hebrew need none of them (their direction comes from
 * the letters), so they are refused everywhere; the plain marks (U+200E, U+200F) stay allowed.
 */
export function hasBidiControls(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if ((code >= 0x202a && code <= 0x202e) || (code >= 0x2066 && code <= 0x2069)) return true;
  }
  return false;
}

export interface TextOptions {
  /** Message for a missing or non-string value. */
  error?: string;
  /** Allow tab, LF and CR inside the text (notes, chat). Default: single line. */
  multiline?: boolean;
  /** Trim surrounding whitespace first (default); passwords keep theirs. */
  trim?: boolean;
}

/**
 * A free-text string field: trimmed (by default), then any control character or bidirectional control is
 * a 400 with a Spanish message. Chain `.min()`/`.max()`/`.regex()` as with `z.string()`.
 */
export function zText(options: TextOptions = {}) {
  const base = z.string(options.error ? { error: options.error } : undefined);
  const trimmed = options.trim === false ? base : base.trim();
  return trimmed
    .refine((value) => isCleanText(value, options), { message: CONTROL_CHARACTERS_MESSAGE, abort: true })
    .refine((value) => !hasBidiControls(value), { message: BIDI_CONTROLS_MESSAGE, abort: true });
}

/** The largest id a PostgreSQL `integer`/`serial` column holds. */
export const ID_MAX = 2_147_483_647;
export const INVALID_ID_MESSAGE = 'Identificador no válido.';

/** An object id in a JSON body: a positive integer no larger than the column allows. */
export function zId(message: string = INVALID_ID_MESSAGE) {
  return z.number({ error: message }).int(message).positive(message).max(ID_MAX, message);
}
