/**
 * What every benchmark returns: measurements, each printed next to its budget with PASS/FAIL
 * (or INFO when there is no budget). Budgets are reported, never asserted by unit tests.
 */
export interface Measurement {
  /** e.g. "p99 @ 100k pending trips" */
  name: string;
  value: number;
  unit: string;
  /** Human text of the budget, e.g. "< 5 ms"; absent for informational figures. */
  budget?: string;
  /** Whether the value meets the budget; absent when there is no budget. */
  pass?: boolean;
  /** Printed instead of value + unit (e.g. "yes"). */
  display?: string;
}

export interface BenchOptions {
  /** --clients N (realtime; capacity: the most phones tried) */
  clients?: number;
  /** --seconds N (http: each read's run; capacity: each step's measurement; memory: load per read) */
  seconds?: number;
  /** --positions N (nearby: driver positions timed per data set) */
  positions?: number;
  /** --offers N (realtime) */
  offers?: number;
  /** --db pglite|postgres (http, capacity, realtime; default: both for http and capacity) */
  db?: 'pglite' | 'postgres';
  /** --cpu (http: server CPU µs per request instead of req/s, for a shared machine) */
  cpu?: boolean;
  /** --requests N (http --cpu: requests per run) */
  requests?: number;
  /** --profile DIR (http --cpu: a .cpuprofile of one run of each read, and of bare Fastify) */
  profile?: string;
  /** --read TEXT (http: only the reads whose label contains it) */
  read?: string;
  /** --rebuild (bundle: run the web build even when dist exists) */
  rebuild?: boolean;
}

export interface Benchmark {
  name: string;
  description: string;
  run(options: BenchOptions): Promise<Measurement[]>;
}

export const atMost = (name: string, value: number, unit: string, limit: number): Measurement => ({
  name,
  value,
  unit,
  budget: `≤ ${limit} ${unit}`,
  pass: value <= limit,
});
export const below = (name: string, value: number, unit: string, limit: number): Measurement => ({
  name,
  value,
  unit,
  budget: `< ${limit} ${unit}`,
  pass: value < limit,
});
export const atLeast = (name: string, value: number, unit: string, limit: number): Measurement => ({
  name,
  value,
  unit,
  budget: `≥ ${limit.toLocaleString('en-US')} ${unit}`,
  pass: value >= limit,
});
export const info = (name: string, value: number, unit: string): Measurement => ({ name, value, unit });

/** Nearest-rank percentile of already collected samples (not necessarily sorted). */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] as number;
}

export function round(value: number, digits = 2): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

export function log(bench: string, message: string): void {
  console.info(`[${bench}] ${message}`);
}

export function formatValue(m: Measurement): string {
  if (m.display !== undefined) return m.display;
  const digits = Number.isInteger(m.value) || Math.abs(m.value) >= 100 ? 0 : Math.abs(m.value) >= 10 ? 1 : 2;
  return `${m.value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits })} ${m.unit}`;
}
