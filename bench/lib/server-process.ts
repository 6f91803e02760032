/**
 * The server started as `npm start` starts it — the bundle apps/server/dist/main.mjs with plain node, in its
 * own process — and its resident memory read from /proc (Linux), for the memory and capacity benches.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { freePort, repoRoot, waitForHealth } from '../../e2e/support/server-process';

export const SERVER_BUNDLE = 'apps/server/dist/main.mjs';

/** Builds the bundle like `npm start` does, after checking `npm start` still runs that bundle. */
export function buildServerBundle(): void {
  const start =
    (JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts
      .start ?? '';
  if (!start.endsWith(`node ${SERVER_BUNDLE}`))
    throw new Error(`npm start no longer runs ${SERVER_BUNDLE} ("${start}"): update bench/lib/server-process.ts`);
  execFileSync(process.execPath, ['apps/server/scripts/bundle.mjs'], { cwd: repoRoot, stdio: 'inherit' });
}

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  port: number;
  /** Resident set now and its peak so far, in MB. */
  memory(): { rssMb: number; peakMb: number };
  stop(): Promise<void>;
}

/**
 * Starts the bundle with `env` on top of this process's environment minus DATABASE_URL/REDIS_URL (the
 * embedded default unless `env` sets them) and resolves once /api/health answers.
 */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const { DATABASE_URL: _database, REDIS_URL: _redis, ...inherited } = process.env;
  const child = spawn(process.execPath, [SERVER_BUNDLE], {
    cwd: repoRoot,
    env: { ...inherited, LOG_LEVEL: 'warn', HOST: '127.0.0.1', ...env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
  try {
    await waitForHealth(url, child, 120_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { child, url, port, memory: () => processMemory(child.pid as number), stop };
}

export function processMemory(pid: number): { rssMb: number; peakMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? Number.NaN);
  return { rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024 };
}

/**
 * Waits for the resident set to settle — it moves less than `toleranceMb` over `windowMs` — and returns it
 * with how long that took; gives up after `timeoutMs` and returns the last reading, flagged unstable.
 */
export async function settledRss(
  read: () => number,
  options: { windowMs?: number; toleranceMb?: number; timeoutMs?: number } = {},
): Promise<{ rssMb: number; afterMs: number; stable: boolean }> {
  const windowMs = options.windowMs ?? 5_000;
  const toleranceMb = options.toleranceMb ?? 2;
  const timeoutMs = options.timeoutMs ?? 60_000;
  const samples: { at: number; rss: number }[] = [];
  const started = Date.now();
  for (;;) {
    const now = Date.now();
    samples.push({ at: now, rss: read() });
    while (samples.length > 0 && (samples[0] as { at: number }).at < now - windowMs) samples.shift();
    const covered = now - started >= windowMs;
    const values = samples.map((s) => s.rss);
    if (covered && Math.max(...values) - Math.min(...values) < toleranceMb)
      return { rssMb: values.at(-1) as number, afterMs: now - started, stable: true };
    if (now - started > timeoutMs) return { rssMb: values.at(-1) as number, afterMs: now - started, stable: false };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
