/**
 * Resident memory of the server as `npm start` runs it (the bundle, plain node, its own process), on the
 * embedded default: idle after a first boot on an empty data folder, idle after a restart on that folder,
 * and after the http bench's reads under load; on PostgreSQL for reference. "Idle" is read once the resident
 * set has settled (moves < 2 MB over 5 s) after /api/health answered, not after a fixed time.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { openDatabase } from '@jala/db';

import { clusterTokenSecret, insertUsers, openSessionsWith } from './lib/app';
import { autocannon, failedResponses } from './lib/autocannon';
import { checkPhoneReads, seedPhoneReads } from './lib/phone-reads';
import { createScratchDatabase } from './lib/postgres';
import { below, type Benchmark, info, log, type Measurement, round } from './lib/report';
import { buildServerBundle, type ServerProcess, settledRss, startServerProcess } from './lib/server-process';

export const IDLE_BUDGET_MB = 300;
const LOAD_CONNECTIONS = 50;

async function idle(server: ServerProcess, what: string): Promise<{ rssMb: number; peakMb: number }> {
  const settled = await settledRss(() => server.memory().rssMb);
  const { peakMb } = server.memory();
  log(
    'memory',
    `${what}: ${settled.rssMb.toFixed(0)} MB resident, ${settled.stable ? `settled within ${(settled.afterMs / 1000).toFixed(1)} s` : `NOT settled after ${(settled.afterMs / 1000).toFixed(0)} s (last reading)`}; peak so far ${peakMb.toFixed(0)} MB`,
  );
  return { rssMb: settled.rssMb, peakMb };
}

/** How many users the memory of signed-in users is measured with (the issue's "10k signed-in users"). */
const SIGNED_IN_USERS = 10_000;
const SIGN_IN_CONCURRENCY = 32;

/**
 * `count` passengers signed in on the server's own database, each making the reads a phone makes at the
 * dashboard (profile, active trip, stats), so the session cache and the read models hold an entry per user.
 */
async function signInUsers(
  server: ServerProcess,
  databaseUrl: string,
  count: number,
): Promise<{ requests: number; failed: number }> {
  const handle = await openDatabase({ kind: 'postgres', url: databaseUrl });
  let tokens: string[];
  try {
    const userIds = await insertUsers(handle.db, count, `mem${Date.now()}-`);
    tokens = [...(await openSessionsWith(handle.db, await clusterTokenSecret(handle.db), userIds)).values()];
  } finally {
    await handle.close();
  }
  const paths = ['/api/auth/profile', '/api/trips/active', '/api/passenger/stats'];
  let next = 0;
  let requests = 0;
  let failed = 0;
  const worker = async () => {
    while (next < tokens.length) {
      const token = tokens[next++] as string;
      for (const path of paths) {
        const response = await fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
        await response.arrayBuffer();
        requests += 1;
        if (response.status !== 200) failed += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: SIGN_IN_CONCURRENCY }, worker));
  return { requests, failed };
}

export const memory: Benchmark = {
  name: 'memory',
  description: `resident memory of the server as npm start runs it: idle on PGlite (first boot, restart), after load, and on PostgreSQL; budget idle < ${IDLE_BUDGET_MB} MB on PGlite`,
  async run(options) {
    const seconds = options.seconds ?? 3;
    buildServerBundle();
    const dataDir = mkdtempSync(join(tmpdir(), 'jala-bench-memory-'));
    const results: Measurement[] = [];
    try {
      let server = await startServerProcess({ DATA_DIR: dataDir });
      const first = await idle(server, 'PGlite, first boot (empty data folder, demo accounts seeded)');
      await server.stop();

      // The reads' data, written into the folder while no server has it open (PGlite is single-process).
      const handle = await openDatabase({ kind: 'pglite', dataDir: join(dataDir, 'pglite') });
      const tokenSecret = readFileSync(join(dataDir, 'token-secret'), 'utf8').trim();
      const reads = await seedPhoneReads(handle.db, { tokenSecret, tokenTtlSeconds: 3600 });
      await handle.close();

      server = await startServerProcess({ DATA_DIR: dataDir });
      try {
        const restart = await idle(server, 'PGlite, restart on existing data');
        await checkPhoneReads(`${server.url}/api`, reads);
        let failed = 0;
        for (const read of reads) {
          const r = await autocannon(`${server.url}/api${read.path}`, {
            token: read.token,
            seconds,
            connections: LOAD_CONNECTIONS,
          });
          failed += failedResponses(r);
          log(
            'memory',
            `load GET ${read.label}: ${Math.round(r.requests.average)} req/s; resident ${server.memory().rssMb.toFixed(0)} MB`,
          );
        }
        const loaded = await idle(server, `PGlite, after ${seconds} s of each read at ${LOAD_CONNECTIONS} connections`);
        results.push(
          below('PGlite idle RSS, first boot', round(first.rssMb, 0), 'MB', IDLE_BUDGET_MB),
          info('PGlite peak RSS during first boot', round(first.peakMb, 0), 'MB'),
          below('PGlite idle RSS, restart on existing data', round(restart.rssMb, 0), 'MB', IDLE_BUDGET_MB),
          info('PGlite RSS after the http reads under load', round(loaded.rssMb, 0), 'MB'),
          info('PGlite peak RSS under load', round(loaded.peakMb, 0), 'MB'),
          {
            name: 'PGlite failed responses under load',
            value: failed,
            unit: 'responses',
            budget: '0',
            pass: failed === 0,
          },
        );
      } finally {
        await server.stop();
      }

      const scratch = await createScratchDatabase();
      try {
        const pgServer = await startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: scratch.url });
        try {
          const pgIdle = await idle(pgServer, 'PostgreSQL, first boot (demo accounts seeded)');
          results.push(info('PostgreSQL idle RSS (server process only)', round(pgIdle.rssMb, 0), 'MB'));
          const signedIn = await signInUsers(pgServer, scratch.url, SIGNED_IN_USERS);
          const withUsers = await idle(
            pgServer,
            `PostgreSQL, ${SIGNED_IN_USERS.toLocaleString('en-US')} users signed in, each after its phone's reads`,
          );
          const costMb = withUsers.rssMb - pgIdle.rssMb;
          log(
            'memory',
            `${SIGNED_IN_USERS} signed-in users: ${signedIn.requests} reads answered, ${signedIn.failed} failed; +${costMb.toFixed(0)} MB resident (${((costMb * 1024) / SIGNED_IN_USERS).toFixed(1)} KB each)`,
          );
          results.push(
            info(
              `resident memory added by ${SIGNED_IN_USERS.toLocaleString('en-US')} signed-in users (sessions and read models kept)`,
              round(costMb, 0),
              'MB',
            ),
            {
              name: 'failed reads of the signed-in users',
              value: signedIn.failed,
              unit: 'responses',
              budget: '0',
              pass: signedIn.failed === 0,
            },
          );
        } finally {
          await pgServer.stop();
        }
      } finally {
        await scratch.drop();
      }
      return results;
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
};
