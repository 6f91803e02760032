/**
 * How the server hands out the installable web app: the service worker and the shell are never kept stale
 * by the HTTP cache, the manifest has its own media type, the security policy lets the page register the
 * worker and read the manifest, and the API is never answered with the app's shell.
 * The web files are a small stand-in build (the real build's serving is covered by e2e/pwa.test.ts).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, expect } from 'vitest';

import { describeOnBackends } from './support/backends';

const webDist = mkdtempSync(join(tmpdir(), 'jala-web-files-'));
mkdirSync(join(webDist, 'assets'));
writeFileSync(
  join(webDist, 'index.html'),
  '<!doctype html><title>Jala</title><link rel="manifest" href="/manifest.webmanifest">',
);
writeFileSync(join(webDist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
writeFileSync(join(webDist, 'manifest.webmanifest'), JSON.stringify({ name: 'Jala', start_url: '/dashboard' }));
writeFileSync(join(webDist, 'offline.html'), '<!doctype html><title>Sin conexión</title>');
writeFileSync(join(webDist, 'assets', 'index-abc123.js'), 'console.log(1);');
afterAll(() => rmSync(webDist, { recursive: true, force: true }));

describeOnBackends(
  'web app files (%s)',
  ({ t, maybe }) => {
    const get = (url: string) => t.app.server.inject({ method: 'GET', url });

    maybe('serves the service worker revalidated on every fetch, with the whole site as its scope', async () => {
      const response = await get('/sw.js');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^application\/javascript/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['service-worker-allowed']).toBe('/');
    });

    maybe('serves the manifest as application/manifest+json, revalidated', async () => {
      const response = await get('/manifest.webmanifest');
      expect(response.headers['content-type']).toMatch(/^application\/manifest\+json/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.json()).toMatchObject({ start_url: '/dashboard' });
    });

    maybe('revalidates the shell and the offline page; hashed assets keep their max-age', async () => {
      for (const url of ['/', '/index.html', '/offline.html', '/driver/trip-request']) {
        expect((await get(url)).headers['cache-control'], url).toBe('no-cache');
      }
      expect((await get('/assets/index-abc123.js')).headers['cache-control']).toBe('public, max-age=3600');
    });

    maybe('lets the page register a same-origin worker and read the manifest (CSP)', async () => {
      const policy = String((await get('/')).headers['content-security-policy']);
      expect(policy).toMatch(/worker-src 'self'/);
      expect(policy).toMatch(/manifest-src 'self'/);
    });

    maybe('never answers an unknown API path with the shell', async () => {
      const response = await get('/api/no-such-route');
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
    });
  },
  { start: () => ({ config: { webDist } }) },
);
