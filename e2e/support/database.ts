/** Direct access to the e2e server's PostgreSQL database, for seeding what no screen can create quickly. */
import { type DatabaseHandle, openDatabase } from '@jala/db';
import { inject } from 'vitest';

export function openE2eDatabase(): Promise<DatabaseHandle> {
  return openDatabase({ kind: 'postgres', url: inject('databaseUrl'), poolSize: 2 });
}
