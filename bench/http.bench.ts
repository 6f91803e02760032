/**
 * The reads every open phone repeats, on both databases, against a bare Fastify "hello" measured the same
 * way in the same run: each server in this process (the app with its real plugins, hooks and database; the
 * bare one with the project's own fastify and nothing else), autocannon in a child process, 50 keep-alive
 * connections. The ratio to the bare server is what the budget reads, so the figure means the same on any
 * machine: how much of what Node + Fastify can do on this hardware the app keeps while doing real work.
 */
import { cpus } from 'node:os';
import { join } from 'node:path';

import Fastify from 'fastify';

import { startApp } from './lib/app';
import { autocannon, type AutocannonResult, failedResponses, machineBusy } from './lib/autocannon';
import { cpuPerRequest, type CpuRun } from './lib/cpu-per-request';
import { checkPhoneReads, type PhoneRead, seedPhoneReads } from './lib/phone-reads';
import { type Benchmark, info, log, type Measurement, round } from './lib/report';

const CONNECTIONS = 50;
const WARMUP_SECONDS = 1;
const DEFAULT_SECONDS = 4;
/** The app must keep at least this share of a bare Fastify's req/s on every read… */
export const RATIO_BUDGET = 0.5;
/** …and below this share something is badly wrong (noted in the budget text, not a second verdict). */
export const RATIO_FLOOR = 0.3;
const BACKENDS = ['pglite', 'postgres'] as const;

interface Run {
  rps: number;
  p99: number;
  failed: number;
}

function summarise(r: AutocannonResult): Run {
  return { rps: Math.round(r.requests.average), p99: r.latency.p99, failed: failedResponses(r) };
}

async function measure(
  url: string,
  seconds: number,
  token?: string,
): Promise<{ run: Run; busy: number; serverCpu: number }> {
  await autocannon(url, { token, seconds: WARMUP_SECONDS, connections: 10 }); // JIT, pool, prepared plans
  const cpuBefore = cpus();
  const processBefore = process.cpuUsage();
  const result = await autocannon(url, { token, seconds, connections: CONNECTIONS });
  const used = process.cpuUsage(processBefore);
  return { run: summarise(result), busy: machineBusy(cpuBefore, cpus()), serverCpu: (used.user + used.system) / 1e6 };
}

/** GET /hello → {"hello":"world"} on the project's fastify, no plugins: the ceiling of this machine. */
async function measureBareFastify(seconds: number): Promise<Run> {
  return withBareFastify(async (url) => {
    const { run, busy } = await measure(url, seconds);
    log(
      'http',
      `bare Fastify GET /hello: ${run.rps} req/s, p99 ${run.p99} ms, failed ${run.failed}; machine ${(busy * 100).toFixed(0)} % busy`,
    );
    return run;
  });
}

export function ratioMeasurement(name: string, run: Run, bare: Run): Measurement {
  const ratio = round(run.rps / bare.rps);
  return {
    name,
    value: ratio,
    unit: '×',
    display: `${run.rps.toLocaleString('en-US')} req/s, p99 ${run.p99} ms, ${ratio.toFixed(2)}× bare`,
    budget: `≥ ${RATIO_BUDGET}× bare (floor ${RATIO_FLOOR}×), 0 failed`,
    pass: ratio >= RATIO_BUDGET && run.failed === 0,
  };
}

function printSideBySide(bare: Record<string, Run>, rows: Map<string, Record<string, Run>>): void {
  const cell = (run: Run | undefined, base: Run | undefined) =>
    run && base
      ? `${String(run.rps).padStart(6)} req/s  p99 ${String(run.p99).padStart(3)} ms  ${(run.rps / base.rps).toFixed(2)}×`
      : '—';
  const header = ['read', ...BACKENDS];
  const lines = [
    ['bare Fastify /hello', ...BACKENDS.map((b) => cell(bare[b], bare[b]))],
    ...[...rows].map(([label, byBackend]) => [label, ...BACKENDS.map((b) => cell(byBackend[b], bare[b]))]),
  ];
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] ?? '').length)));
  const fmt = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i] as number))
      .join('   ')
      .trimEnd();
  log(
    'http',
    `side by side (ratio = req/s ÷ bare Fastify's in the same backend block; budget ≥ ${RATIO_BUDGET}×, floor ${RATIO_FLOOR}×):`,
  );
  for (const line of [header, ...lines]) console.info(`  ${fmt(line)}`);
}

const DEFAULT_CPU_REQUESTS = 6_000;

/** A Fastify with one route and no plugins, listening on a free port until `use` is done. */
async function withBareFastify<T>(use: (url: string) => Promise<T>): Promise<T> {
  const bare = Fastify({ logger: false });
  bare.get('/hello', async () => ({ hello: 'world' }));
  const address = await bare.listen({ port: 0, host: '127.0.0.1' });
  try {
    return await use(`${address}/hello`);
  } finally {
    await bare.close();
  }
}

