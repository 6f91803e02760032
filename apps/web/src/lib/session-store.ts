import type { AuthResult, LoginRequest, RegisterRequest, UpdateUserRequest, User } from '@jala/contracts';
import { TOKEN_STORAGE_KEY } from '@jala/domain';
import { create } from 'zustand';

import { ApiError, ERROR_CODES, setUnauthorizedHandler } from './api/api-client';
import {
  acceptConsentRequest,
  fetchProfile,
  loginRequest,
  logoutRequest,
  registerRequest,
  updateProfileRequest,
} from './api/auth-api';
import { noteLogout } from './logout-epoch';
import { forgetOfflineData, rememberedUser } from './offline-storage';
import { disablePush } from './push';
import { realtime } from './realtime/realtime';

/**
 * Session of spec §4: 'idle' before initialize(), 'loading' while a stored token is checked, then
 * 'authenticated' or 'unauthenticated'. Route wrappers read `status`; nothing else decides auth.
 */
export type SessionStatus = 'idle' | 'loading' | 'authenticated' | 'unauthenticated';

/**
 * How the last session of this tab ended: 'logout' (the user chose to leave: their pages are not offered
 * to whoever logs in next), 'deleted' (the user deleted their account: as a logout, and the login page says
 * it is done) or 'expired' (refused token: the login page says why and returns the same user to where they
 * were). `userId` is null when the refused token was a stored one never loaded.
 */
export interface SessionEnd {
  reason: 'logout' | 'deleted' | 'expired';
  userId: number | null;
}

export interface SessionState {
  status: SessionStatus;
  user: User | null;
  token: string | null;
  ended: SessionEnd | null;
  /**
   * True while the session runs on the profile remembered on this device because the server could not be
   * reached at start (no signal): the app shows the last known state, marked as such, and checks the token
   * again as soon as the network is back (a refused token then ends the session as usual).
   */
  offline: boolean;
  initialize: () => Promise<void>;
  login: (credentials: LoginRequest) => Promise<User>;
  register: (payload: RegisterRequest) => Promise<User>;
  logout: () => Promise<void>;
  updateProfile: (changes: UpdateUserRequest) => Promise<User>;
  /** Accepts the current terms and privacy policy (the consent screen); the user no longer needs to. */
  acceptTerms: () => Promise<User>;
  /** Drops the session locally: token, user and realtime link (the query cache dies with AuthenticatedRoot). */
  clearSession: (reason: SessionEnd['reason']) => void;
}

export const tokenStorage = {
  read(): string | null {
    try {
      return localStorage.getItem(TOKEN_STORAGE_KEY);
    } catch {
      return null;
    }
  },
  write(token: string): void {
    try {
      localStorage.setItem(TOKEN_STORAGE_KEY, token);
    } catch {
      // Storage unavailable: the session lives until the tab closes.
    }
  },
  clear(): void {
    try {
      localStorage.removeItem(TOKEN_STORAGE_KEY);
    } catch {
      // nothing stored
    }
  },
};

function openRealtime(user: User, token: string): void {
  void realtime.connect({ userId: user.id, token });
}

/** How often a session started offline asks the server again while the browser claims to be online. */
const OFFLINE_RECHECK_MS = 15_000;

const isNetworkFailure = (error: unknown): boolean => error instanceof ApiError && error.code === ERROR_CODES.network;

