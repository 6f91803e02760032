import type { User } from '@jala/contracts';

/**
 * What this device keeps so a returning user with no signal still sees the app: the profile of
 * the signed-in user as the server last gave it (here) and the last answers of the query cache
 * (`query-snapshot.ts`). Both belong to the session: they are written while signed in and wiped when the
 * session ends (logout or refused token), so the next person on the phone finds nothing.
 */
export const REMEMBERED_USER_KEY = 'jala.offline.user';
export const QUERY_SNAPSHOT_KEY = 'jala.offline.queries';

/** A token's last characters (its signature): enough to tell it from another, without keeping it twice. */
const fingerprint = (token: string): string => token.slice(-16);

export const rememberedUser = {
  write(token: string, user: User): void {
    try {
      localStorage.setItem(REMEMBERED_USER_KEY, JSON.stringify({ token: fingerprint(token), user }));
    } catch {
      // No storage (private mode, full): only the offline start is lost.
    }
  },
  /** The profile remembered for this very token, else null (another session's profile is never used). */
  read(token: string): User | null {
    try {
      const stored = JSON.parse(localStorage.getItem(REMEMBERED_USER_KEY) ?? 'null') as {
        token?: unknown;
        user?: { id?: unknown };
      } | null;
      if (stored?.token !== fingerprint(token) || typeof stored.user?.id !== 'number') return null;
      return stored.user as User;
    } catch {
      return null;
    }
  },
};

/** Forgets everything the session kept on this device. */
export function forgetOfflineData(): void {
  try {
    localStorage.removeItem(REMEMBERED_USER_KEY);
    localStorage.removeItem(QUERY_SNAPSHOT_KEY);
  } catch {
    // nothing stored
  }
}
