import { AppError } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/db-errors';

/** 409 EMAIL_TAKEN, its message also on the `email` field so the form shows it beside the field. */
export function emailTaken(): AppError {
  return new AppError('EMAIL_TAKEN', undefined, { email: 'Ya existe una cuenta con ese correo.' });
}

/**
 * Runs a write that gives an account an e-mail. Callers look the e-mail up first for the usual case; two
 * requests racing for one e-mail pass that check together, and then the unique index decides.
 */
export async function withUniqueEmail<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}
