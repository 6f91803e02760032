/**
 * Cache headers of the web app's files that must never be kept stale by the browser's HTTP cache: the
 * service worker script (a stale one would hide new versions for up to a day), the shell and the files
 * the worker revalidates by revision (manifest, offline page). Hashed files under /assets keep the static
 * plugin's max-age. The worker's scope is the whole site.
 */
const REVALIDATED = new Set(['/', '/index.html', '/manifest.webmanifest', '/offline.html']);
export const SERVICE_WORKER_PATH = '/sw.js';

export function webAppHeaders(path: string): Record<string, string> | null {
  if (path === SERVICE_WORKER_PATH) return { 'cache-control': 'no-cache', 'service-worker-allowed': '/' };
  if (REVALIDATED.has(path)) return { 'cache-control': 'no-cache' };
  return null;
}
