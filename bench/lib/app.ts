/**
 * The real product started in this process: buildApp with the tests' configuration (offline geo, silent
 * logs) on a fresh PostgreSQL database (the app opens it itself, with its production pool) or in-memory PGlite.
 */
import { randomUUID } from 'node:crypto';

import { type Database, eq, openDatabase, schema, sql } from '@jala/db';

import { type App, buildApp } from '../../apps/server/src/app';
import { TokenService } from '../../apps/server/src/modules/auth/token.service';
import { testConfig } from '../../apps/server/test/support/test-app';
import { createScratchDatabase } from './postgres';

export interface RunningApp {
  app: App;
  db: Database;
  /** http://127.0.0.1:<port>/api */
  baseUrl: string;
  /** ws://127.0.0.1:<port>/mqtt */
  wsUrl: string;
  describe: string;
  stop(): Promise<void>;
}

export async function startApp(backend: 'postgres' | 'pglite'): Promise<RunningApp> {
  if (backend === 'postgres') {
    const scratch = await createScratchDatabase();
    try {
      const app = await buildApp(testConfig({ databaseUrl: scratch.url, logLevel: 'silent', checkAnswers: false }));
      return await listen(app, `PostgreSQL database ${scratch.name}`, async () => {
        await app.close();
        await scratch.drop();
      });
    } catch (error) {
      await scratch.drop();
      throw error;
    }
  }
  const handle = await openDatabase({ kind: 'pglite', dataDir: null });
  const app = await buildApp(testConfig({ logLevel: 'silent', checkAnswers: false }), { database: handle });
  return listen(app, 'PGlite in memory', async () => {
    await app.close();
    await handle.close();
  });
}

async function listen(app: App, describe: string, stop: () => Promise<void>): Promise<RunningApp> {
  const address = await app.server.listen({ port: 0, host: '127.0.0.1' });
  return {
    app,
    db: app.database.db,
    baseUrl: `${address}/api`,
    wsUrl: `${address.replace('http', 'ws')}/mqtt`,
    describe,
    stop,
  };
}

/**
 * Opens sessions for existing users the way AuthService does after a password check (a `sessions` row
 * plus a token signed by TokenService with the app's secret), skipping argon2: the password check is not
 * what these benchmarks measure, and 2,000 logins would spend most of the run hashing. The tokens are
 * then verified by the app's real paths (bearer plugin, MQTT authenticate).
 */
export function openSessions(running: RunningApp, userIds: number[]): Promise<Map<number, string>> {
  return openSessionsWith(running.db, running.app.config, userIds);
}

/** The same for an app in another process: its database and the secret it signs with. */
export async function openSessionsWith(
  db: Database,
  secret: { tokenSecret: string; tokenTtlSeconds: number },
  userIds: number[],
): Promise<Map<number, string>> {
  const { tokenSecret, tokenTtlSeconds } = secret;
  const tokens = new TokenService(tokenSecret, tokenTtlSeconds);
  const expiresAt = new Date(Date.now() + tokenTtlSeconds * 1000);
  const sessions = userIds.map((userId) => ({ userId, id: randomUUID() }));
  for (let i = 0; i < sessions.length; i += 1000) {
    const batch = sessions.slice(i, i + 1000);
    await db.execute(sql`
      insert into sessions (id, user_id, expires_at)
      select s.id::uuid, s.user_id, ${expiresAt}
      from unnest(${`{${batch.map((s) => s.id).join(',')}}`}::text[], ${`{${batch.map((s) => s.userId).join(',')}}`}::int[]) as s(id, user_id)`);
  }
  const result = new Map<number, string>();
  for (const s of sessions) result.set(s.userId, await tokens.sign({ userId: s.userId, sessionId: s.id }));
  return result;
}

/** `count` passenger users inserted in one statement (fixed non-argon2 hash: they never log in). */
export async function insertUsers(db: Database, count: number, prefix: string): Promise<number[]> {
  const result = await db.execute(sql`
    insert into users (email, password_hash, first_name, last_name, phone, user_type)
    select ${prefix} || g || '@bench.pe', 'not-a-hash', 'Usuaria', 'Bench ' || g, '987654321', 'passenger'
    from generate_series(1, ${count}::int) g
    returning id`);
  return (result.rows as { id: number }[]).map((r) => Number(r.id));
}

/** The secret the nodes of a cluster generated into the database (no JWT_SECRET), to sign sessions with. */
export async function clusterTokenSecret(
  db: Database,
  tokenTtlSeconds = 3600,
): Promise<{ tokenSecret: string; tokenTtlSeconds: number }> {
  const [row] = await db
    .select({ value: schema.clusterState.value })
    .from(schema.clusterState)
    .where(eq(schema.clusterState.name, 'token_secret'));
  if (!row) throw new Error('the nodes did not store their shared token secret');
  return { tokenSecret: row.value, tokenTtlSeconds };
}
