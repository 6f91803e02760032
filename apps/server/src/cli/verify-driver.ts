/**
 * Verifies a driver from the command line: `npm run verify-driver -- <correo>`.
 *
 * Runs the same DriverVerificationService as POST /api/admin/drivers/{id}/verify, with its audit row in
 * the same transaction, on the server's database: PostgreSQL (DATABASE_URL) directly; the embedded PGlite
 * by taking DATA_DIR (DATA_DIR/jala.pid) when no process holds it, or through the running server's inbox
 * when a server holds it (whatever its PORT: the folder tells) — never by opening a folder another live
 * process holds, since two processes writing one PGlite folder can corrupt it.
 *
 * Exit codes: 0 verified (or already was), 1 no such account or no driver profile, 2 bad usage or
 * configuration, 3 the folder is held by a process that did not answer.
 */
import { accountCommand, runWhenEntryPoint } from './run-cli';

export const USAGE = 'Uso: npm run verify-driver -- <correo>';

export const runVerifyDriver = accountCommand('verify-driver', USAGE);

runWhenEntryPoint(import.meta.url, runVerifyDriver);
