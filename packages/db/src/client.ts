/**
 * Opens the database the configuration asks for and brings its schema up to date.
 * Embedded PGlite (a data folder) by default; a real PostgreSQL server when a URL is given.
 * Both speak the same SQL, use the same drizzle schema and the same migrations folder.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { PGlite } from '@electric-sql/pglite';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';

import { type QueryListener, QueryTiming } from './query-timing';
import * as schema from './schema';

export type Schema = typeof schema;
/** The query builder type shared by both drivers (repositories depend only on this). */
export type Database = ReturnType<typeof drizzlePg<Schema>>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** Hears how long each query took (the server's /metrics); the answer stops listening. */
  onQuery(listener: QueryListener): () => void;
  /** The PostgreSQL pool's connections right now; null for PGlite, which has none (one query at a time). */
  poolStats(): PoolStats | null;
}

export interface PoolStats {
  /** Connections open, busy or idle. */
  total: number;
  idle: number;
  /** Queries waiting for a connection: the pool is the bottleneck when this stays above zero. */
  waiting: number;
  max: number;
}

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../migrations', import.meta.url));

/**
 * PostgreSQL settings of the embedded database, on top of PGlite's own start parameters. initdb writes
 * shared_buffers = 128MB into postgresql.conf, and PGlite's WebAssembly heap is allocated (and touched) to hold
 * it: 16MB keeps the idle process ~130 MB smaller (bench/README.md, memory) while the hot rows of a single
 * node — sessions, users, open trips — still fit many times over; a page not in the buffers is one read of
 * the data folder, from the OS page cache.
 */
export const PGLITE_SETTINGS: readonly string[] = ['shared_buffers=16MB'];

export type DatabaseOptions =
  | { kind: 'pglite'; dataDir: string | null /* null = in memory */ }
  | { kind: 'postgres'; url: string; poolSize?: number };

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.kind === 'postgres') {
    const max = options.poolSize ?? 10;
    const pool = new pg.Pool({ connectionString: options.url, max });
    const timing = new QueryTiming();
    timing.instrumentPool(pool);
    // An idle client dropped by the server (restart, admin kill) emits 'error' on the pool; unhandled, that
    // would crash the process. The pool discards that client and the next query opens a fresh one.
    pool.on('error', (error) => {
      process.emitWarning(`PostgreSQL idle connection lost: ${error.message}`);
    });
    // Fail fast with the driver's own message when the server is unreachable.
    await pool.query('select 1');
    const db = drizzlePg(pool, { schema });
    await migrateExclusively(pool);
    return {
      db,
      kind: 'postgres',
      close: () => pool.end(),
      onQuery: (listener) => timing.listen(listener),
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max }),
    };
  }
  const pgliteOptions = {
    extensions: { cube, earthdistance },
    startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS.flatMap((setting) => ['-c', setting])],
  };
  if (options.dataDir && !existsSync(join(options.dataDir, 'PG_VERSION')))
    await initialiseFolderInChild(options.dataDir);
  const client = await PGlite.create(options.dataDir ?? undefined, pgliteOptions);
  const timing = new QueryTiming();
  timing.instrumentPglite(client);
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
  // Both drivers expose the same pg-core query builder; the cast names that shared surface once, here.
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    close: () => client.close(),
    onQuery: (listener) => timing.listen(listener),
    poolStats: () => null,
  };
}

const INITIALISE_FOLDER_SCRIPT = fileURLToPath(new URL('./initialise-pglite-folder.mjs', import.meta.url));

/**
 * First boot: creating the data folder (initdb, its own WebAssembly instance) leaves ~400 MB allocated in the
 * process that did it — the initdb instance's memory and data-folder image stay reachable from the PGlite
 * object until it is closed, and the malloc arenas that compiled both modules are not returned to the system
 * after that. A short-lived child process does it instead, so a first boot holds what a restart holds
 * (bench/README.md, memory: 380 → 270 MB idle, 800 → 300 MB peak).
 */
async function initialiseFolderInChild(dataDir: string): Promise<void> {
  mkdirSync(dataDir, { recursive: true });
  const child = spawn(process.execPath, [INITIALISE_FOLDER_SCRIPT, dataDir, ...PGLITE_SETTINGS], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const [code] = (await once(child, 'close')) as [number | null];
  if (code !== 0) throw new Error(`creating the PGlite data folder ${dataDir} failed (exit ${code}): ${stderr.trim()}`);
}

/** Arbitrary, fixed key of the session-level advisory lock that serialises migrations across nodes. */
const MIGRATION_LOCK_KEY = 7_146_015;

/**
 * Several nodes booting at once would each run the pending migrations and collide on the same DDL.
 * The first takes a session advisory lock on one connection and migrates; the others wait, then find
 * nothing left to apply. The lock is released by the unlock or, if the node dies, with its connection.
 */
async function migrateExclusively(pool: pg.Pool): Promise<void> {
  const connection = await pool.connect();
  try {
    await connection.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migratePg(drizzlePg(connection, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
    } finally {
      await connection.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    connection.release();
  }
}
