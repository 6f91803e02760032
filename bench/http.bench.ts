/**
 * Authenticated JSON endpoints on PostgreSQL under load: the real app in this process, autocannon in a
 * child process (50 keep-alive connections, ~10 s per endpoint), one registered passenger with an active trip.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { cpus } from 'node:os';
import { dirname, join } from 'node:path';
import { requestTrip } from '../apps/server/test/support/actors';
import { registerUser } from '../apps/server/test/support/http';
import { startApp } from './lib/app';
import { atLeast, below, info, log, type Benchmark, type Measurement } from './lib/report';

const CONNECTIONS = 50;
const RPS_BUDGET = 1_000;
const P99_BUDGET_MS = 50;
const ENDPOINTS = ['/auth/profile', '/trips/active'] as const;

/** The fields of autocannon's --json result read here. */
interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; average: number; max: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  duration: number;
}

const AUTOCANNON_CLI = join(dirname(createRequire(import.meta.url).resolve('autocannon/package.json')), 'autocannon.js');

function autocannon(url: string, token: string, seconds: number, connections: number): Promise<AutocannonResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [
      AUTOCANNON_CLI, '--json', '-c', String(connections), '-d', String(seconds), '-H', `authorization=Bearer ${token}`, url,
    ], { stdio: ['ignore', 'pipe', 'pipe'] });
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

/** Busy fraction of all cores between two os.cpus() snapshots. */
function machineBusy(before: ReturnType<typeof cpus>, after: ReturnType<typeof cpus>): number {
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

export const http: Benchmark = {
  name: 'http',
  description: `GET ${ENDPOINTS.map((e) => `/api${e}`).join(' and ')} with autocannon, ${CONNECTIONS} connections, on PostgreSQL`,
  async run(options) {
    const seconds = options.seconds ?? 10;
    log('http', `caveat: ${cpus().length} cores shared by the server (one Node process), PostgreSQL and the load generator (autocannon, another process); req/s is a floor for what one core does alone`);
    const running = await startApp('postgres');
    log('http', `app on ${running.baseUrl} (${running.describe}, pool of 10 connections)`);
    try {
      const user = await registerUser(running.baseUrl, { user_type: 'passenger' });
      const trip = await requestTrip(running.baseUrl, user.token);
      log('http', `registered user ${user.user.id} over HTTP; active trip ${trip.id}`);
      const results: Measurement[] = [];
      for (const endpoint of ENDPOINTS) {
        const url = `${running.baseUrl}${endpoint}`;
        await autocannon(url, user.token, 2, 10); // warm-up: JIT, pool, prepared plans
        const cpuBefore = cpus();
        const serverBefore = process.cpuUsage();
        const r = await autocannon(url, user.token, seconds, CONNECTIONS);
        const serverCpu = process.cpuUsage(serverBefore);
        const busy = machineBusy(cpuBefore, cpus());
        const serverCpuSeconds = (serverCpu.user + serverCpu.system) / 1e6;
        const perServerCpuSecond = r.requests.total / serverCpuSeconds;
        log('http', `GET /api${endpoint}: ${Math.round(r.requests.average)} req/s (${r.requests.total} in ${r.duration.toFixed(1)} s), ` +
          `latency p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, max ${r.latency.max} ms; non-2xx ${r.non2xx}, errors ${r.errors}, timeouts ${r.timeouts}; ` +
          `server process CPU ${serverCpuSeconds.toFixed(1)} s (${Math.round(perServerCpuSecond)} req per server CPU-second), machine ${(busy * 100).toFixed(0)} % busy`);
        results.push(
          atLeast(`GET ${endpoint} throughput`, Math.round(r.requests.average), 'req/s', RPS_BUDGET),
          below(`GET ${endpoint} latency p99`, r.latency.p99, 'ms', P99_BUDGET_MS),
          info(`GET ${endpoint} req per server CPU-second`, Math.round(perServerCpuSecond), 'req'),
          { name: `GET ${endpoint} failed responses`, value: r.non2xx + r.errors + r.timeouts, unit: 'responses', budget: '0', pass: r.non2xx + r.errors + r.timeouts === 0 },
        );
      }
      return results;
    } finally {
      await running.stop();
    }
  },
};
