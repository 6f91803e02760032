/**
 * Makes an existing account an operator: `npm run create-operator -- <correo>`.
 *
 * - With DATABASE_URL (PostgreSQL) it writes to the database directly, alongside running servers.
 * - With the embedded PGlite and no process holding DATA_DIR, it takes the folder (DATA_DIR/jala.pid)
 *   and opens DATA_DIR/pglite itself.
 * - With the embedded PGlite while a server holds DATA_DIR (whatever its PORT: the folder tells), it
 *   drops a request into DATA_DIR/operator-requests/, which the running server picks up within a second
 *   (modules/admin/operator-inbox.ts), and prints the server's answer. It never opens a folder another
 *   live process holds.
 * Every grant is written to the audit log. The account must already exist (sign up in the app first).
 *
 * Exit codes: 0 done (or already an operator), 1 no such account, 2 bad usage or configuration,
 * 3 the folder is held by a process that did not answer.
 */
import { accountCommand, runWhenEntryPoint } from './run-cli';

export const USAGE = 'Uso: npm run create-operator -- <correo>';

export const runCreateOperator = accountCommand('create-operator', USAGE);

runWhenEntryPoint(import.meta.url, runCreateOperator);
