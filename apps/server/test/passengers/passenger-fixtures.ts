/** Shared set-up of the passenger API tests: a few seeded people (the app per backend: support/backends.ts). */
import { type Database, schema } from '@jala/db';

import { registerUser } from '../support/http';
import type { TestApp } from '../support/test-app';

export async function registerPassenger(t: TestApp, overrides: Parameters<typeof registerUser>[1] = {}) {
  const { token, user } = await registerUser(t.baseUrl, { user_type: 'passenger', ...overrides });
  return { token, id: user.id, email: user.email };
}

export async function insertRating(db: Database, values: typeof schema.ratings.$inferInsert) {
  await db.insert(schema.ratings).values(values);
}
