import { create } from 'zustand';
import type { AuthResult, LoginRequest, RegisterRequest, UpdateUserRequest, User } from '@jala/contracts';
import { TOKEN_STORAGE_KEY } from '@jala/domain';
import { ApiError, setUnauthorizedHandler } from './api-client';
import { realtime } from './realtime';
import { disablePush } from './push';
import { fetchProfile, loginRequest, logoutRequest, registerRequest, updateProfileRequest } from './auth-api';

/**
 * Session of spec §4: 'idle' before initialize(), 'loading' while a stored token is checked, then
 * 'authenticated' or 'unauthenticated'. Route wrappers read `status`; nothing else decides auth.
 */
export type SessionStatus = 'idle' | 'loading' | 'authenticated' | 'unauthenticated';

/**
 * How the last session of this tab ended: 'logout' (the user chose to leave: their pages are not offered
 * to whoever logs in next) or 'expired' (refused token: the login page says why and returns the same user
 * to where they were). `userId` is null when the refused token was a stored one never loaded.
 */
export interface SessionEnd {
  reason: 'logout' | 'expired';
  userId: number | null;
}

export interface SessionState {
  status: SessionStatus;
  user: User | null;
  token: string | null;
  ended: SessionEnd | null;
  initialize: () => Promise<void>;
  login: (credentials: LoginRequest) => Promise<User>;
  register: (payload: RegisterRequest) => Promise<User>;
  logout: () => Promise<void>;
  updateProfile: (changes: UpdateUserRequest) => Promise<User>;
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

export const useSession = create<SessionState>()((set, get) => {
  const startSession = ({ user, token }: AuthResult): User => {
    tokenStorage.write(token);
    set({ status: 'authenticated', user, token, ended: null });
    openRealtime(user, token);
    return user;
  };

  return {
    status: 'idle',
    user: null,
    token: null,
    ended: null,

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
        set({ status: 'authenticated', user });
        openRealtime(user, token);
      } catch (error) {
        if (get().token !== token) return;
        // Only a refused token is thrown away: after a network failure or a server error the stored token
        // stays, so the next visit with a working connection resumes the session without a new login.
        const refused = error instanceof ApiError && error.status === 401;
        if (refused) tokenStorage.clear();
        set({ status: 'unauthenticated', user: null, token: null, ended: refused ? { reason: 'expired', userId: null } : null });
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
      set({ user });
      return user;
    },

    clearSession: (reason) => {
      tokenStorage.clear();
      realtime.disconnect();
      set({ status: 'unauthenticated', user: null, token: null, ended: { reason, userId: get().user?.id ?? null } });
    },
  };
});

/** A 401 from any call (except login/register/logout) ends the session as expired; ProtectedRoute then sends the user to /login. */
setUnauthorizedHandler(() => {
  if (useSession.getState().status === 'authenticated' || useSession.getState().token) useSession.getState().clearSession('expired');
});

export const selectUser = (state: SessionState): User | null => state.user;
export const selectStatus = (state: SessionState): SessionStatus => state.status;
