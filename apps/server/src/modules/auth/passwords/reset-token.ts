/**
 * The token of a reset link: 32 random bytes (256 bits) in base64url, shown only in the mail. The database keeps
 * its SHA-256, so neither a copy of the table nor its backups open anyone's account; a token's hash is enough to
 * find its row (an index on the hash, no comparison of secrets in application code).
 */
import { createHash, randomBytes } from 'node:crypto';

export function hashResetToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

export function newResetToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashResetToken(token) };
}
