/**
 * The embedded database's memory settings (bench/README.md, memory): small shared buffers, and a data
 * folder created on first boot (by a child process) that a restart opens with its data.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';

import { openDatabase, sql } from '@jala/db';
import { createUser } from '@jala/test-factories/database';
import { describe, expect, it } from 'vitest';

import { scratchDir } from '../support/scratch-dir';

describe('embedded PGlite', () => {
  const folder = scratchDir('jala-embedded-db-');

  it('creates an empty folder on first open, runs with 16MB shared buffers, and reopens it with its data', async () => {
    const dataDir = join(folder, 'pglite');
    const first = await openDatabase({ kind: 'pglite', dataDir });
    try {
      expect(existsSync(join(dataDir, 'PG_VERSION'))).toBe(true);
      expect((await first.db.execute(sql`show shared_buffers`)).rows[0]).toEqual({ shared_buffers: '16MB' });
      await createUser(first.db, { email: 'persiste@prueba.pe' });
    } finally {
      await first.close();
    }
    const again = await openDatabase({ kind: 'pglite', dataDir });
    try {
      expect((await again.db.execute(sql`show shared_buffers`)).rows[0]).toEqual({ shared_buffers: '16MB' });
      expect(
        (await again.db.execute(sql`select count(*)::int as n from users where email = 'persiste@prueba.pe'`)).rows[0],
      ).toEqual({ n: 1 });
    } finally {
      await again.close();
    }
  }, 180_000); // three PGlite boots (initdb child, open + migrations, reopen): slow on a busy 2-core machine
});
