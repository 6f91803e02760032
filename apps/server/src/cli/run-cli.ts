/**
 * What the command-line tools (verify-driver, create-operator) share: their output channel, the
 * configuration and database they open exactly as the server would, the probe for a running server, and
 * the entry-point runner that turns a command's result into the process exit code.
 */
import { createConnection } from 'node:net';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { openDatabase, type DatabaseHandle } from '@jala/db';
import { ConfigError, loadConfig, type AppConfig } from '../config';

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

/**
 * Runs `command` with the process's arguments when `moduleUrl` (the command's import.meta.url) is the
 * script node was started with, so tests can import the command without running it. An unexpected
 * failure exits with 2 and a Spanish line, not a stack trace.
 */
export function runWhenEntryPoint(moduleUrl: string, command: CliCommand): void {
  const script = process.argv[1];
  if (script === undefined || moduleUrl !== pathToFileURL(script).href) return;
  command(process.argv.slice(2), process.env, { info: (line) => console.info(line), error: (line) => console.error(line) })
    .then((code) => { process.exitCode = code; })
    .catch((error: unknown) => {
      console.error(`Error inesperado: ${error instanceof Error ? error.message : String(error)}`);
      process.exitCode = 2;
    });
}
