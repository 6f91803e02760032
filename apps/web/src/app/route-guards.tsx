import type { UserType } from '@jala/contracts';
import { isDriverType, isPassengerType } from '@jala/domain';
import { lazy, Suspense } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';

import { FullScreenLoader } from '../components/ui/full-screen-loader';
import { logoutEpoch } from '../lib/logout-epoch';
import { useSession } from '../lib/session-store';

/** How long a destination recorded for nobody in particular (no session yet) waits for a login. */
export const ANONYMOUS_RETURN_TTL_MS = 30 * 60_000;

/** State carried to /login so the user lands where they wanted to go after signing in. */
export interface LoginRedirectState {
  from?: string;
  /** The session expired (the login page says so). */
  expired?: boolean;
  /** `from` belongs to this user's session: anyone else who logs in goes to their own dashboard. */
  forUser?: number;
  /** With no `forUser`: when `from` was recorded (ms) and the logout count then (lib/logout-epoch.ts). */
  recordedAt?: number;
  logoutEpoch?: number;
}

/**
 * Where `userId` goes after signing in: `from` when it was kept for them, or for nobody in particular but
 * recently and with no logout since (a shared phone's next person must not land on someone else's page).
 */
export function returnPathFor(state: LoginRedirectState | null, userId: number, userType: UserType): string | null {
  if (!state?.from) return null;
  const meant =
    state.forUser !== undefined
      ? state.forUser === userId
      : state.logoutEpoch === logoutEpoch() &&
        state.recordedAt !== undefined &&
        Date.now() - state.recordedAt < ANONYMOUS_RETURN_TTL_MS;
  return meant ? safeReturnPath(state.from, userType) : null;
}

/** Only internal, role-compatible paths are honoured as a post-login destination. */
export function safeReturnPath(from: unknown, userType: UserType): string | null {
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//')) return null;
  if (from.startsWith('/driver') && !isDriverType(userType)) return null;
  if (from.startsWith('/passenger') && !isPassengerType(userType)) return null;
  return from;
}

/** Public pages: 'Cargando...' while the session loads; an authenticated user goes to /dashboard. */
export function PublicRoute() {
  const status = useSession((s) => s.status);
  const userType = useSession((s) => s.user?.user_type);
  const userId = useSession((s) => s.user?.id);
  const location = useLocation();
  if (status === 'idle' || status === 'loading') return <FullScreenLoader message="Cargando..." />;
  if (status === 'authenticated') {
    const from =
      userType && userId !== undefined
        ? returnPathFor(location.state as LoginRedirectState | null, userId, userType)
        : null;
    return <Navigate to={from ?? '/dashboard'} replace />;
  }
  return <Outlet />;
}

// Only an account with terms to accept loads it.
const ConsentPage = lazy(async () => ({
  default: (await import('../features/account/pages/consent-page')).ConsentPage,
}));

/**
 * Protected pages: 'Verificando sesión...' while checking; an unauthenticated user goes to /login. An account
 * that has not accepted the current terms and privacy policy (`consent_required`) sees the consent screen in
 * place of any page until it accepts.
 */
export function ProtectedRoute() {
  const status = useSession((s) => s.status);
  const ended = useSession((s) => s.ended);
  const mustConsent = useSession((s) => s.user?.consent_required === true);
  const location = useLocation();
  if (status === 'idle' || status === 'loading') return <FullScreenLoader message="Verificando sesión..." />;
  if (status !== 'authenticated') {
    // After a logout (then Back), the page is not kept for whoever logs in next.
    if (ended?.reason === 'logout') return <Navigate to="/login" replace />;
    if (ended?.reason === 'deleted') return <Navigate to="/login" replace state={{ accountDeleted: true }} />;
    const forUser = ended?.reason === 'expired' ? ended.userId : null;
    const state: LoginRedirectState = {
      from: `${location.pathname}${location.search}${location.hash}`,
      ...(ended?.reason === 'expired' ? { expired: true } : {}),
      ...(forUser === null ? { recordedAt: Date.now(), logoutEpoch: logoutEpoch() } : { forUser }),
    };
    return <Navigate to="/login" replace state={state} />;
  }
  if (mustConsent)
    return (
      <Suspense fallback={<FullScreenLoader message="Cargando..." />}>
        <ConsentPage />
      </Suspense>
    );
  return <Outlet />;
}

/**
 * The driver's pages for someone who is not a driver yet: every one of them leads to the driver
 * registration form ('/driver/profile' shows it), never to a page that can only fail.
 */
export function DriverArea() {
  const userType = useSession((s) => s.user?.user_type);
  const { pathname } = useLocation();
  if (userType && !isDriverType(userType) && pathname !== '/driver/profile')
    return <Navigate to="/driver/profile" replace />;
  return <Outlet />;
}

/** Operators' console: only users with the 'admin' role (users.is_admin); anyone else goes to /dashboard. */
export function OperatorRoute() {
  const roles = useSession((s) => s.user?.roles);
  if (!roles?.includes('admin')) return <Navigate to="/dashboard" replace />;
  return <Outlet />;
}
