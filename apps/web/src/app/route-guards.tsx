import { Navigate, Outlet, useLocation } from 'react-router';
import type { UserType } from '@jala/contracts';
import { isDriverType, isPassengerType } from '@jala/domain';
import { FullScreenLoader } from '../components/ui/full-screen-loader';
import { useSession } from '../lib/session-store';

/** State carried to /login so the user lands where they wanted to go after signing in. */
export interface LoginRedirectState {
  from?: string;
  /** The session expired (the login page says so). */
  expired?: boolean;
  /** `from` belongs to this user's session: anyone else who logs in goes to their own dashboard. */
  forUser?: number;
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
    const state = location.state as LoginRedirectState | null;
    const sameUser = state?.forUser === undefined || state.forUser === userId;
    const from = userType && sameUser ? safeReturnPath(state?.from, userType) : null;
    return <Navigate to={from ?? '/dashboard'} replace />;
  }
  return <Outlet />;
}

/** Protected pages: 'Verificando sesión...' while checking; an unauthenticated user goes to /login. */
export function ProtectedRoute() {
  const status = useSession((s) => s.status);
  const ended = useSession((s) => s.ended);
  const location = useLocation();
  if (status === 'idle' || status === 'loading') return <FullScreenLoader message="Verificando sesión..." />;
  if (status !== 'authenticated') {
    // After a logout (then Back), the page is not kept for whoever logs in next.
    if (ended?.reason === 'logout') return <Navigate to="/login" replace />;
    const state: LoginRedirectState = {
      from: `${location.pathname}${location.search}${location.hash}`,
      ...(ended?.reason === 'expired' ? { expired: true, ...(ended.userId === null ? {} : { forUser: ended.userId }) } : {}),
    };
    return <Navigate to="/login" replace state={state} />;
  }
  return <Outlet />;
}

/**
 * The driver's pages for someone who is not a driver yet: every one of them leads to the driver
 * registration form ('/driver/profile' shows it), never to a page that can only fail.
 */
export function DriverArea() {
  const userType = useSession((s) => s.user?.user_type);
  const { pathname } = useLocation();
  if (userType && !isDriverType(userType) && pathname !== '/driver/profile') return <Navigate to="/driver/profile" replace />;
  return <Outlet />;
}

/** Operators' console: only users with the 'admin' role (users.is_admin); anyone else goes to /dashboard. */
export function OperatorRoute() {
  const roles = useSession((s) => s.user?.roles);
  if (!roles?.includes('admin')) return <Navigate to="/dashboard" replace />;
  return <Outlet />;
}
