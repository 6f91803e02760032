/**
 * Opens the database the configuration asks for and brings its schema up to date.
 * Embedded PGlite (a data folder) by default; a real PostgreSQL server when a URL is given.
 * Both speak the same SQL, use the same drizzle schema and the same migrations folder.
 */
import { fileURLToPath } from 'node:url';
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
/** The query builder type shared by both drivers (repositories depend only on this). */
export type Database = ReturnType<typeof drizzlePg<Schema>>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../migrations', import.meta.url));

export type DatabaseOptions =
  | { kind: 'pglite'; dataDir: string | null /* null = in memory */ }
  | { kind: 'postgres'; url: string; poolSize?: number };

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    // An idle client dropped by the server (restart, admin kill) emits 'error' on the pool; unhandled, that
    // would crash the process. The pool discards that client and the next query opens a fresh one.
    pool.on('error', (error) => {
      process.emitWarning(`PostgreSQL idle connection lost: ${error.message}`);
    });
    // Fail fast with the driver's own message when the server is unreachable.
    await pool.query('select 1');
    const db = drizzlePg(pool, { schema });
    await migrateExclusively(pool);
    return { db, kind: 'postgres', close: () => pool.end() };
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create(options.dataDir ?? undefined, { extensions: { cube, earthdistance } });
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
  // Both drivers expose the same pg-core query builder; the cast names that shared surface once, here.
  return { db: db as unknown as Database, kind: 'pglite', close: () => client.close() };
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
