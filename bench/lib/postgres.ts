/** A fresh, throw-away database on this machine's PostgreSQL server for one benchmark. */
import { randomBytes } from 'node:crypto';

import { type Database, openDatabase } from '@jala/db';
import pg from 'pg';

import { log } from './report';

export const POSTGRES_ADMIN_URL =
  process.env.BENCH_POSTGRES_URL ?? process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface ScratchDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Creates `jala_bench_<ts>_<rand>`; the caller closes its own connections, then calls drop(). */
export async function createScratchDatabase(): Promise<ScratchDatabase> {
  const name = `jala_bench_${Date.now()}_${randomBytes(2).toString('hex')}`;
  await admin((c) => c.query(`create database ${name}`));
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () =>
      admin(async (c) => {
        // pg's Pool.end() resolves before its sockets are gone; a forced drop would then kill live backends and
        // their clients would emit an unhandled 'error' (57P01). Wait for the database's sessions to leave first.
        for (let i = 0; i < 50; i += 1) {
          const { rows } = await c.query<{ n: number }>(
            'select count(*)::int as n from pg_stat_activity where datname = $1',
            [name],
          );
          if ((rows[0]?.n ?? 0) === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        await c.query(`drop database if exists ${name} with (force)`);
      }),
  };
}

export async function postgresVersion(): Promise<string> {
  return admin(
    async (c) => (await c.query<{ server_version: string }>('show server_version')).rows[0]?.server_version ?? '?',
  );
}

/**
 * Runs `work` on the database of a fresh scratch database (migrated by openDatabase), logging under `bench`
 * the server version and the database's name; closes and drops it afterwards, whatever `work` did.
 */
export async function withScratchDatabase<T>(bench: string, work: (db: Database) => Promise<T>): Promise<T> {
  log(bench, `PostgreSQL ${await postgresVersion()}`);
  const scratch = await createScratchDatabase();
  log(bench, `database ${scratch.name}`);
  const handle = await openDatabase({ kind: 'postgres', url: scratch.url });
  try {
    return await work(handle.db);
  } finally {
    await handle.close();
    await scratch.drop();
    log(bench, `dropped ${scratch.name}`);
  }
}
