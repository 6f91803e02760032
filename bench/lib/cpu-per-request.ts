/**
 * CPU time the server's process spends per request (`--cpu` mode of the http bench). On the single-threaded
 * server, requests per second at saturation ≈ 1 / CPU per request, so the ratio of a read's CPU µs per
 * request to a bare Fastify's approximates the throughput ratio, and it moves far less with other load on a
 * shared machine than req/s do (other processes take wall time from the server, not CPU time it needs).
 *
 * A run is exactly `requests` GETs from autocannon in a child process; the server's process CPU
 * (process.cpuUsage: user + system, which includes the kernel's socket work) over that run, divided by the
 * requests. Each figure is the lowest of `rounds` runs: interference (cache misses, preemption) only adds.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { dirname } from 'node:path';

import { autocannon, failedResponses } from './autocannon';

export interface CpuRun {
  /** server CPU µs per request, lowest of the rounds */
  usPerRequest: number;
  /** event-loop utilisation over that run (0–1) */
  elu: number;
  failed: number;
}

const CONNECTIONS = 50;

/**
 * `profile`: a path to write a .cpuprofile of one more run to (only the requests, not the start-up or the
 * seeding a --cpu-prof of the whole bench would mostly show); open it in Chrome's DevTools.
 */
export async function cpuPerRequest(
  url: string,
  options: { token?: string; requests: number; rounds?: number; profile?: string },
): Promise<CpuRun> {
  const { token, requests, rounds = 2 } = options;
  await autocannon(url, { token, seconds: 0, amount: Math.max(2000, requests / 4), connections: 10 }); // JIT, caches
  let best: CpuRun | null = null;
  for (let i = 0; i < rounds; i += 1) {
    const eluBefore = performance.eventLoopUtilization();
    const before = process.cpuUsage();
    const result = await autocannon(url, { token, seconds: 0, amount: requests, connections: CONNECTIONS });
    const used = process.cpuUsage(before);
    const elu = performance.eventLoopUtilization(eluBefore).utilization;
    const run = { usPerRequest: (used.user + used.system) / requests, elu, failed: failedResponses(result) };
    if (!best || run.usPerRequest < best.usPerRequest) best = run;
  }
  if (options.profile) {
    const session = new Session();
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.start');
    await autocannon(url, { token, seconds: 0, amount: requests, connections: CONNECTIONS });
    const { profile } = await session.post('Profiler.stop');
    mkdirSync(dirname(options.profile), { recursive: true });
    writeFileSync(options.profile, JSON.stringify(profile));
    session.disconnect();
  }
  return best as CpuRun;
}
