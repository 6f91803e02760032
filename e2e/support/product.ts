/**
 * A product process of its own for a browser test: the built web app, API and MQTT broker in one process, as
 * `npm start` runs it (from source), on a scratch PostgreSQL database of this machine or on the embedded PGlite
 * in a temporary DATA_DIR. The shared e2e server (global-setup.ts) is one of these; a file starts another when
 * it needs a configuration of its own or figures no other file's trips can reach.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import pg from 'pg';

import { freePort, repoRoot, waitForHealth } from './server-process';

/** The maintenance database the scratch databases are created from and dropped through. */
const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface ProductOptions {
  /** 'postgres' (default): a scratch database, dropped by `stop()`; 'embedded': PGlite in the DATA_DIR. */
  database?: 'postgres' | 'embedded';
  /** Part of the scratch database's and the DATA_DIR's names, so a leftover says which test made it. */
  name?: string;
  /** Variables over the defaults below; a function when one of them names the product's own address. */
  env?: Record<string, string> | ((base: string) => Record<string, string>);
  /**
   * 'none' (default) drops the runner's REDIS_URL: a product of its own must not share retained messages,
   * sessions and rate limits with the shared server through the same keys. Only that server inherits it.
   */
  redis?: 'inherit' | 'none';
}

export interface Product {
  /** `http://127.0.0.1:<port>`: the web app, `/api` and `/mqtt`. */
  base: string;
  dataDir: string;
  /** Ends the process, then removes its DATA_DIR and drops its database. Safe to call more than once. */
  stop(): Promise<void>;
}

/** A product on a scratch PostgreSQL database, which a test may open to seed accounts with the factories. */
export type PostgresProduct = Product & { databaseUrl: string };

/** Runs `statement` on the maintenance database. */
async function onAdminDatabase(statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** Resolves once `child` has exited (at once if it already had). */
function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** Starts the product and resolves once GET /api/health answers; a product that fails to start is cleaned up. */
export async function startProduct(
  options: ProductOptions & { database: 'embedded' },
): Promise<Product & { databaseUrl: null }>;
export async function startProduct(options?: ProductOptions & { database?: 'postgres' }): Promise<PostgresProduct>;
export async function startProduct(options: ProductOptions = {}): Promise<Product & { databaseUrl: string | null }> {
  const name = options.name ?? 'e2e';
  // Two files may start one in the same millisecond.
  const dbName =
    options.database === 'embedded' ? null : `jala_${name}_${Date.now()}_${Math.random().toString(36).slice(2, 6)}`;
  const dataDir = mkdtempSync(join(tmpdir(), `jala-${name}-`));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;
  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      if (child) {
        const done = exited(child);
        child.kill('SIGTERM');
        await done;
      }
      rmSync(dataDir, { recursive: true, force: true });
      if (dbName) await onAdminDatabase(`drop database if exists ${dbName} with (force)`);
    })());

  try {
    let databaseUrl: string | null = null;
    if (dbName) {
      await onAdminDatabase(`create database ${dbName}`);
      databaseUrl = Object.assign(new URL(ADMIN_URL), { pathname: `/${dbName}` }).toString();
    }
    const { DATABASE_URL: _database, REDIS_URL: redisUrl, ...inherited } = process.env;
    child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: repoRoot,
      env: {
        ...inherited,
        ...(options.redis === 'inherit' && redisUrl ? { REDIS_URL: redisUrl } : {}),
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        // Only the test's own accounts: it seeds what it needs.
        SEED_DEMO: 'false',
        // The walks sign many accounts in from one address.
        AUTH_RATE_LIMIT_PER_MINUTE: '10000',
        // Nothing leaves the machine: the map stays usable without tiles.
        TILE_URL: 'http://127.0.0.1:9/{z}/{x}/{y}.png',
        ...(typeof options.env === 'function' ? options.env(base) : options.env),
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    await waitForHealth(base, child);
    return { base, dataDir, databaseUrl, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
