/**
 * One embedded database, one process: with real processes, a running server holds DATA_DIR
 * (DATA_DIR/jala.pid with its pid and address); `npm run create-operator` and `verify-driver` given that
 * DATA_DIR but not the server's PORT find it by the folder and hand their request to it (the server then
 * sees the change); a second server on the folder refuses to start naming it and the pid; a clean stop
 * frees the folder; a file left by a dead process is taken over.
 */
import { type ChildProcess, execFile, spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import type { AuditEntry } from '@jala/contracts';
import { openDatabase } from '@jala/db';
import { createDriver, createUser, FACTORY_PASSWORD } from '@jala/test-factories/database';
import { beforeAll, describe, expect, it } from 'vitest';

import { acquireDataDirLock } from '../../src/lib/data-dir-lock';
import { api } from '../support/http';
import { freePort } from '../support/processes';
import { scratchDir } from '../support/scratch-dir';

const ROOT = new URL('../../../../', import.meta.url).pathname;
const MAIN = join(ROOT, 'apps/server/src/main.ts');

/** The environment of a child: this machine's, with only the given Jala settings (no PORT unless given). */
function jalaEnv(settings: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: '',
    REDIS_URL: '',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    WEB_DIST: '/nonexistent-web-dist',
    ...settings,
  };
  if (!('PORT' in settings)) delete env.PORT;
  if (!('HOST' in settings)) delete env.HOST;
  return env;
}

interface Exit {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a command to its end (npm scripts as an operator types them). */
function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<Exit> {
  return new Promise((resolve) => {
    execFile(command, args, { cwd: ROOT, env }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr });
    });
  });
}

/** Starts the real server; resolves with the child once it printed that it listens, or with its exit. */
function startServer(
  dataDir: string,
  port: number,
): Promise<{ child: ChildProcess; exit: Promise<Exit>; ready: boolean }> {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: ROOT,
    env: jalaEnv({ DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' }),
  });
  let stdout = '';
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exit = new Promise<Exit>((resolve) => child.once('exit', (code) => resolve({ code, stdout, stderr })));
  return new Promise((resolve) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (stdout.includes('Jala listo')) resolve({ child, exit, ready: true });
    });
    void exit.then(() => resolve({ child, exit, ready: false }));
  });
}

async function stopServer(server: { child: ChildProcess; exit: Promise<Exit> }): Promise<Exit> {
  if (server.child.exitCode === null) server.child.kill('SIGTERM');
  return server.exit;
}

const lockOf = (dataDir: string) =>
  JSON.parse(readFileSync(join(dataDir, 'jala.pid'), 'utf8')) as { pid: number; role: string; address: string | null };