/**
 * `--cpu`: the server's CPU µs per request of each read next to bare Fastify's, and bare ÷ read, which
 * approximates the req/s ratio on the single-threaded server and holds up on a busy machine (lib/cpu-per-request.ts).
 */
async function runCpu(
  backends: readonly ('pglite' | 'postgres')[],
  requests: number,
  only: string | undefined,
  profileDir: string | undefined,
): Promise<Measurement[]> {
  const profile = (backend: string, label: string) =>
    profileDir && join(profileDir, `${backend}${label.replace(/[^a-z]+/gi, '-')}.cpuprofile`);
  const results: Measurement[] = [];
  const line = (label: string, run: CpuRun, bare: CpuRun) =>
    `${label.padEnd(28)} ${run.usPerRequest.toFixed(1).padStart(7)} µs/req  bare ${bare.usPerRequest.toFixed(1).padStart(6)} µs/req  ${(bare.usPerRequest / run.usPerRequest).toFixed(2)}× bare  ELU ${run.elu.toFixed(2)}  failed ${run.failed}`;
  // The bare server listens beside the app for the whole block, and is measured again right before each
  // read: on a shared machine the CPU per request drifts with the load, and the ratio of two runs taken
  // minutes apart would carry that drift.
  await withBareFastify(async (bareUrl) => {
    for (const backend of backends) {
      const running = await startApp(backend);
      try {
        const reads = (await seedPhoneReads(running.db, running.app.config)).filter(
          (read) => !only || read.label.includes(only),
        );
        await checkPhoneReads(running.baseUrl, reads);
        for (const read of reads) {
          const bare = await cpuPerRequest(bareUrl, { requests, profile: profile(backend, `/bare${read.label}/`) });
          const run = await cpuPerRequest(`${running.baseUrl}${read.path}`, {
            token: read.token,
            requests,
            profile: profile(backend, `${read.label}/`),
          });
          log('http', `${backend}: ${line(read.label, run, bare)}`);
          const ratio = round(bare.usPerRequest / run.usPerRequest);
          results.push({
            name: `${backend} GET ${read.label} (CPU)`,
            value: ratio,
            unit: '×',
            display: `${run.usPerRequest.toFixed(1)} µs/req vs ${bare.usPerRequest.toFixed(1)}, ${ratio.toFixed(2)}× bare`,
            budget: `≥ ${RATIO_BUDGET}× bare (floor ${RATIO_FLOOR}×), 0 failed`,
            pass: ratio >= RATIO_BUDGET && run.failed === 0,
          });
        }
      } finally {
        await running.stop();
      }
    }
  });
  return results;
}

export const http: Benchmark = {
  name: 'http',
  description: `the 8 reads every open phone repeats, on PGlite and PostgreSQL, vs bare Fastify; autocannon, ${CONNECTIONS} connections`,
  async run(options) {
    if (options.cpu)
      return runCpu(
        options.db ? [options.db] : BACKENDS,
        options.requests ?? DEFAULT_CPU_REQUESTS,
        options.read,
        options.profile,
      );
    const seconds = options.seconds ?? DEFAULT_SECONDS;
    const backends = options.db ? [options.db] : [...BACKENDS];
    log(
      'http',
      `caveat: ${cpus().length} cores shared by the server (this process), the database and autocannon (a child process); the ratio to bare Fastify cancels most of the machine out, the req/s do not`,
    );
    const results: Measurement[] = [];
    const bareRuns: Record<string, Run> = {};
    const rows = new Map<string, Record<string, Run>>();
    for (const backend of backends) {
      // The ceiling is measured next to each backend's block, so a change in machine load hits both alike.
      const bare = await measureBareFastify(seconds);
      bareRuns[backend] = bare;
      results.push(info(`${backend}: bare Fastify GET /hello`, bare.rps, 'req/s'));
      const running = await startApp(backend);
      try {
        const reads: PhoneRead[] = await seedPhoneReads(running.db, running.app.config);
        await checkPhoneReads(running.baseUrl, reads);
        log(
          'http',
          `${backend}: app on ${running.baseUrl} (${running.describe}); ${reads.length} reads seeded and checked`,
        );
        for (const read of reads) {
          const { run, busy, serverCpu } = await measure(`${running.baseUrl}${read.path}`, seconds, read.token);
          log(
            'http',
            `${backend} GET ${read.label}: ${run.rps} req/s, p99 ${run.p99} ms, failed ${run.failed}; ` +
              `server CPU ${serverCpu.toFixed(1)} s (${Math.round((run.rps * seconds) / serverCpu)} req per server CPU-second), machine ${(busy * 100).toFixed(0)} % busy`,
          );
          rows.set(read.label, { ...rows.get(read.label), [backend]: run });
          results.push(ratioMeasurement(`${backend} GET ${read.label}`, run, bare));
        }
      } finally {
        await running.stop();
      }
    }
    printSideBySide(bareRuns, rows);
    return results;
  },
};
