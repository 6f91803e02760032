/**
 * The zero-setup default: the product started as `npm start` runs it (the server bundle built by
 * `npm run build:server`, run with plain node), with no DATABASE_URL, no Redis and no internet, keeps its
 * data in the embedded PGlite folder across a restart.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { freePort, repoRoot, waitForHealth } from './support/server-process';

async function startEmbedded(dataDir: string, port: number): Promise<ChildProcess> {
  // Without DATABASE_URL and REDIS_URL, exactly as a fresh machine starts it.
  const { DATABASE_URL: _database, REDIS_URL: _redis, ...inherited } = process.env;
  const env = { ...inherited, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  const child = spawn(process.execPath, ['apps/server/dist/main.mjs'], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    await waitForHealth(`http://127.0.0.1:${port}`, child);
  } catch (error) {
    // Not left migrating into the data folder the test is about to remove.
    child.kill('SIGKILL');
    throw error;
  }
  return child;
}

async function stop(child: ChildProcess): Promise<void> {
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
}

/** Two boots, the first on a fresh folder, each within waitForHealth's ceiling. */
const TWO_BOOTS_MS = 300_000;

describe('embedded default (PGlite, in-process broker)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'jala-embedded-'));
  beforeAll(() => {
    execFileSync(process.execPath, ['apps/server/scripts/bundle.mjs'], { cwd: repoRoot, stdio: 'inherit' });
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it(
    'serves the web app, the API and demo accounts, and keeps data across a restart',
    { timeout: TWO_BOOTS_MS },
    async () => {
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      let child = await startEmbedded(dataDir, port);
      try {
        const health = await (await fetch(`${base}/api/health`)).json();
        expect(health.data).toMatchObject({ status: 'ok', database: 'pglite' });
        const html = await (await fetch(`${base}/login`)).text();
        expect(html).toContain('lang="es"');
        expect(existsSync(join(dataDir, 'pglite'))).toBe(true);
        expect(existsSync(join(dataDir, 'token-secret'))).toBe(true);
        const demo = await fetch(`${base}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'pasajero@jala.pe', password: 'jala12345' }),
        });
        expect(demo.status).toBe(200);
        const register = await fetch(`${base}/api/auth/register`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            first_name: 'Persistente',
            last_name: 'Prueba',
            email: 'persiste@prueba.pe',
            phone: '912345678',
            password: 'secreto123',
            accept_terms: true, // the sign-up form's 'Términos y condiciones' box
          }),
        });
        expect(register.status).toBe(201);
        const { data } = await register.json();
        await stop(child);

        child = await startEmbedded(dataDir, port);
        const again = await fetch(`${base}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'persiste@prueba.pe', password: 'secreto123' }),
        });
        expect(again.status).toBe(200);
        // The token secret survived too, so the old session token is still valid.
        const profile = await fetch(`${base}/api/auth/profile`, { headers: { authorization: `Bearer ${data.token}` } });
        expect(profile.status).toBe(200);
        const docs = await fetch(`${base}/api/docs/json`);
        expect(docs.status).toBe(200);
        const openapi = await docs.json();
        expect(Object.keys(openapi.paths)).toEqual(
          expect.arrayContaining(['/api/auth/login', '/api/trips', '/api/driver/trip-requests']),
        );
      } finally {
        await stop(child);
      }
    },
  );
});
