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
import { pathToFileURL } from 'node:url';
import { openDatabase, type DatabaseHandle } from '@jala/db';
import { isValidEmail } from '@jala/domain';
import { ConfigError, loadConfig, type AppConfig } from '../config';
import { AppError } from '../lib/app-error';
import { AuditLog } from '../modules/admin/audit-log';
import { waitForOperatorResult, writeOperatorRequest } from '../modules/admin/operator-inbox';
import { OperatorsService } from '../modules/admin/operators.service';
import { databaseOptions, isPortListening, type CliOutput } from './verify-driver';

export const USAGE = 'Uso: npm run create-operator -- <correo>';
const SERVER_ANSWER_TIMEOUT_MS = 15_000;

export async function runCreateOperator(args: readonly string[], env: NodeJS.ProcessEnv, out: CliOutput): Promise<number> {
  const positional = args.filter((arg) => !arg.startsWith('--'));
  const email = positional[0]?.trim().toLowerCase();
  if (positional.length !== 1 || !email || !isValidEmail(email)) {
    out.error(USAGE);
    return 2;
  }
  let config: AppConfig;
  try {
    config = loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) {
      out.error(error.message);
      return 2;
    }
    throw error;
  }

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

  let database: DatabaseHandle;
  try {
    database = await openDatabase(databaseOptions(config));
  } catch (error) {
    out.error(`No se pudo abrir la base de datos: ${(error as Error).message}`);
    return 2;
  }
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

const isEntryPoint = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isEntryPoint) {
  runCreateOperator(process.argv.slice(2), process.env, { info: (line) => console.info(line), error: (line) => console.error(line) })
    .then((code) => { process.exitCode = code; })
    .catch((error: unknown) => {
      console.error(`Error inesperado: ${error instanceof Error ? error.message : String(error)}`);
      process.exitCode = 2;
    });
}
