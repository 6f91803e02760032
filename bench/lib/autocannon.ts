/**
 * autocannon in a child process (so the load generator never shares an event loop with the server it
 * measures), plus the machine-busy figure printed beside each run.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import type { cpus } from 'node:os';
import { dirname, join } from 'node:path';

/** The fields of autocannon's --json result read here. */
export interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; average: number; max: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  duration: number;
}

const AUTOCANNON_CLI = join(
  dirname(createRequire(import.meta.url).resolve('autocannon/package.json')),
  'autocannon.js',
);

/**
 * `seconds` of closed-loop GETs on `url` with `connections` keep-alive connections (bearer `token` if given),
 * or exactly `amount` requests when given (then `seconds` is not used).
 */
export function autocannon(
  url: string,
  options: { token?: string; seconds: number; connections: number; amount?: number },
): Promise<AutocannonResult> {
  const auth = options.token ? ['-H', `authorization=Bearer ${options.token}`] : [];
  const length = options.amount ? ['-a', String(options.amount)] : ['-d', String(options.seconds)];
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [AUTOCANNON_CLI, '--json', '-c', String(options.connections), ...length, ...auth, url],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`autocannon exited ${code}: ${err.trim()}`));
      try {
        resolve(JSON.parse(out.trim().split('\n').pop() ?? '') as AutocannonResult);
      } catch {
        reject(new Error(`autocannon printed no JSON: ${out.slice(0, 200)} ${err.slice(0, 200)}`));
      }
    });
  });
}

export const failedResponses = (r: AutocannonResult): number => r.non2xx + r.errors + r.timeouts;

/** Busy fraction of all cores between two os.cpus() snapshots. */
export function machineBusy(before: ReturnType<typeof cpus>, after: ReturnType<typeof cpus>): number {
  let busy = 0;
  let total = 0;
  after.forEach((cpu, i) => {
    const prev = before[i]?.times;
    if (!prev) return;
    const t = cpu.times;
    const idle = t.idle - prev.idle;
    const all = t.user - prev.user + t.nice - prev.nice + t.sys - prev.sys + t.irq - prev.irq + idle;
    busy += all - idle;
    total += all;
  });
  return total > 0 ? busy / total : 0;
}
