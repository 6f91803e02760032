/**
 * How the command-line tools (create-operator, verify-driver) reach the running server on the embedded
 * database. PGlite is single-process: while the server holds DATA_DIR (DATA_DIR/jala.pid, lib/data-dir-lock.ts)
 * no other process may open it. So the command drops a request file into DATA_DIR/operator-requests/ and
 * this inbox — polled by the server that owns the database — runs it (operator-commands.ts) and answers
 * with a result file. The channel is local-only by nature: only someone who can write into the server's
 * data folder (mode 0700) can use it, the same trust as the database files themselves.
 */
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

import type { Database } from '@jala/db';

import type { AccountChanges } from '../../../realtime/cluster-bus';
import { type CommandName, type CommandResult, COMMANDS, runCommand } from './operator-commands';

export const INBOX_FOLDER = 'operator-requests';
const POLL_MS = 1000;

export function inboxFolder(dataDir: string): string {
  return join(dataDir, INBOX_FOLDER);
}

/** Command side: writes a request atomically (temp file + rename). */
export async function writeInboxRequest(
  dataDir: string,
  id: string,
  command: CommandName,
  email: string,
): Promise<void> {
  const folder = inboxFolder(dataDir);
  await mkdir(folder, { recursive: true, mode: 0o700 });
  const temporary = join(folder, `${id}.tmp`);
  await writeFile(temporary, JSON.stringify({ command, email }), { mode: 0o600 });
  await rename(temporary, join(folder, `${id}.request`));
}

/** Command side: waits for the server's answer to request `id`, or null after `timeoutMs`. */
export async function waitForInboxResult(
  dataDir: string,
  id: string,
  timeoutMs: number,
): Promise<CommandResult | null> {
  const file = join(inboxFolder(dataDir), `${id}.result`);
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const result = JSON.parse(await readFile(file, 'utf8')) as CommandResult;
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
export function startOperatorInbox(
  dataDir: string,
  db: Database,
  log: { warn(obj: unknown, msg: string): void },
  changes?: AccountChanges,
): () => void {
  const folder = inboxFolder(dataDir);
  let running = false;
  const poll = async () => {
    if (running) return;
    running = true;
    try {
      await processInboxRequests(folder, db, changes);
    } catch (error) {
      log.warn({ err: error }, 'operator inbox poll failed');
    } finally {
      running = false;
    }
  };
  void poll();
  const timer = setInterval(() => {
    void poll();
  }, POLL_MS);
  timer.unref();
  return () => clearInterval(timer);
}

export async function processInboxRequests(folder: string, db: Database, changes?: AccountChanges): Promise<number> {
  let names: string[];
  try {
    names = await readdir(folder);
  } catch {
    return 0; // no folder yet: nobody asked
  }
  let handled = 0;
  for (const name of names.filter((n) => /^[A-Za-z0-9-]{1,64}\.request$/.test(n))) {
    const id = name.slice(0, -'.request'.length);
    const request = parseRequest(await readFile(join(folder, name), 'utf8'));
    const result = request
      ? await runCommand(db, request.command, request.email, changes)
      : { ok: false, message: 'La solicitud no es válida.' };
    await writeFile(join(folder, `${id}.result`), JSON.stringify(result), { mode: 0o600 });
    await rm(join(folder, name), { force: true });
    handled++;
  }
  return handled;
}

function parseRequest(text: string): { command: CommandName; email: string } | null {
  try {
    const parsed = JSON.parse(text) as { command?: unknown; email?: unknown };
    const command = COMMANDS.find((name) => name === parsed.command);
    return command && typeof parsed.email === 'string' ? { command, email: parsed.email.trim().toLowerCase() } : null;
  } catch {
    return null;
  }
}
