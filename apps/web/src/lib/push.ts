/**
 * Web Push in the browser: this device's subscription, made with the service worker that serves
 * /sw.js once it is registered, and the app's visibility, told to the server so a user looking at the app
 * is not also pushed. No React here: the Notificaciones section and the permission prompts use it.
 */
import type { PushSubscriptionRequest } from '@jala/contracts';

import { deleteSubscription, fetchPushConfig, reportPresence, saveSubscription } from './api/push-api';

/**
 * What this browser can do: no push at all, push refused to this window (a private window, or the site's
 * storage blocked: browsers keep no service worker there), push but no service worker yet, or ready.
 */
export type PushSupport = 'unsupported' | 'blocked' | 'no-worker' | 'ready';

export const PUSH_TEXTS = {
  unsupported:
    'Este navegador no permite notificaciones. En iPhone, agrega Jala a tu pantalla de inicio y ábrela desde allí.',
  noWorker:
    'Las notificaciones aún no están disponibles en esta versión de la aplicación. Recarga la página e inténtalo de nuevo.',
  denied:
    'Bloqueaste las notificaciones de Jala. Para activarlas, toca el candado junto a la dirección, entra a "Permisos" o "Configuración del sitio" y permite "Notificaciones"; luego vuelve aquí.',
  failed: 'No se pudieron activar las notificaciones. Inténtalo de nuevo.',
  unresponsive: 'El servicio de notificaciones del navegador no responde. Inténtalo más tarde.',
  blocked:
    'Tu navegador no permite notificaciones en una ventana privada (incógnito) ni con las cookies y los datos de sitios bloqueados. Abre Jala en una ventana normal o permite los datos de este sitio, y vuelve a intentarlo.',
} as const;

export class PushUnavailableError extends Error {}

/**
 * How long the browser's push machinery (its worker, its push service) may take to answer before the
 * switch gives up and says so. A push service that never answers (no connection to it, a stalled
 * browser) otherwise keeps the switch busy for minutes; the permission prompt itself is never bounded.
 */
export const PUSH_ANSWER_TIMEOUT_MS = 10_000;

/**
 * `work` or, past PUSH_ANSWER_TIMEOUT_MS, the 'no responde' error. A value that still arrives after the
 * deadline goes to `onLate`, so what the user was told (it failed) stays true.
 */
function withinDeadline<T>(work: Promise<T>, onLate?: (value: T) => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let expired = false;
    const timer = setTimeout(() => {
      expired = true;
      reject(new PushUnavailableError(PUSH_TEXTS.unresponsive));
    }, PUSH_ANSWER_TIMEOUT_MS);
    work.then(
      (value) => {
        clearTimeout(timer);
        if (expired) onLate?.(value);
        else resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        if (!expired) reject(error);
      },
    );
  });
}

/** A DOMException's name and message (not always `instanceof Error`: some engines give it its own prototype chain). */
function describeError(error: unknown): { name: string; message: string } {
  if (typeof error !== 'object' || error === null) return { name: '', message: '' };
  const { name, message } = error as { name?: unknown; message?: unknown };
  return { name: typeof name === 'string' ? name : '', message: typeof message === 'string' ? message : '' };
}

/** The browser's refusal, by its DOMException name (the message is the browser's, often English). */
function isRefusedHere(error: unknown): boolean {
  const { name, message } = describeError(error);
  if (name === 'SecurityError' || name === 'InvalidStateError' || name === 'NotAllowedError') return true;
  // Chromium: "Registration failed - storage error" / "- permission denied" (incognito) are AbortErrors too.
  return name === 'AbortError' && /storage|permission/i.test(message);
}

/**
 * The Spanish reason for a failure of the browser's push machinery: a refusal of this window (private
 * window, blocked storage), a blocked permission, or a push service that does not answer. Anything else
 * (the API's own errors) is returned as it is.
 */
function explainPushFailure(error: unknown): unknown {
  if (error instanceof PushUnavailableError) return error;
  if (isRefusedHere(error)) {
    return new PushUnavailableError(notificationPermission() === 'denied' ? PUSH_TEXTS.denied : PUSH_TEXTS.blocked);
  }
  const { name } = describeError(error);
  if (name === 'AbortError' || name === 'NetworkError' || name === 'TimeoutError') {
    return new PushUnavailableError(PUSH_TEXTS.unresponsive);
  }
  return error;
}

