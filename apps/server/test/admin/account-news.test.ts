/**
 * An account change reaches the user's open apps at once on their own notifications/{user} topic
 * (`account_changed`, zAccountNotification), after every node dropped its cached copy: the app reads its
 * profile again, so a session made an operator — in the console, or by `npm run create-operator` on the
 * embedded database while the server runs (the command hands it to the server through DATA_DIR) — shows
 * 'Consola de operadores' without a reload.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { join } from 'node:path';

import { topics, type User, zAccountNotification } from '@jala/contracts';
import { openDatabase } from '@jala/db';
import { createUser } from '@jala/test-factories/database';
import { describe, expect, it } from 'vitest';

import { login } from '../support/actors';
import { describeOnBackends } from '../support/backends';
import { api } from '../support/http';
import { connectMqtt, nextMessageWhere, subscribeQos } from '../support/mqtt';
import { freePort } from '../support/processes';
import { scratchDir } from '../support/scratch-dir';

const isAccountNews = (message: unknown) => zAccountNotification.safeParse(message).success;

describeOnBackends('account changes told to the open app on %s', ({ t, maybe, whenStarted }) => {
  let operatorToken = '';
  whenStarted(async () => {
    operatorToken = (await login(t.baseUrl, (await createUser(t.app.database.db, { isAdmin: true })).email)).token;
  });

  maybe('an operator added or removed in the console hears it, and then reads the new role', async () => {
    const account = await createUser(t.app.database.db);
    const session = await login(t.baseUrl, account.email);
    const client = await connectMqtt(t.wsUrl, { userId: account.id, token: session.token });
    try {
      expect(await subscribeQos(client, topics.notifications(account.id))).toBe(0);
      const granted = nextMessageWhere(client, topics.notifications(account.id), isAccountNews);
      expect(
        (await api(t.baseUrl, 'POST', '/admin/operators', { token: operatorToken, body: { email: account.email } }))
          .status,
      ).toBe(200);
      expect(await granted).toEqual({ type: 'account_changed' });
      expect((await api<User>(t.baseUrl, 'GET', '/auth/profile', { token: session.token })).body.data.roles).toContain(
        'admin',
      );

      const revoked = nextMessageWhere(client, topics.notifications(account.id), isAccountNews);
      expect((await api(t.baseUrl, 'DELETE', `/admin/operators/${account.id}`, { token: operatorToken })).status).toBe(
        200,
      );
      expect(await revoked).toEqual({ type: 'account_changed' });
      expect(
        (await api<User>(t.baseUrl, 'GET', '/auth/profile', { token: session.token })).body.data.roles,
      ).not.toContain('admin');
    } finally {
      client.end(true);
    }
  });
});

// ------------------------------------------------------------- the command line beside a running server

const ROOT = new URL('../../../../', import.meta.url).pathname;

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

/** The real server on `dataDir`, once it says it listens. */
function startServer(dataDir: string, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'apps/server/src/main.ts')], {
    cwd: ROOT,
    env: jalaEnv({ DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' }),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let stdout = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (stdout.includes('Jala listo')) resolve(child);
    });
    child.once('exit', (code) => reject(new Error(`the server exited (${code}) before listening`)));
  });
}

function runCommand(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number; stdout: string }> {
  return new Promise((resolve) => {
    execFile('npm', args, { cwd: ROOT, env }, (error, stdout) =>
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout }),
    );
  });
}

describe('npm run create-operator while the embedded server runs', () => {
  const dataDir = scratchDir('jala-account-news-');

  it("tells the new operator's open session over MQTT, through the server that holds DATA_DIR", async () => {
    const seed = await openDatabase({ kind: 'pglite', dataDir: join(dataDir, 'pglite') });
    let account: { id: number; email: string };
    try {
      account = await createUser(seed.db, { email: 'supervisora.noche@jala.pe' });
    } finally {
      await seed.close();
    }
    const port = await freePort();
    const server = await startServer(dataDir, port);
    const base = `http://127.0.0.1:${port}/api`;
    try {
      const session = await login(base, account.email);
      const client = await connectMqtt(`ws://127.0.0.1:${port}/mqtt`, { userId: account.id, token: session.token });
      try {
        expect(await subscribeQos(client, topics.notifications(account.id))).toBe(0);
        const told = nextMessageWhere(client, topics.notifications(account.id), isAccountNews);
        const granted = await runCommand(
          ['run', '--silent', 'create-operator', '--', account.email],
          jalaEnv({ DATA_DIR: dataDir }),
        );
        expect(granted.code).toBe(0);
        expect(granted.stdout.trim().split('\n').at(-1)).toBe(`${account.email} ahora es operador de Jala.`);
        expect(await told).toEqual({ type: 'account_changed' });
        expect((await api<User>(base, 'GET', '/auth/profile', { token: session.token })).body.data.roles).toContain(
          'admin',
        );
      } finally {
        client.end(true);
      }
    } finally {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
  }, 180_000);
});
