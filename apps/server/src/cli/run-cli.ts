/**
 * What the command-line tools (verify-driver, create-operator) share: their output channel, the
 * configuration and database they open exactly as the server would — or the running server they hand
 * the request to when it holds the embedded database — and the entry-point runner that turns a
 * command's result into the process exit code.
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

import { type DatabaseHandle, openDatabase } from '@jala/db';
import { isValidEmail } from '@jala/domain';

import { type AppConfig, ConfigError, loadConfig } from '../config';
import {
  acquireDataDirLock,
  DataDirInUseError,
  type DataDirLock,
  lockFile,
  type LockHolder,
} from '../lib/data-dir-lock';
import { type CommandName, type CommandResult, runCommand } from '../modules/admin/operators/operator-commands';
import { waitForInboxResult, writeInboxRequest } from '../modules/admin/operators/operator-inbox';

export interface CliOutput {
  info(line: string): void;
  error(line: string): void;
}

/** A command: arguments and environment in, exit code out (0 done, 1 refused, 2 usage or configuration). */
export type CliCommand = (args: readonly string[], env: NodeJS.ProcessEnv, out: CliOutput) => Promise<number>;

/** The server's configuration from `env`; null (after saying why) when it is invalid. */
export function loadCliConfig(env: NodeJS.ProcessEnv, out: CliOutput): AppConfig | null {
  try {
    return loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) {
      out.error(error.message);
      return null;
    }
    throw error;
  }
}

export function databaseOptions(config: AppConfig) {
  return config.databaseUrl
    ? { kind: 'postgres' as const, url: config.databaseUrl, poolSize: 1 }
    : { kind: 'pglite' as const, dataDir: join(config.dataDir, 'pglite') };
}

/** The server's database (migrations applied); null (after saying why) when it cannot be opened. */
export async function openCliDatabase(config: AppConfig, out: CliOutput): Promise<DatabaseHandle | null> {
  try {
    return await openDatabase(databaseOptions(config));
  } catch (error) {
    out.error(`No se pudo abrir la base de datos: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  }
}

/** How long a command waits for the running server to answer its inbox request. */
const SERVER_ANSWER_TIMEOUT_MS = 15_000;

/**
 * The whole command line of a tool that acts on one account: exactly one e-mail argument (flags aside),
 * else `usage` and exit code 2; then `command` runs for it through runDatabaseCommand.
 */
export function accountCommand(command: CommandName, usage: string): CliCommand {
  return async (args, env, out) => {
    const positional = args.filter((arg) => !arg.startsWith('--'));
    const email = positional[0]?.trim().toLowerCase();
    if (positional.length !== 1 || !email || !isValidEmail(email)) {
      out.error(usage);
      return 2;
    }
    return runDatabaseCommand(command, email, env, out);
  };
}

/**
 * Runs `command` for `email` against the server's database: PostgreSQL (DATABASE_URL) directly, alongside
 * running servers; the embedded PGlite by taking DATA_DIR for this process (lib/data-dir-lock.ts) — or,
 * when a live server holds the folder, by handing the request to that server's inbox, whatever its PORT
 * (the folder itself tells). Exit codes: 0 done, 1 refused (no such account…), 2 usage or configuration,
 * 3 the folder is held by a process that cannot answer (another command, or a server that did not answer).
 */
export async function runDatabaseCommand(
  command: CommandName,
  email: string,
  env: NodeJS.ProcessEnv,
  out: CliOutput,
): Promise<number> {
  const config = loadCliConfig(env, out);
  if (!config) return 2;
  let lock: DataDirLock | null = null;
  if (!config.databaseUrl) {
    try {
      lock = acquireDataDirLock(config.dataDir, 'command');
    } catch (error) {
      if (!(error instanceof DataDirInUseError)) throw error;
      if (error.holder.role !== 'server') {
        out.error(error.message);
        return 3;
      }
      return askRunningServer(config.dataDir, error.holder, command, email, out);
    }
  }
  try {
    const database = await openCliDatabase(config, out);
    if (!database) return 2;
    try {
      return report(await runCommand(database.db, command, email), out);
    } finally {
      await database.close();
    }
  } finally {
    lock?.release();
  }
}

async function askRunningServer(
  dataDir: string,
  holder: LockHolder,
  command: CommandName,
  email: string,
  out: CliOutput,
): Promise<number> {
  out.info(
    `El servidor de Jala está en marcha con esta carpeta de datos (pid ${holder.pid}${holder.address ? `, en ${holder.address}` : ''}): se le envía la solicitud…`,
  );
  const id = randomUUID();
  await writeInboxRequest(dataDir, id, command, email);
  const result = await waitForInboxResult(dataDir, id, SERVER_ANSWER_TIMEOUT_MS);
  if (!result) {
    out.error(
      `El servidor (pid ${holder.pid}) no respondió en ${SERVER_ANSWER_TIMEOUT_MS / 1000} segundos. Vuelve a intentarlo; ` +
        `si ese proceso no es el servidor de Jala, detenlo o borra ${lockFile(dataDir)} y ejecuta el comando otra vez.`,
    );
    return 3;
  }
  return report(result, out);
}

function report(result: CommandResult, out: CliOutput): number {
  (result.ok ? out.info : out.error)(result.message);
  return result.ok ? 0 : 1;
}

/**
 * Runs `command` with the process's arguments when `moduleUrl` (the command's import.meta.url) is the
 * script node was started with, so tests can import the command without running it. An unexpected
 * failure exits with 2 and a Spanish line, not a stack trace.
 */
export function runWhenEntryPoint(moduleUrl: string, command: CliCommand): void {
  const script = process.argv[1];
  if (script === undefined || moduleUrl !== pathToFileURL(script).href) return;
  command(process.argv.slice(2), process.env, {
    info: (line) => console.info(line),
    error: (line) => console.error(line),
  })
    .then((code) => {
      process.exitCode = code;
    })
    .catch((error: unknown) => {
      console.error(`Error inesperado: ${error instanceof Error ? error.message : String(error)}`);
      process.exitCode = 2;
    });
}
