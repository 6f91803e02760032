/**
 * Verifies a driver from the command line: `npm run verify-driver -- <email> [--force]`.
 *
 * Opens the same database the server uses (DATABASE_URL, else the embedded PGlite under DATA_DIR, with
 * migrations applied) and runs the same DriverVerificationService as POST /api/admin/drivers/{id}/verify.
 * Embedded PGlite is single-process: when something already listens on HOST:PORT (the server, most likely)
 * the command refuses unless --force, because two processes writing one PGlite folder can corrupt it.
 *
 * Exit codes: 0 verified (or already was), 1 no such account or no driver profile, 2 bad usage or
 * configuration, 3 the embedded database is in use by a running server.
 */
import { createConnection } from 'node:net';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { openDatabase, type DatabaseHandle } from '@jala/db';
import { isValidEmail } from '@jala/domain';
import { ConfigError, loadConfig, type AppConfig } from '../config';
import { AppError } from '../lib/app-error';
import { AuditLog } from '../modules/admin/audit-log';
import { DriverVerificationService } from '../modules/drivers/driver-verification.service';

export interface CliOutput {
  info(line: string): void;
  error(line: string): void;
}

export const USAGE = 'Uso: npm run verify-driver -- <correo> [--force]';

/** Whether something accepts TCP connections at host:port (within `timeoutMs`). */
export function isPortListening(host: string, port: number, timeoutMs = 500): Promise<boolean> {
  if (port === 0) return Promise.resolve(false);
  return new Promise((resolve) => {
    const socket = createConnection({ host, port });
    const done = (listening: boolean) => { socket.destroy(); resolve(listening); };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

export function databaseOptions(config: AppConfig) {
  return config.databaseUrl
    ? { kind: 'postgres' as const, url: config.databaseUrl, poolSize: 1 }
    : { kind: 'pglite' as const, dataDir: join(config.dataDir, 'pglite') };
}

export async function runVerifyDriver(args: readonly string[], env: NodeJS.ProcessEnv, out: CliOutput): Promise<number> {
  const force = args.includes('--force');
  const positional = args.filter((arg) => !arg.startsWith('--'));
  const email = positional[0]?.trim();
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

  if (!config.databaseUrl && !force && await isPortListening(config.host, config.port)) {
    out.error(`Hay un proceso escuchando en ${config.host}:${config.port} (¿el servidor de Jala?). La base embebida no admite dos procesos a la vez: `
      + 'detén el servidor y vuelve a ejecutar el comando, o usa POST /api/admin/drivers/{id}/verify con una cuenta de operador. '
      + 'Si estás seguro de que no es Jala, agrega --force.');
    return 3;
  }

  let database: DatabaseHandle;
  try {
    database = await openDatabase(databaseOptions(config));
  } catch (error) {
    out.error(`No se pudo abrir la base de datos: ${(error as Error).message}`);
    return 2;
  }
  try {
    const result = await new DriverVerificationService(database.db).verifyByEmail(email);
    if (!result.was_already_verified) {
      await new AuditLog(database.db).record({ kind: 'system', label: 'línea de comandos (verify-driver)' }, {
        action: 'driver.approve', targetType: 'driver', targetId: result.driver_id, after: { verification_status: 'verified' },
      });
    }
    out.info(result.was_already_verified
      ? `El conductor ${result.email} (id ${result.driver_id}) ya estaba verificado.`
      : `Conductor ${result.email} (id ${result.driver_id}) verificado correctamente.`);
    return 0;
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') {
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
  runVerifyDriver(process.argv.slice(2), process.env, { info: (line) => console.info(line), error: (line) => console.error(line) })
    .then((code) => { process.exitCode = code; })
    .catch((error: unknown) => {
      console.error(`Error inesperado: ${error instanceof Error ? error.message : String(error)}`);
      process.exitCode = 2;
    });
}
