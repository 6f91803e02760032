/// <reference lib="webworker" />
/**
 * Jala's service worker (built by vite-plugin-pwa in injectManifest mode; see docs/ARCHITECTURE.md 'PWA').
 *
 * - Precaches the app shell and route chunks listed by the build in `self.__WB_MANIFEST`, so the app opens
 *   with no signal; a navigation is answered with the precached shell (index.html), and with the Spanish
 *   offline page when the shell is not in the cache and the network fails too.
 * - Never answers `/api` or `/mqtt`: those go to the network untouched (no route matches them, and
 *   navigations to them are excluded), so nothing a user reads from the server is ever kept here.
 * - A new version waits until the page asks (`SKIP_WAITING` after the user taps 'Actualizar').
 * - Push: shows the server's payload (push-payload.ts) and, on a tap, focuses the app at the payload's url.
 */
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

import { appUrl, type NotificationData, notificationOptions, parsePushPayload } from './push-payload';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

const SHELL = '/index.html';
const OFFLINE_PAGE = '/offline.html';
const ICONS = { icon: '/icons/icon-192.png', badge: '/icons/badge-96.png' };
/** Paths the worker never answers: the API and the realtime socket. */
const NETWORK_ONLY = [/^\/api(\/|$)/, /^\/mqtt(\/|$)/];

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// The first worker takes the open pages at once (there is no older version to disagree with); an update
// only activates when the page sends SKIP_WAITING, and then the page that asked reloads itself.
clientsClaim();

self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

/** The shell from the precache; the network if it is missing (evicted); the offline page if that fails. */
async function shellOrOffline({ request }: { request: Request }): Promise<Response> {
  const shell = await matchPrecache(SHELL);
  if (shell) return shell;
  try {
    return await fetch(request);
  } catch {
    return (
      (await matchPrecache(OFFLINE_PAGE)) ??
      new Response(
        '<!doctype html><html lang="es-PE"><meta charset="utf-8"><title>Jala</title><p>Sin conexión. Vuelve a intentarlo cuando tengas señal.</p></html>',
        {
          status: 503,
          headers: { 'content-type': 'text/html; charset=utf-8' },
        },
      )
    );
  }
}

registerRoute(new NavigationRoute(shellOrOffline, { denylist: NETWORK_ONLY }));

// ---- Push ------------------------------------------------------------------------------------------

self.addEventListener('push', (event) => {
  let json: unknown = null;
  try {
    json = event.data?.json() ?? null;
  } catch {
    json = null;
  }
  const payload = parsePushPayload(json);
  if (!payload) {
    console.warn('[sw] push without a valid payload ignored');
    return;
  }
  event.waitUntil(self.registration.showNotification(payload.title, notificationOptions(payload, ICONS)));
});

/**
 * Brings the app to the front at `url`: the window in use (focused, else visible, else any) is focused and
 * navigated there; with no window of the app open, or one this worker cannot navigate (not controlled yet),
 * a new one opens at `url`.
 */
async function openApp(url: string): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const existing =
    windows.find((client) => client.focused) ??
    windows.find((client) => client.visibilityState === 'visible') ??
    windows[0];
  if (existing) {
    // Allowed during a notification click; a refusal must not keep the window from moving.
    await existing.focus().catch(() => undefined);
    const moved = existing.url === url ? existing : await existing.navigate(url).catch(() => null);
    if (moved) return;
  }
  await self.clients.openWindow(url);
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = event.notification.data as Partial<NotificationData> | null;
  event.waitUntil(openApp(appUrl(data?.url ?? '', self.location.origin)));
});

/**
 * The push service replaced or expired the subscription. The worker cannot reach the server's API with the
 * user's token (it never holds it), so it tells the open pages, which may subscribe again and send the new
 * subscription (the push settings listen for { type: 'PUSH_SUBSCRIPTION_CHANGED' }). With no page open, the
 * next app start re-subscribes.
 */
self.addEventListener('pushsubscriptionchange', (event) => {
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      for (const client of windows) client.postMessage({ type: 'PUSH_SUBSCRIPTION_CHANGED' });
    }),
  );
});
