/**
 * Web Push in the browser (issue 22): this device's subscription, made with the service worker that serves
 * /sw.js once it is registered, and the app's visibility, told to the server so a user looking at the app
 * is not also pushed. No React here: the Notificaciones section and the permission prompts use it.
 */
import { apiClient, apiRequest, callApi } from './api-client';
import type { PushConfig } from '@jala/contracts';

/** What this browser can do: no push at all, push but no service worker yet, or ready. */
export type PushSupport = 'unsupported' | 'no-worker' | 'ready';

export const PUSH_TEXTS = {
  unsupported: 'Este navegador no permite notificaciones. En iPhone, agrega Jala a tu pantalla de inicio y ábrela desde allí.',
  noWorker: 'Las notificaciones aún no están disponibles en esta versión de la aplicación. Recarga la página e inténtalo de nuevo.',
  denied: 'Bloqueaste las notificaciones de Jala. Para activarlas, toca el candado junto a la dirección, entra a "Permisos" o "Configuración del sitio" y permite "Notificaciones"; luego vuelve aquí.',
  failed: 'No se pudieron activar las notificaciones. Inténtalo de nuevo.',
} as const;

export class PushUnavailableError extends Error {}

export function pushSupported(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

export function notificationPermission(): NotificationPermission | 'unsupported' {
  return pushSupported() ? Notification.permission : 'unsupported';
}

/** The registration of the app's service worker, or null while none is registered (never waits for one). */
async function workerRegistration(): Promise<ServiceWorkerRegistration | null> {
  if (!pushSupported()) return null;
  const registration = await navigator.serviceWorker.getRegistration();
  // `ready` resolves once the registered worker is active; without a registration it would never resolve.
  return registration ? navigator.serviceWorker.ready : null;
}

export async function pushSupport(): Promise<PushSupport> {
  if (!pushSupported()) return 'unsupported';
  return (await workerRegistration()) ? 'ready' : 'no-worker';
}

/** This device's subscription, if it has one. */
export async function currentPushSubscription(): Promise<PushSubscription | null> {
  const registration = await workerRegistration();
  return registration ? registration.pushManager.getSubscription() : null;
}

function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const bytes = atob(base64);
  const key = new Uint8Array(new ArrayBuffer(bytes.length));
  for (let i = 0; i < bytes.length; i += 1) key[i] = bytes.charCodeAt(i);
  return key;
}

/**
 * Asks for permission (only from a tap: browsers ignore or penalise a prompt nobody asked for), subscribes
 * this device with the server's VAPID key and gives the subscription to the server. Throws
 * PushUnavailableError with the Spanish reason when it cannot.
 */
export async function enablePush(): Promise<void> {
  if (!pushSupported()) throw new PushUnavailableError(PUSH_TEXTS.unsupported);
  const permission = Notification.permission === 'default' ? await Notification.requestPermission() : Notification.permission;
  if (permission !== 'granted') throw new PushUnavailableError(PUSH_TEXTS.denied);
  const registration = await workerRegistration();
  if (!registration) throw new PushUnavailableError(PUSH_TEXTS.noWorker);
  const config = await callApi(apiClient.get<PushConfig>('/notifications/config'), PUSH_TEXTS.failed);
  const subscription = await registration.pushManager.getSubscription()
    ?? await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: applicationServerKey(config.public_key) });
  const { endpoint, keys } = subscription.toJSON();
  await callApi(apiClient.post<null>('/notifications/subscription', { endpoint, keys }), PUSH_TEXTS.failed, { allowNull: true });
}

/** This device stops receiving notifications: forgotten by the server first, then by the browser. */
export async function disablePush(): Promise<void> {
  const subscription = await currentPushSubscription();
  if (!subscription) return;
  await callApi(apiRequest<null>('/notifications/subscription', { method: 'DELETE', body: { endpoint: subscription.endpoint }, onUnauthorized: 'ignore' }), PUSH_TEXTS.failed, { allowNull: true });
  await subscription.unsubscribe();
}

/** The web app repeats "visible" this often while on screen (the server counts a report for 75 s). */
export const VISIBLE_HEARTBEAT_MS = 30_000;

/**
 * Tells the server whether the app is on screen now, on every visibility change and every
 * VISIBLE_HEARTBEAT_MS while visible. Best effort: a lost report only means one push more (or, while it
 * counts, one in-app cue instead). Returns the function that stops it (logout).
 */
export function startVisibilityReports(): () => void {
  const report = () => {
    const visible = document.visibilityState === 'visible';
    apiRequest<null>('/notifications/presence', { method: 'PUT', body: { visible }, onUnauthorized: 'ignore', keepalive: true }).catch(() => undefined);
  };
  report();
  const timer = setInterval(() => { if (document.visibilityState === 'visible') report(); }, VISIBLE_HEARTBEAT_MS);
  document.addEventListener('visibilitychange', report);
  return () => {
    clearInterval(timer);
    document.removeEventListener('visibilitychange', report);
  };
}
