/**
 * How the service worker turns the server's Web Push payload into a notification. The payload's shape is
 * the contracts' `PushPayload` (`zPushPayload`), imported as a type only: the worker's bundle carries no zod.
 * The server decides who is told what; this side only shows it and, on a tap, opens `url`.
 *
 * `kind` names the event (e.g. 'requests', 'offers'), `url` is an app path such as '/driver/trip-request';
 * a notification with the same `tag` replaces the previous one (grouping), `renotify` makes that replacement
 * sound and vibrate again.
 */
import type { PushPayload } from '@jala/contracts';

export type { PushPayload };

/** What a notification carries for its click handler. */
export interface NotificationData {
  url: string;
  kind: string;
}

/** Where the app opens when a payload has no usable url. */
export const DEFAULT_URL = '/dashboard';

const isString = (value: unknown): value is string => typeof value === 'string';

/**
 * Reads a push message's JSON; null when it is not a payload of the contract (a push the app cannot
 * explain is not shown as a blank notification).
 */
export function parsePushPayload(json: unknown): PushPayload | null {
  if (typeof json !== 'object' || json === null) return null;
  const { kind, title, body, url, tag, renotify } = json as Record<string, unknown>;
  if (!isString(kind) || !isString(title) || !isString(body) || !isString(url)) return null;
  if (tag !== undefined && !isString(tag)) return null;
  if (renotify !== undefined && typeof renotify !== 'boolean') return null;
  // The kind is only carried to the click handler, never branched on here: a kind newer than this worker
  // (a deploy ahead of the installed worker) is still shown, so it is not checked against the list.
  return {
    kind: kind as PushPayload['kind'],
    title,
    body,
    url,
    ...(tag === undefined ? {} : { tag }),
    ...(renotify === undefined ? {} : { renotify }),
  };
}

/**
 * The app path a notification opens: only a path on this origin is followed (a payload cannot send the
 * user to another site); anything else opens the default.
 */
export function appUrl(url: string, origin: string): string {
  if (!url) return new URL(DEFAULT_URL, origin).href;
  try {
    const target = new URL(url, origin);
    return target.origin === origin ? target.href : new URL(DEFAULT_URL, origin).href;
  } catch {
    return new URL(DEFAULT_URL, origin).href;
  }
}

/** The Notification options of a payload (spread into `showNotification(title, …)`). */
export function notificationOptions(
  payload: PushPayload,
  icons: { icon: string; badge: string },
): NotificationOptions & { renotify?: boolean } {
  const data: NotificationData = { url: payload.url, kind: payload.kind };
  return {
    body: payload.body,
    data,
    icon: icons.icon,
    badge: icons.badge,
    lang: 'es-PE',
    // renotify without a tag throws in Chromium: only pass it with one.
    ...(payload.tag === undefined ? {} : { tag: payload.tag, renotify: payload.renotify ?? false }),
  };
}
