import { dehydrate, hydrate, type QueryClient } from '@tanstack/react-query';

import { QUERY_SNAPSHOT_KEY } from './offline-storage';

/**
 * The last successful answers of a session's query cache, kept on this device so a returning user with no
 * signal sees the last known state (marked as such by the offline banner) instead of endless loaders.
 * Written while signed in (a few seconds after the cache changes, and when the page is hidden), read only
 * when the session had to start offline (session-store `offline`): online, the server is asked as usual.
 * Wiped with the session (offline-storage.ts `forgetOfflineData`).
 */

/** Answers older than this are not worth showing as "the last known state". */
export const SNAPSHOT_MAX_AGE_MS = 24 * 60 * 60 * 1000;
/** A snapshot bigger than this is not written (localStorage holds ~5 MB for the whole site). */
const SNAPSHOT_MAX_CHARS = 1_000_000;
const WRITE_DELAY_MS = 2_000;

interface Snapshot {
  userId: number;
  savedAt: number;
  state: ReturnType<typeof dehydrate>;
}

export function saveQuerySnapshot(client: QueryClient, userId: number, now = Date.now()): void {
  const state = dehydrate(client, { shouldDehydrateQuery: (query) => query.state.status === 'success' });
  const json = JSON.stringify({ userId, savedAt: now, state } satisfies Snapshot);
  if (json.length > SNAPSHOT_MAX_CHARS) return;
  try {
    localStorage.setItem(QUERY_SNAPSHOT_KEY, json);
  } catch {
    // Storage full or unavailable: the offline start shows loaders instead.
  }
}

/** Puts this user's snapshot back into the cache; returns when it was taken, or null when there is none to use. */
export function restoreQuerySnapshot(client: QueryClient, userId: number, now = Date.now()): number | null {
  try {
    const snapshot = JSON.parse(localStorage.getItem(QUERY_SNAPSHOT_KEY) ?? 'null') as Snapshot | null;
    if (!snapshot || snapshot.userId !== userId || now - snapshot.savedAt > SNAPSHOT_MAX_AGE_MS) return null;
    hydrate(client, snapshot.state);
    return snapshot.savedAt;
  } catch {
    return null;
  }
}

/**
 * Keeps the snapshot current while the session lasts; returns the stop function. `signedIn` is asked before
 * each write, so a write due just after a logout (which wiped the snapshot) does not bring it back.
 */
export function keepQuerySnapshot(client: QueryClient, userId: number, signedIn: () => boolean): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const save = (): void => {
    clearTimeout(timer);
    timer = undefined;
    if (signedIn()) saveQuerySnapshot(client, userId);
  };
  const unsubscribe = client.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'success' && timer === undefined)
      timer = setTimeout(save, WRITE_DELAY_MS);
  });
  const onHidden = (): void => {
    if (document.visibilityState === 'hidden') save();
  };
  document.addEventListener('visibilitychange', onHidden);
  return () => {
    clearTimeout(timer);
    unsubscribe();
    document.removeEventListener('visibilitychange', onHidden);
  };
}
