/**
 * Starts the real product once for all browser tests: the built web app, API and MQTT broker in one
 * process, exactly as `npm start` runs it, on a fresh PostgreSQL database of this machine (so tests can
 * seed rows directly). The embedded PGlite default is covered by e2e/embedded-start.test.ts.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import pg from 'pg';
import type { TestProject } from 'vitest/node';

import { freePort, repoRoot, waitForHealth } from './support/server-process';

/** The server's marketplace clock turns every 2 s here, so the booking walks see its moves without waiting 30 s. */
const E2E_TRIP_CLOCK_SECONDS = 2;

const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    databaseUrl: string;
    /** The server's DATA_DIR: its SMS outbox (DATA_DIR/outbox/) is where the walks read the codes it sent. */
    dataDir: string;
  }
}

export default async function setup(project: TestProject) {
  const dbName = `jala_e2e_${Date.now()}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  await admin.end();
  const databaseUrl = Object.assign(new URL(ADMIN_URL), { pathname: `/${dbName}` }).toString();

  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'jala-e2e-'));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT_PER_MINUTE: '10000',
      SEED_DEMO: 'true',
      TILE_URL: 'http://127.0.0.1:9/{z}/{x}/{y}.png',
      TRIP_CLOCK_SECONDS: String(E2E_TRIP_CLOCK_SECONDS),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForHealth(baseUrl, child);
  project.provide('baseUrl', baseUrl);
  project.provide('databaseUrl', databaseUrl);
  project.provide('dataDir', dataDir);

  return async () => {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
    const cleanup = new pg.Client({ connectionString: ADMIN_URL });
    await cleanup.connect();
    await cleanup.query(`drop database if exists ${dbName} with (force)`);
    await cleanup.end();
  };
}
