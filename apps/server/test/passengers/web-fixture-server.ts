/**
 * The real API on an in-memory PGlite database with the passenger workspace seeded, for the web component
 * tests (apps/web/test/passenger): run with `node --import tsx`, it prints one line `READY <json>` with the
 * base URL, the seed and a session (user + token) per account, then serves until stdin closes or SIGTERM.
 */
import type { AuthResult } from '@jala/contracts';
import { FACTORY_PASSWORD, seedPassengerWorkspace } from '@jala/test-factories/database';

import { startTestApp } from '../support/test-app';

const t = await startTestApp('pglite');
const seed = await seedPassengerWorkspace(t.app.database.db);
const session = (email: string): Promise<AuthResult> =>
  t.app.services.auth.login({ email, password: FACTORY_PASSWORD }, { userAgent: 'web component tests' });
const sessions = {
  carla: await session(seed.carla.email),
  rater: await session(seed.rater.email),
  driver: await session(seed.driver.email),
  empty: await session(seed.empty.email),
};

let stopping = false;
async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  await t.stop();
  process.exit(0);
}
process.on('SIGTERM', () => void stop());
process.stdin.on('end', () => void stop());
process.stdin.resume();

process.stdout.write(`READY ${JSON.stringify({ apiUrl: t.baseUrl, seed, sessions })}\n`);
