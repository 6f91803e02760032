import { AppError } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/db-errors';
import type { UsersRepository } from './users.repository';

/** 409 EMAIL_TAKEN, its message also on the `email` field so the form shows it beside the field. */
function emailTaken(): AppError {
  return new AppError('EMAIL_TAKEN', undefined, { email: 'Ya existe una cuenta con ese correo.' });
}

/**
 * Runs a write that gives account `userId` (null: an account being created) the e-mail `email` (undefined:
 * the write keeps the current one). Another account's e-mail is a 409 EMAIL_TAKEN: looked up first for the
 * usual case; two requests racing for one e-mail pass that check together, and then the unique index decides.
 */
export async function withUniqueEmail<T>(
  users: Pick<UsersRepository, 'findByEmail'>,
  claim: { email: string | undefined; userId: number | null },
  write: () => Promise<T>,
): Promise<T> {
  if (claim.email) {
    const owner = await users.findByEmail(claim.email);
    if (owner && owner.id !== claim.userId) throw emailTaken();
  }
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}
