/**
 * Who holds DATA_DIR. The embedded database (DATA_DIR/pglite) is single-process: two processes opening
 * it can corrupt it, and a write made by a second one is never seen by the first. So whoever opens it —
 * the server at boot, or a command (create-operator, verify-driver) when no server runs — first writes
 * DATA_DIR/jala.pid with its pid (and, for the server, its address once listening), and removes it when
 * done. Everyone else reads it: the server refuses to start, a command hands its request to the running
 * server (modules/admin/operator-inbox.ts). A file left by a process that died (its pid no longer runs)
 * is stale and taken over.
 */
import { linkSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const LOCK_FILE = 'jala.pid';

export interface LockHolder {
  pid: number;
  /** 'server' answers requests through the inbox; 'command' is a one-off CLI run. */
  role: 'server' | 'command';
  /** Where the server listens (`http://127.0.0.1:3000`), once it does; null before, and for commands. */
  address: string | null;
  startedAt: string;
}

/** DATA_DIR is held by another live process: the folder and who holds it, in Spanish and English. */
export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: LockHolder,
  ) {
    const who =
      holder.role === 'server'
        ? `un servidor de Jala (pid ${holder.pid}${holder.address ? `, en ${holder.address}` : ''})`
        : `otro proceso de Jala (pid ${holder.pid})`;
    super(
      `La carpeta de datos ${dataDir} está en uso por ${who}. Detén ese proceso o usa otro DATA_DIR.\n` +
        `The data folder ${dataDir} is in use by another Jala process (pid ${holder.pid}). Stop it or use another DATA_DIR.`,
    );
    this.name = 'DataDirInUseError';
  }
}

export function lockFile(dataDir: string): string {
  return join(dataDir, LOCK_FILE);
}

/** Whether a process with this pid runs (EPERM: it runs, as another user). */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The live holder of `dataDir`, or null when the folder is free (no file, an unreadable one, or a dead pid). */
export function readDataDirHolder(dataDir: string): LockHolder | null {
  let holder: LockHolder;
  try {
    holder = JSON.parse(readFileSync(lockFile(dataDir), 'utf8')) as LockHolder;
  } catch {
    return null;
  }
  return Number.isInteger(holder.pid) && holder.pid > 0 && isProcessAlive(holder.pid) ? holder : null;
}

export class DataDirLock {
  private held = true;

  constructor(
    readonly dataDir: string,
    private holder: LockHolder,
  ) {}

  /** Records where the server listens, for the messages of whoever finds the folder held. */
  recordAddress(address: string): void {
    if (!this.held) return;
    this.holder = { ...this.holder, address };
    // Replaced whole (rename), so a reader never sees half a file and takes it for a stale one.
    const temporary = writeTemporary(this.dataDir, this.holder);
    renameSync(temporary, lockFile(this.dataDir));
  }

  /** Removes the file, if it is still ours. */
  release(): void {
    if (!this.held) return;
    this.held = false;
    const current = readDataDirHolder(this.dataDir);
    if (current?.pid === process.pid) rmSync(lockFile(this.dataDir), { force: true });
  }
}

/** Takes `dataDir` for this process; throws DataDirInUseError when another live process holds it. */
export function acquireDataDirLock(dataDir: string, role: LockHolder['role']): DataDirLock {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const holder: LockHolder = { pid: process.pid, role, address: null, startedAt: new Date().toISOString() };
  for (let attempt = 0; attempt < 3; attempt++) {
    // A complete file linked into place: link fails if the name exists, so of two processes starting at
    // once exactly one wins, and nobody ever reads a half-written file.
    const temporary = writeTemporary(dataDir, holder);
    try {
      linkSync(temporary, lockFile(dataDir));
      return new DataDirLock(dataDir, holder);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      rmSync(temporary, { force: true });
    }
    const current = readDataDirHolder(dataDir);
    // This very process counts as another holder too: a second open of the folder is as unsafe.
    if (current) throw new DataDirInUseError(dataDir, current);
    rmSync(lockFile(dataDir), { force: true }); // stale (its process is gone): take it over
  }
  const current = readDataDirHolder(dataDir);
  throw current ? new DataDirInUseError(dataDir, current) : new Error(`could not take ${lockFile(dataDir)}`);
}

function writeTemporary(dataDir: string, holder: LockHolder): string {
  const temporary = join(dataDir, `${LOCK_FILE}.${process.pid}.tmp`);
  writeFileSync(temporary, JSON.stringify(holder), { mode: 0o600 });
  return temporary;
}
