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
import { isValidEmail } from '@jala/domain';
import { AppError } from '../lib/app-error';
import { AuditLog } from '../modules/admin/audit-log';
import { DriverVerificationService } from '../modules/drivers/driver-verification.service';
import { isPortListening, loadCliConfig, openCliDatabase, runWhenEntryPoint, type CliOutput } from './run-cli';

export const USAGE = 'Uso: npm run verify-driver -- <correo> [--force]';

export async function runVerifyDriver(args: readonly string[], env: NodeJS.ProcessEnv, out: CliOutput): Promise<number> {
  const force = args.includes('--force');
  const positional = args.filter((arg) => !arg.startsWith('--'));
  const email = positional[0]?.trim();
  if (positional.length !== 1 || !email || !isValidEmail(email)) {
    out.error(USAGE);
    return 2;
  }

  const config = loadCliConfig(env, out);
  if (!config) return 2;

  if (!config.databaseUrl && !force && await isPortListening(config.host, config.port)) {
    out.error(`Hay un proceso escuchando en ${config.host}:${config.port} (¿el servidor de Jala?). La base embebida no admite dos procesos a la vez: `
      + 'detén el servidor y vuelve a ejecutar el comando, o usa POST /api/admin/drivers/{id}/verify con una cuenta de operador. '
      + 'Si estás seguro de que no es Jala, agrega --force.');
    return 3;
  }

  const database = await openCliDatabase(config, out);
  if (!database) return 2;
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

runWhenEntryPoint(import.meta.url, runVerifyDriver);
