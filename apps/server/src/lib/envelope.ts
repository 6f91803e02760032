import type { Envelope } from '@jala/contracts';

/** The success envelope every route returns (spec §7 'Response envelope'). */
export function ok<T>(data: T, message = 'OK'): Envelope<T> {
  return { success: true, data, message };
}
