/**
 * `npm run create-operator -- <correo>`: straight into the embedded database when no process holds it
 * (through a running server's inbox while one does: cli-processes.test.ts, with real processes).
 * OPERATOR_EMAILS at boot does the same. Every grant is audited.
 */
import { join } from 'node:path';

import { type Database, eq, openDatabase, schema, sql } from '@jala/db';
import { createUser } from '@jala/test-factories/database';
import { describe, expect, it } from 'vitest';

import { buildApp } from '../../src/app';
import { runCreateOperator, USAGE } from '../../src/cli/create-operator';
import { scratchDir } from '../support/scratch-dir';
import { testConfig } from '../support/test-app';

function captured() {
  const lines: { info: string[]; error: string[] } = { info: [], error: [] };
  return { lines, out: { info: (l: string) => lines.info.push(l), error: (l: string) => lines.error.push(l) } };
}
const isAdmin = async (db: Database, email: string) =>
  (await db.select({ isAdmin: schema.users.isAdmin }).from(schema.users).where(eq(schema.users.email, email)))[0]
    ?.isAdmin;

describe('npm run create-operator', () => {
  const dataDir = scratchDir('jala-operator-');

  it('prints usage without exactly one valid e-mail', async () => {
    const { lines, out } = captured();
    expect(await runCreateOperator(['no-es-correo'], { DATA_DIR: dataDir, PORT: '0' }, out)).toBe(2);
    expect(lines.error).toEqual([USAGE]);
  });

  it('opens the embedded database itself when no server runs, and audits the grant', async () => {
    const pgliteDir = join(dataDir, 'pglite');
    let db = await openDatabase({ kind: 'pglite', dataDir: pgliteDir });
    const email = (await createUser(db.db, { email: 'primera@jala.pe' })).email;
    await db.close();

    const { lines, out } = captured();
    expect(await runCreateOperator([email], { DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'silent' }, out)).toBe(0);
    expect(lines.info).toEqual(['primera@jala.pe ahora es operador de Jala.']);
    const again = captured();
    expect(await runCreateOperator(['nadie@jala.pe'], { DATA_DIR: dataDir, PORT: '0' }, again.out)).toBe(1);
    expect(again.lines.error[0]).toMatch(/^No existe una cuenta con ese correo/);

    db = await openDatabase({ kind: 'pglite', dataDir: pgliteDir });
    try {
      expect(await isAdmin(db.db, email)).toBe(true);
      const audit = await db.db.select().from(schema.auditLog);
      expect(audit).toEqual([
        expect.objectContaining({
          action: 'operator.grant',
          actorId: null,
          actorLabel: 'línea de comandos (create-operator)',
        }),
      ]);
    } finally {
      await db.close();
    }
  }, 90_000);

  it('makes OPERATOR_EMAILS operators at boot', async () => {
    const db = await openDatabase({ kind: 'pglite', dataDir: null });
    await createUser(db.db, { email: 'jefa@jala.pe' });
    const app = await buildApp(testConfig({ operatorEmails: ['jefa@jala.pe', 'aun-no-existe@jala.pe'] }), {
      database: db,
    });
    try {
      expect(await isAdmin(db.db, 'jefa@jala.pe')).toBe(true);
      const [row] = (await db.db.execute(sql`select actor_label from audit_log where action = 'operator.grant'`))
        .rows as { actor_label: string }[];
      expect(row?.actor_label).toBe('OPERATOR_EMAILS al iniciar');
    } finally {
      await app.close();
      await db.close();
    }
  });
});