export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window
  );
}

/**
 * Push exists in this browser but not in this window: Firefox hides `navigator.serviceWorker` in private
 * windows (the Push API itself is only exposed on secure pages, so this is not an http page).
 */
function pushHiddenHere(): boolean {
  return (
    typeof window !== 'undefined' &&
    !('serviceWorker' in navigator) &&
    'PushManager' in window &&
    'Notification' in window
  );
}

export function notificationPermission(): NotificationPermission | 'unsupported' {
  return pushSupported() ? Notification.permission : 'unsupported';
}

/**
 * The registration of the app's service worker, or null while none is registered (never waits for one).
 * Throws the browser's SecurityError where it refuses workers to this window (blocked storage, private window).
 */
async function workerRegistration(): Promise<ServiceWorkerRegistration | null> {
  if (!pushSupported()) return null;
  const registration = await withinDeadline(navigator.serviceWorker.getRegistration());
  // `ready` resolves once the registered worker is active; without a registration it would never resolve.
  return registration ? withinDeadline(navigator.serviceWorker.ready) : null;
}

export async function pushSupport(): Promise<PushSupport> {
  if (pushHiddenHere()) return 'blocked';
  if (!pushSupported()) return 'unsupported';
  try {
    return (await workerRegistration()) ? 'ready' : 'no-worker';
  } catch (error) {
    if (isRefusedHere(error)) return 'blocked';
    // A worker that does not become active in time is not ready yet.
    if (error instanceof PushUnavailableError) return 'no-worker';
    throw error;
  }
}

/** This device's subscription, if it has one. */
export async function currentPushSubscription(): Promise<PushSubscription | null> {
  const registration = await workerRegistration();
  return registration ? withinDeadline(registration.pushManager.getSubscription()) : null;
}

function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
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
  if (pushHiddenHere()) throw new PushUnavailableError(PUSH_TEXTS.blocked);
  if (!pushSupported()) throw new PushUnavailableError(PUSH_TEXTS.unsupported);
  let subscription: PushSubscription;
  try {
    const permission =
      Notification.permission === 'default' ? await Notification.requestPermission() : Notification.permission;
    if (permission !== 'granted') throw new PushUnavailableError(PUSH_TEXTS.denied);
    const registration = await workerRegistration();
    if (!registration) throw new PushUnavailableError(PUSH_TEXTS.noWorker);
    const config = await fetchPushConfig(PUSH_TEXTS.failed);
    subscription =
      (await withinDeadline(registration.pushManager.getSubscription())) ??
      (await withinDeadline(
        registration.pushManager.subscribe({
          userVisibleOnly: true,
          applicationServerKey: applicationServerKey(config.public_key),
        }),
        // Subscribed after we said it failed: undone, so the switch (read from the browser) and the server agree.
        (late) => {
          void late.unsubscribe().catch(() => undefined);
        },
      ));
  } catch (error) {
    throw explainPushFailure(error);
  }
  const { endpoint, keys } = subscription.toJSON();
  // The browser's JSON types every field as optional; the server refuses (in Spanish) a subscription without them.
  await saveSubscription({ endpoint, keys } as PushSubscriptionRequest, PUSH_TEXTS.failed);
}

/** This device stops receiving notifications: forgotten by the server first, then by the browser. */
export async function disablePush(): Promise<void> {
  const subscription = await currentPushSubscription();
  if (!subscription) return;
  await deleteSubscription(subscription.endpoint, PUSH_TEXTS.failed);
  await subscription.unsubscribe();
}

/**
 * This browser drops its push subscription without telling the server: for a deleted account, whose devices
 * the server already removed (and which can no longer call it).
 */
export async function dropLocalPush(): Promise<void> {
  const subscription = await currentPushSubscription();
  await subscription?.unsubscribe();
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
    reportPresence(visible).catch(() => undefined);
  };
  report();
  const timer = setInterval(() => {
    if (document.visibilityState === 'visible') report();
  }, VISIBLE_HEARTBEAT_MS);
  document.addEventListener('visibilitychange', report);
  return () => {
    clearInterval(timer);
    document.removeEventListener('visibilitychange', report);
  };
}
