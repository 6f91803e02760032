/**
 * How `npm run create-operator` reaches a running server on the embedded database. PGlite is
 * single-process: while the server holds DATA_DIR/pglite no other process may open it. So the command
 * drops a request file into DATA_DIR/operator-requests/ and this inbox — polled by the server that owns
 * the database — grants the role and answers with a result file. The channel is local-only by nature: only
 * someone who can write into the server's data folder (mode 0700) can use it, the same trust as the
 * database files themselves.
 */
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isValidEmail } from '@jala/domain';
import { AppError } from '../../lib/app-error';
import type { OperatorsService } from './operators.service';

export const INBOX_FOLDER = 'operator-requests';
const POLL_MS = 1000;

export interface InboxResult {
  ok: boolean;
  message: string;
}

export function inboxFolder(dataDir: string): string {
  return join(dataDir, INBOX_FOLDER);
}

/** Command side: writes a request atomically (temp file + rename) and returns its id. */
export async function writeOperatorRequest(dataDir: string, id: string, email: string): Promise<void> {
  const folder = inboxFolder(dataDir);
  await mkdir(folder, { recursive: true, mode: 0o700 });
  const temporary = join(folder, `${id}.tmp`);
  await writeFile(temporary, email, { mode: 0o600 });
  await rename(temporary, join(folder, `${id}.request`));
}

/** Command side: waits for the server's answer to request `id`, or null after `timeoutMs`. */
export async function waitForOperatorResult(dataDir: string, id: string, timeoutMs: number): Promise<InboxResult | null> {
  const file = join(inboxFolder(dataDir), `${id}.result`);
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const result = JSON.parse(await readFile(file, 'utf8')) as InboxResult;
      await rm(file, { force: true });
      return result;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  // Nobody answered: withdraw the request so a later server start does not act on a stale one.
  await rm(join(inboxFolder(dataDir), `${id}.request`), { force: true });
  return null;
}

/** Server side: processes pending requests now and then every second; returns a stop function. */
export function startOperatorInbox(dataDir: string, operators: OperatorsService, log: { warn(obj: unknown, msg: string): void }): () => void {
  const folder = inboxFolder(dataDir);
  let running = false;
  const poll = async () => {
    if (running) return;
    running = true;
    try {
      await processOperatorRequests(folder, operators);
    } catch (error) {
      log.warn({ err: error }, 'operator inbox poll failed');
    } finally {
      running = false;
    }
  };
  void poll();
  const timer = setInterval(() => { void poll(); }, POLL_MS);
  timer.unref();
  return () => clearInterval(timer);
}

export async function processOperatorRequests(folder: string, operators: OperatorsService): Promise<number> {
  let names: string[];
  try {
    names = await readdir(folder);
  } catch {
    return 0; // no folder yet: nobody asked
  }
  let handled = 0;
  for (const name of names.filter((n) => /^[A-Za-z0-9-]{1,64}\.request$/.test(n))) {
    const id = name.slice(0, -'.request'.length);
    const email = (await readFile(join(folder, name), 'utf8')).trim();
    const result = await grant(email, operators);
    await writeFile(join(folder, `${id}.result`), JSON.stringify(result), { mode: 0o600 });
    await rm(join(folder, name), { force: true });
    handled++;
  }
  return handled;
}

async function grant(email: string, operators: OperatorsService): Promise<InboxResult> {
  if (!isValidEmail(email)) return { ok: false, message: 'El correo no es válido.' };
  try {
    const { operator, wasAlreadyOperator } = await operators.grantByEmail(email, { kind: 'system', label: 'línea de comandos (create-operator)' });
    return { ok: true, message: wasAlreadyOperator ? `${operator.email} ya era operador.` : `${operator.email} ahora es operador de Jala.` };
  } catch (error) {
    if (error instanceof AppError) return { ok: false, message: error.message };
    throw error;
  }
}