describe('the embedded database is held by one process at a time', () => {
  const dataDir = scratchDir('jala-held-');
  let operatorEmail: string;
  let driverEmail: string;
  let driverId: number;

  beforeAll(async () => {
    const seed = await openDatabase({ kind: 'pglite', dataDir: join(dataDir, 'pglite') });
    try {
      operatorEmail = (await createUser(seed.db, { email: 'jefa.turno@jala.pe' })).email;
      const driver = await createDriver(seed.db, {
        profile: { verificationStatus: 'pending_verification', driverStatus: 'offline' },
      });
      driverEmail = driver.user.email;
      driverId = driver.user.id;
    } finally {
      await seed.close();
    }
  }, 60_000);

  it('the commands find the running server by DATA_DIR alone and hand it their requests; a second server is refused', async () => {
    const port = await freePort();
    const server = await startServer(dataDir, port);
    expect(server.ready).toBe(true);
    try {
      expect(lockOf(dataDir)).toMatchObject({
        pid: server.child.pid,
        role: 'server',
        address: `http://127.0.0.1:${port}`,
      });
      const base = `http://127.0.0.1:${port}/api`;

      // DATA_DIR only: PORT is the default, where this server does not listen.
      const granted = await run(
        'npm',
        ['run', '--silent', 'create-operator', '--', operatorEmail],
        jalaEnv({ DATA_DIR: dataDir }),
      );
      expect({ code: granted.code, stderr: granted.stderr }).toEqual({ code: 0, stderr: '' });
      expect(granted.stdout.trim().split('\n').at(-1)).toBe(`${operatorEmail} ahora es operador de Jala.`);
      const login = await api<{ token: string }>(base, 'POST', '/auth/login', {
        body: { email: operatorEmail, password: FACTORY_PASSWORD },
      });
      const token = login.body.data.token;
      expect((await api(base, 'GET', '/admin/audit-log', { token })).status).toBe(200); // the server sees the grant

      const verified = await run(
        'npm',
        ['run', '--silent', 'verify-driver', '--', driverEmail],
        jalaEnv({ DATA_DIR: dataDir }),
      );
      expect(verified.code).toBe(0);
      expect(verified.stdout.trim().split('\n').at(-1)).toBe(
        `Conductor ${driverEmail} (id ${driverId}) verificado correctamente.`,
      );
      const audit = await api<AuditEntry[]>(base, 'GET', '/admin/audit-log', { token });
      expect(audit.body.data).toContainEqual(
        expect.objectContaining({
          action: 'driver.approve',
          target_id: driverId,
          actor: 'línea de comandos (verify-driver)',
        }),
      );

      const second = await startServer(dataDir, await freePort());
      expect(second.ready).toBe(false);
      const refused = await second.exit;
      expect(refused.code).toBe(2);
      expect(refused.stderr).toContain(
        `La carpeta de datos ${dataDir} está en uso por un servidor de Jala (pid ${server.child.pid}, en http://127.0.0.1:${port})`,
      );
      expect(refused.stderr).toContain(
        `The data folder ${dataDir} is in use by another Jala process (pid ${server.child.pid})`,
      );
      expect(lockOf(dataDir).pid).toBe(server.child.pid); // the refused start left the holder's file alone
    } finally {
      expect((await stopServer(server)).code).toBe(0);
    }
    expect(existsSync(join(dataDir, 'jala.pid'))).toBe(false); // a clean stop frees the folder

    // No server: the command takes the folder itself, and frees it.
    const direct = await run(
      'npm',
      ['run', '--silent', 'create-operator', '--', operatorEmail],
      jalaEnv({ DATA_DIR: dataDir }),
    );
    expect({ code: direct.code, stdout: direct.stdout.trim() }).toEqual({
      code: 0,
      stdout: `${operatorEmail} ya era operador.`,
    });
    expect(existsSync(join(dataDir, 'jala.pid'))).toBe(false);
  }, 180_000);

  it('a server refuses a folder a command holds, and anyone takes over a file left by a dead process', async () => {
    const lock = acquireDataDirLock(dataDir, 'command');
    try {
      const refused = await startServer(dataDir, await freePort());
      expect(refused.ready).toBe(false);
      const exit = await refused.exit;
      expect(exit.code).toBe(2);
      expect(exit.stderr).toContain(
        `La carpeta de datos ${dataDir} está en uso por otro proceso de Jala (pid ${process.pid}).`,
      );
    } finally {
      lock.release();
    }

    const gone = spawnSync(process.execPath, ['-e', '']).pid; // a pid whose process has exited
    writeFileSync(
      join(dataDir, 'jala.pid'),
      JSON.stringify({ pid: gone, role: 'server', address: 'http://127.0.0.1:9', startedAt: new Date().toISOString() }),
    );
    const direct = await run(
      'npm',
      ['run', '--silent', 'verify-driver', '--', driverEmail],
      jalaEnv({ DATA_DIR: dataDir }),
    );
    expect({ code: direct.code, stdout: direct.stdout.trim() }).toEqual({
      code: 0,
      stdout: `El conductor ${driverEmail} (id ${driverId}) ya estaba verificado.`,
    });

    writeFileSync(
      join(dataDir, 'jala.pid'),
      JSON.stringify({ pid: gone, role: 'server', address: null, startedAt: new Date().toISOString() }),
    );
    const server = await startServer(dataDir, await freePort());
    try {
      expect(server.ready).toBe(true);
      expect(lockOf(dataDir).pid).toBe(server.child.pid);
    } finally {
      await stopServer(server);
    }
  }, 180_000);
});
