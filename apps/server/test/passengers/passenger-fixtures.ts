/** Shared set-up of the passenger API tests: a running app per backend and a few seeded people. */
import { afterAll, beforeAll, it } from 'vitest';
import { schema, type Database } from '@jala/db';
import { registerUser } from '../support/http';
import { isPostgresAvailable, startTestApp, type Backend, type TestApp } from '../support/test-app';

export const postgresUp = await isPostgresAvailable();
if (!postgresUp) console.warn('PostgreSQL at 127.0.0.1:5432 is not reachable: the postgres passenger tests are skipped.');

export const BACKENDS: Backend[] = ['pglite', 'postgres'];

/** Starts the app for one backend in beforeAll; returns a getter and the `it` to use (skips without PostgreSQL). */
export function useTestApp(backend: Backend) {
  let t: TestApp | undefined;
  const isSkipped = backend === 'postgres' && !postgresUp;
  beforeAll(async () => {
    if (!isSkipped) t = await startTestApp(backend);
  });
  afterAll(async () => t?.stop());
  return {
    maybe: isSkipped ? it.skip : it,
    app: (): TestApp => {
      if (!t) throw new Error('test app not started');
      return t;
    },
  };
}

export async function registerPassenger(t: TestApp, overrides: Parameters<typeof registerUser>[1] = {}) {
  const { token, user } = await registerUser(t.baseUrl, { user_type: 'passenger', ...overrides });
  return { token, id: user.id, email: user.email };
}

export async function insertRating(db: Database, values: typeof schema.ratings.$inferInsert) {
  await db.insert(schema.ratings).values(values);
}
