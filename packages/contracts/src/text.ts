/**
 * Free text and ids as every request schema accepts them. PostgreSQL refuses U+0000 in text ("invalid byte
 * sequence"), and other control characters have no business in names, addresses or plates (they hide text
 * in logs and screens), so every free-text field refuses them with a 400 instead of reaching the database.
 */
import { z } from 'zod';

export const CONTROL_CHARACTERS_MESSAGE = 'El texto contiene caracteres no permitidos.';

/** C0 controls (U+0000–U+001F) and DEL (U+007F). */
const ANY_CONTROL = /[\u0000-\u001F\u007F]/;
/** The same, but tab, line feed and carriage return are allowed (notes and chat may span lines). */
const CONTROL_EXCEPT_LINE_BREAKS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** Whether `value` is free of the control characters a field of that kind refuses. */
export function isCleanText(value: string, options: { multiline?: boolean } = {}): boolean {
  return !(options.multiline ? CONTROL_EXCEPT_LINE_BREAKS : ANY_CONTROL).test(value);
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
 * A free-text string field: trimmed (by default), then any control character is a 400 with a Spanish
 * message. Chain `.min()`/`.max()`/`.regex()` as with `z.string()`.
 */
export function zText(options: TextOptions = {}) {
  const base = z.string(options.error ? { error: options.error } : undefined);
  const trimmed = options.trim === false ? base : base.trim();
  return trimmed.refine((value) => isCleanText(value, options), { message: CONTROL_CHARACTERS_MESSAGE, abort: true });
}

/** The largest id a PostgreSQL `integer`/`serial` column holds. */
export const ID_MAX = 2_147_483_647;
export const INVALID_ID_MESSAGE = 'Identificador no válido.';

/** An object id in a JSON body: a positive integer no larger than the column allows. */
export function zId(message: string = INVALID_ID_MESSAGE) {
  return z.number({ error: message }).int(message).positive(message).max(ID_MAX, message);
}