export const useSession = create<SessionState>()((set, get) => {
  const startSession = ({ user, token }: AuthResult): User => {
    tokenStorage.write(token);
    rememberedUser.write(token, user);
    set({ status: 'authenticated', user, token, ended: null, offline: false });
    openRealtime(user, token);
    return user;
  };

  /**
   * A session opened offline checks its token once the network is back (the 'online' event, and every
   * OFFLINE_RECHECK_MS for a server that was down while the phone had signal): the fresh profile replaces
   * the remembered one; a refused token ends the session through the unauthorized handler.
   */
  const recheckWhenOnline = (token: string): void => {
    let busy = false;
    const stop = (): void => {
      window.removeEventListener('online', recheck);
      clearInterval(timer);
    };
    const recheck = async (): Promise<void> => {
      if (get().token !== token || !get().offline) return stop();
      if (busy || !navigator.onLine) return;
      busy = true;
      try {
        const user = await fetchProfile();
        if (get().token !== token) return stop();
        rememberedUser.write(token, user);
        set({ user, offline: false });
        stop();
      } catch (error) {
        if (!isNetworkFailure(error)) stop(); // refused (session cleared) or a server error: nothing to heal here
      } finally {
        busy = false;
      }
    };
    window.addEventListener('online', recheck);
    const timer = setInterval(recheck, OFFLINE_RECHECK_MS);
  };

  return {
    status: 'idle',
    user: null,
    token: null,
    ended: null,
    offline: false,

    initialize: async () => {
      if (get().status !== 'idle') return;
      const token = tokenStorage.read();
      if (!token) {
        set({ status: 'unauthenticated', user: null, token: null });
        return;
      }
      set({ status: 'loading', token });
      try {
        const user = await fetchProfile();
        if (get().token !== token) return; // a login/logout happened meanwhile
        rememberedUser.write(token, user);
        set({ status: 'authenticated', user });
        openRealtime(user, token);
      } catch (error) {
        if (get().token !== token) return;
        const remembered = isNetworkFailure(error) ? rememberedUser.read(token) : null;
        if (remembered) {
          // No signal: open the app on the remembered profile; the realtime link and this check heal by themselves.
          set({ status: 'authenticated', user: remembered, offline: true });
          openRealtime(remembered, token);
          recheckWhenOnline(token);
          return;
        }
        // Only a refused token is thrown away: after a network failure or a server error the stored token
        // stays, so the next visit with a working connection resumes the session without a new login.
        const refused = error instanceof ApiError && error.status === 401;
        if (refused) tokenStorage.clear();
        set({
          status: 'unauthenticated',
          user: null,
          token: null,
          ended: refused ? { reason: 'expired', userId: null } : null,
        });
      }
    },

    login: async (credentials) => startSession(await loginRequest(credentials)),

    register: async (payload) => startSession(await registerRequest(payload)),

    logout: async () => {
      try {
        // This device stops receiving the account's notifications (the server also drops it with the session).
        if (get().token) await disablePush().catch(() => undefined);
        if (get().token) await logoutRequest();
      } catch {
        // spec §4: the result of the server call does not matter
      }
      get().clearSession('logout');
    },

    updateProfile: async (changes) => {
      const user = await updateProfileRequest(changes);
      const token = get().token;
      if (token) rememberedUser.write(token, user);
      set({ user });
      return user;
    },

    acceptTerms: async () => {
      const user = await acceptConsentRequest();
      const token = get().token;
      if (token) rememberedUser.write(token, user);
      set({ user });
      return user;
    },

    clearSession: (reason) => {
      if (reason !== 'expired') noteLogout();
      tokenStorage.clear();
      forgetOfflineData();
      realtime.disconnect();
      set({
        status: 'unauthenticated',
        user: null,
        token: null,
        ended: { reason, userId: get().user?.id ?? null },
        offline: false,
      });
    },
  };
});

/** A 401 from any call (except login/register/logout) ends the session as expired; ProtectedRoute then sends the user to /login. */
setUnauthorizedHandler(() => {
  if (useSession.getState().status === 'authenticated' || useSession.getState().token)
    useSession.getState().clearSession('expired');
});

export const selectUser = (state: SessionState): User | null => state.user;
export const selectStatus = (state: SessionState): SessionStatus => state.status;

/** The name the app shows and sends for a user: the account's display name, else first and last name. */
export const userDisplayName = (user: Pick<User, 'name' | 'first_name' | 'last_name'>): string =>
  user.name || `${user.first_name} ${user.last_name}`.trim();
