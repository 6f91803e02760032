/**
 * Makes an existing account an operator: `npm run create-operator -- <correo>`.
 *
 * - With DATABASE_URL (PostgreSQL) it writes to the database directly, alongside running servers.
 * - With the embedded PGlite and no server running, it opens DATA_DIR/pglite itself.
 * - With the embedded PGlite while the server runs (something listens on HOST:PORT), it cannot open the
 *   database (single process): it drops a request into DATA_DIR/operator-requests/, which the running
 *   server picks up within a second (modules/admin/operator-inbox.ts), and prints the server's answer.
 * Every grant is written to the audit log. The account must already exist (sign up in the app first).
 *
 * Exit codes: 0 done (or already an operator), 1 no such account, 2 bad usage or configuration,
 * 3 the running server did not answer.
 */
import { randomUUID } from 'node:crypto';
import { isValidEmail } from '@jala/domain';
import { AppError } from '../lib/app-error';
import { AuditLog } from '../modules/admin/audit-log';
import { waitForOperatorResult, writeOperatorRequest } from '../modules/admin/operator-inbox';
import { OperatorsService } from '../modules/admin/operators.service';
import { isPortListening, loadCliConfig, openCliDatabase, runWhenEntryPoint, type CliOutput } from './run-cli';

export const USAGE = 'Uso: npm run create-operator -- <correo>';
const SERVER_ANSWER_TIMEOUT_MS = 15_000;

export async function runCreateOperator(args: readonly string[], env: NodeJS.ProcessEnv, out: CliOutput): Promise<number> {
  const positional = args.filter((arg) => !arg.startsWith('--'));
  const email = positional[0]?.trim().toLowerCase();
  if (positional.length !== 1 || !email || !isValidEmail(email)) {
    out.error(USAGE);
    return 2;
  }
  const config = loadCliConfig(env, out);
  if (!config) return 2;

  if (!config.databaseUrl && await isPortListening(config.host, config.port)) {
    out.info(`El servidor está en marcha en ${config.host}:${config.port}: se le envía la solicitud…`);
    const id = randomUUID();
    await writeOperatorRequest(config.dataDir, id, email);
    const result = await waitForOperatorResult(config.dataDir, id, SERVER_ANSWER_TIMEOUT_MS);
    if (!result) {
      out.error('El servidor no respondió. ¿Es el servidor de Jala con el mismo DATA_DIR? Vuelve a intentarlo o detenlo y ejecuta el comando otra vez.');
      return 3;
    }
    (result.ok ? out.info : out.error)(result.message);
    return result.ok ? 0 : 1;
  }

  const database = await openCliDatabase(config, out);
  if (!database) return 2;
  try {
    const operators = new OperatorsService(database.db, new AuditLog(database.db));
    const { operator, wasAlreadyOperator } = await operators.grantByEmail(email, { kind: 'system', label: 'línea de comandos (create-operator)' });
    out.info(wasAlreadyOperator ? `${operator.email} ya era operador.` : `${operator.email} ahora es operador de Jala.`);
    return 0;
  } catch (error) {
    if (error instanceof AppError && error.code === 'USER_NOT_FOUND') {
      out.error(error.message);
      return 1;
    }
    throw error;
  } finally {
    await database.close();
  }
}

runWhenEntryPoint(import.meta.url, runCreateOperator);
