import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

import { type DatabaseHandle, eq, openDatabase, schema } from '@jala/db';
import { createDriver, createUser } from '@jala/test-factories/database';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { runVerifyDriver, USAGE } from '../../src/cli/verify-driver';
import { acquireDataDirLock } from '../../src/lib/data-dir-lock';
import { postgresUp } from '../support/backends';
import { scratchDir } from '../support/scratch-dir';
import { POSTGRES_ADMIN_URL } from '../support/test-app';

const run = promisify(execFile);
const ROOT = new URL('../../../../', import.meta.url).pathname;

function captured() {
  const lines: { info: string[]; error: string[] } = { info: [], error: [] };
  return { lines, out: { info: (l: string) => lines.info.push(l), error: (l: string) => lines.error.push(l) } };
}

/** Opens the database a CLI run will use, seeds it, closes it (PGlite folders take one process at a time). */
async function withDatabase<T>(
  open: () => Promise<DatabaseHandle>,
  work: (handle: DatabaseHandle) => Promise<T>,
): Promise<T> {
  const handle = await open();
  try {
    return await work(handle);
  } finally {
    await handle.close();
  }
}

describe('npm run verify-driver against embedded PGlite (DATA_DIR)', () => {
  const dataDir = scratchDir('jala-cli-');
  let env: NodeJS.ProcessEnv;
  const openPglite = () => openDatabase({ kind: 'pglite', dataDir: join(dataDir, 'pglite') });
  let pendingEmail: string;
  let pendingId: number;
  let passengerEmail: string;

  beforeAll(async () => {
    env = { DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'silent' };
    await withDatabase(openPglite, async ({ db }) => {
      const { user } = await createDriver(db, {
        profile: { verificationStatus: 'pending_verification', driverStatus: 'offline' },
      });
      pendingEmail = user.email;
      pendingId = user.id;
      passengerEmail = (await createUser(db)).email;
    });
  });

  it('prints usage and exits 2 without exactly one valid e-mail', async () => {
    for (const args of [[], ['no-es-correo'], ['a@b.pe', 'c@d.pe']]) {
      const { lines, out } = captured();
      expect(await runVerifyDriver(args, env, out)).toBe(2);
      expect(lines.error).toEqual([USAGE]);
    }
  });

  it('exits 1 with a Spanish message for an unknown account or one without a driver profile', async () => {
    const unknown = captured();
    expect(await runVerifyDriver(['nadie@jala.pe'], env, unknown.out)).toBe(1);
    expect(unknown.lines.error).toEqual(['No existe una cuenta con ese correo.']);
    const passenger = captured();
    expect(await runVerifyDriver([passengerEmail], env, passenger.out)).toBe(1);
    expect(passenger.lines.error).toEqual(['Esa cuenta no tiene un perfil de conductor.']);
  });

  it('refuses (exit 3) while another live process holds DATA_DIR, without opening the database', async () => {
    const lock = acquireDataDirLock(dataDir, 'command');
    try {
      const busy = captured();
      expect(await runVerifyDriver([passengerEmail], env, busy.out)).toBe(3);
      expect(busy.lines.error[0]?.split('\n')[0]).toBe(
        `La carpeta de datos ${dataDir} está en uso por otro proceso de Jala (pid ${process.pid}). Detén ese proceso o usa otro DATA_DIR.`,
      );
    } finally {
      lock.release();
    }
    expect(existsSync(join(dataDir, 'jala.pid'))).toBe(false);
  });

  it('verifies the driver through the real npm script, then reports it as already verified', async () => {
    const childEnv = { ...process.env, ...env, DATABASE_URL: '' };
    const first = await run('npm', ['run', '--silent', 'verify-driver', '--', pendingEmail.toUpperCase()], {
      cwd: ROOT,
      env: childEnv,
    });
    expect(first.stdout.trim()).toBe(`Conductor ${pendingEmail} (id ${pendingId}) verificado correctamente.`);
    await withDatabase(openPglite, async ({ db }) => {
      const [profile] = await db
        .select()
        .from(schema.driverProfiles)
        .where(eq(schema.driverProfiles.userId, pendingId));
      expect(profile?.verificationStatus).toBe('verified');
    });
    const { lines, out } = captured();
    expect(await runVerifyDriver([pendingEmail], env, out)).toBe(0);
    expect(lines.info).toEqual([`El conductor ${pendingEmail} (id ${pendingId}) ya estaba verificado.`]);
  }, 60_000);

  it('exits non-zero from the npm script for an unknown account', async () => {
    const childEnv = { ...process.env, ...env, DATABASE_URL: '' };
    await expect(
      run('npm', ['run', '--silent', 'verify-driver', '--', 'nadie@jala.pe'], { cwd: ROOT, env: childEnv }),
    ).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('No existe una cuenta con ese correo.') });
  }, 60_000);
});

describe.skipIf(!postgresUp)('npm run verify-driver against PostgreSQL (DATABASE_URL)', () => {
  const name = `jala_cli_test_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  let dataDir: string;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    dataDir = mkdtempSync(join(tmpdir(), 'jala-cli-pg-'));
  });
  afterAll(async () => {
    rmSync(dataDir, { recursive: true, force: true });
    const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  it('verifies the driver in the database DATABASE_URL names, their mobile included', async () => {
    const openPg = () => openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 1 });
    const driverId = await withDatabase(
      openPg,
      async ({ db }) =>
        (
          await createDriver(db, {
            user: { phoneVerifiedAt: null },
            profile: { verificationStatus: 'pending_verification' },
          })
        ).user.id,
    );
    const email = await withDatabase(
      openPg,
      async ({ db }) => (await db.select().from(schema.users).where(eq(schema.users.id, driverId)))[0]?.email ?? '',
    );
    const { lines, out } = captured();
    expect(
      await runVerifyDriver([email], { DATABASE_URL: url.toString(), DATA_DIR: dataDir, LOG_LEVEL: 'silent' }, out),
    ).toBe(0);
    expect(lines.info).toEqual([`Conductor ${email} (id ${driverId}) verificado correctamente.`]);
    await withDatabase(openPg, async ({ db }) => {
      const [profile] = await db.select().from(schema.driverProfiles).where(eq(schema.driverProfiles.userId, driverId));
      expect(profile?.verificationStatus).toBe('verified');
      // Whoever runs the command vouches for the number too (the console asks the driver to confirm it by SMS).
      const [user] = await db.select().from(schema.users).where(eq(schema.users.id, driverId));
      expect(user?.phoneVerifiedAt).toBeInstanceOf(Date);
      expect(await db.select().from(schema.auditLog)).toEqual([
        expect.objectContaining({
          action: 'driver.approve',
          targetId: driverId,
          actorLabel: 'línea de comandos (verify-driver)',
        }),
      ]);
    });
  });
});
