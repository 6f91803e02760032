import { type ErrorCode, INVALID_RESET_LINK_MESSAGE, PASSWORD_RESET_TOKEN_PATTERN } from '@jala/contracts';

import { isApiError } from '@/lib/api/api-client';

/** The server's words for a link that no longer works (used, expired, replaced, unknown). */
const DEAD_LINK_CODES: readonly string[] = [
  'RESET_LINK_INVALID',
  'RESET_LINK_EXPIRED',
  'RESET_LINK_USED',
  'RESET_LINK_REPLACED',
] satisfies ErrorCode[];

/** Whether the address holds a token the server could have sent (anything else is refused before asking). */
export const isTokenShaped = (token: string | null): token is string =>
  token !== null && PASSWORD_RESET_TOKEN_PATTERN.test(token);

/**
 * Why a failed call means the link is dead, in the server's Spanish (used, expired, replaced, unknown or cut
 * short), or null when the failure is something else (the network: try again).
 */
export function deadLinkMessage(error: unknown): string | null {
  if (!isApiError(error)) return null;
  if (DEAD_LINK_CODES.includes(error.code)) return error.message;
  if (error.fields?.token) return INVALID_RESET_LINK_MESSAGE;
  return null;
}

export { INVALID_RESET_LINK_MESSAGE };
