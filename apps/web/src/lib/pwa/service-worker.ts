import { Workbox } from 'workbox-window';

import { useAppUpdate } from './update-state';

/**
 * Registers the service worker (apps/web/src/sw/sw.ts, served as /sw.js) with 'prompt' semantics: a new
 * version installs in the background and waits; the page only says so (update-state → 'Nueva versión
 * disponible'). Nothing reloads unless the user taps 'Actualizar' in this tab — not when another tab
 * updated, and never in the middle of a trip. Loaded after the first render (main.tsx), so none of it is on
 * the login route's critical path.
 */
const SW_URL = '/sw.js';
/** A tab left open for days still hears of new versions: checked when it comes back to the front, at most this often. */
const UPDATE_CHECK_MIN_INTERVAL_MS = 30 * 60 * 1000;

let workbox: Workbox | null = null;
let reloadWhenControlled = false;

export async function startServiceWorker(): Promise<void> {
  if (workbox || !('serviceWorker' in navigator)) return;
  const wb = new Workbox(SW_URL, { scope: '/' });
  workbox = wb;
  // Also fired at start when a version was already waiting from an earlier visit.
  wb.addEventListener('waiting', () => useAppUpdate.getState().setWaiting());
  wb.addEventListener('controlling', () => {
    if (reloadWhenControlled) window.location.reload();
  });
  let lastCheck = Date.now();
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState !== 'visible' || Date.now() - lastCheck < UPDATE_CHECK_MIN_INTERVAL_MS) return;
    lastCheck = Date.now();
    void wb.update().catch(() => undefined); // offline: try again next time
  });
  try {
    await wb.register();
  } catch (error) {
    console.warn('[pwa] service worker registration failed', error);
  }
}

/**
 * The user's 'Actualizar': the waiting worker takes over and this page reloads once it controls it. If
 * another tab already switched to the new version, this page only has to reload.
 */
export async function applyUpdate(): Promise<void> {
  const registration = await navigator.serviceWorker?.getRegistration();
  if (workbox && registration?.waiting) {
    reloadWhenControlled = true;
    workbox.messageSkipWaiting();
  } else {
    window.location.reload();
  }
}
