/**
 * Runs the benchmarks and prints each measurement next to its budget (GUIDE.md §6).
 *
 *   npm run bench                         all of them
 *   npm run bench -- nearby http          only those
 *   npm run bench -- realtime --clients 500
 *   npm run bench -- --strict             exit 1 when a budget fails (or a benchmark errors)
 *
 * Options: --strict, --rebuild (bundle), --positions N (nearby), --seconds N (http: per read; capacity: per
 * step; memory: load per read), --clients N (realtime; capacity: most phones), --offers N (realtime, cluster),
 * --db pglite|postgres (http, capacity, realtime, push, kpis), --cpu (http: server CPU µs per request, the ratio that
 * holds on a busy machine), --requests N (http --cpu: requests per run), --read TEXT (http: only matching reads),
 * --profile DIR (http --cpu: a .cpuprofile of each read's run).
 */
import { cpus, loadavg } from 'node:os';

import { bundle } from './bundle.bench';
import { capacity } from './capacity.bench';
import { cluster } from './cluster.bench';
import { fareHint } from './fare-hint.bench';
import { http } from './http.bench';
import { kpis } from './kpis.bench';
import { type Benchmark, type BenchOptions, formatValue, type Measurement } from './lib/report';
import { lighthouseBench } from './lighthouse.bench';
import { location } from './location.bench';
import { memory } from './memory.bench';
import { nearby } from './nearby.bench';
import { push } from './push.bench';
import { realtime } from './realtime.bench';

const BENCHMARKS: Benchmark[] = [
  bundle,
  lighthouseBench,
  nearby,
  fareHint,
  kpis,
  http,
  capacity,
  memory,
  realtime,
  location,
  cluster,
  push,
];

function parseArgs(argv: string[]): { names: string[]; strict: boolean; options: BenchOptions } {
  const names: string[] = [];
  const options: BenchOptions = {};
  let strict = false;
  const number = (flag: string, raw: string | undefined): number => {
    const value = Number(raw);
    if (!raw || !Number.isFinite(value) || value <= 0) throw new Error(`${flag} needs a positive number`);
    return value;
  };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] as string;
    const [flag, inline] = arg.includes('=') ? (arg.split('=', 2) as [string, string]) : [arg, undefined];
    const value = () => inline ?? argv[(i += 1)];
    switch (flag) {
      case '--strict':
        strict = true;
        break;
      case '--rebuild':
        options.rebuild = true;
        break;
      case '--cpu':
        options.cpu = true;
        break;
      case '--requests':
        options.requests = Math.floor(number(flag, value()));
        break;
      case '--read':
        options.read = value();
        break;
      case '--profile':
        options.profile = value();
        break;
      case '--clients':
        options.clients = Math.floor(number(flag, value()));
        break;
      case '--offers':
        options.offers = Math.floor(number(flag, value()));
        break;
      case '--positions':
        options.positions = Math.floor(number(flag, value()));
        break;
      case '--seconds':
        options.seconds = number(flag, value());
        break;
      case '--db': {
        const db = value();
        if (db !== 'pglite' && db !== 'postgres') throw new Error('--db must be pglite or postgres');
        options.db = db;
        break;
      }
      case '--help':
      case '-h':
        console.info(
          'usage: npm run bench -- [bundle|lighthouse|nearby|fare-hint|kpis|http|capacity|memory|realtime|cluster|push ...] [--strict] [--rebuild] [--cpu] [--requests N] [--read TEXT] [--profile DIR] [--positions N] [--seconds N] [--clients N] [--offers N] [--db pglite|postgres]',
        );
        process.exit(0);
        break;
      default:
        if (flag.startsWith('-')) throw new Error(`unknown option ${flag}`);
        names.push(flag);
    }
  }
  return { names, strict, options };
}

/** Timings mean little while something else (a test run, a build) competes for the cores: say so. */
function warnIfBusy(when: string): void {
  const [oneMinute = 0] = loadavg();
  const cores = cpus().length;
  const line = `load average ${when}: ${oneMinute.toFixed(2)} on ${cores} core(s)`;
  if (oneMinute > cores * 0.75)
    console.info(`WARNING: ${line} — other work is competing for the CPU; timings are pessimistic and noisy`);
  else console.info(line);
}

interface Row {
  bench: string;
  measurement?: Measurement;
  error?: string;
}

function printTable(rows: Row[]): void {
  const lines = rows.map((row): string[] => {
    if (row.error) return [row.bench, 'ERROR', '', '', row.error];
    const m = row.measurement as Measurement;
    const verdict = m.pass === undefined ? 'INFO' : m.pass ? 'PASS' : 'FAIL';
    return [row.bench, m.name, formatValue(m), m.budget ?? '—', verdict];
  });
  const header = ['bench', 'measurement', 'value', 'budget', 'result'];
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] ?? '').length)));
  const fmt = (cells: readonly string[]) =>
    cells
      .map((c, i) => (i === 2 ? c.padStart(widths[i] as number) : c.padEnd(widths[i] as number)))
      .join('  ')
      .trimEnd();
  console.info('');
  console.info(fmt(header));
  console.info(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const line of lines) console.info(fmt(line));
}

async function main(): Promise<void> {
  const { names, strict, options } = parseArgs(process.argv.slice(2));
  const unknown = names.filter((n) => !BENCHMARKS.some((b) => b.name === n));
  if (unknown.length > 0)
    throw new Error(`unknown benchmark(s): ${unknown.join(', ')} (have: ${BENCHMARKS.map((b) => b.name).join(', ')})`);
  const selected = names.length > 0 ? BENCHMARKS.filter((b) => names.includes(b.name)) : BENCHMARKS;

  console.info(
    `Jala benchmarks on ${cpus().length} core(s), ${cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}`,
  );
  warnIfBusy('before');
  const rows: Row[] = [];
  const started = performance.now();
  for (const bench of selected) {
    console.info(`\n== ${bench.name}: ${bench.description}`);
    const t0 = performance.now();
    try {
      for (const measurement of await bench.run(options)) rows.push({ bench: bench.name, measurement });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      console.error(`[${bench.name}] failed:`, error);
      rows.push({ bench: bench.name, error: message.split('\n')[0] ?? message });
    }
    console.info(`[${bench.name}] done in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  }
  printTable(rows);
  const failed = rows.filter((r) => r.error || r.measurement?.pass === false).length;
  console.info(
    `\n${failed === 0 ? 'all budgets met' : `${failed} budget(s) not met or errored`} — total ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  if (failed > 0 && !strict) console.info('(budgets are reported, not enforced; pass --strict to exit non-zero)');
  process.exit(strict && failed > 0 ? 1 : 0);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(2);
});
