import { Navigate, Outlet, useLocation } from 'react-router';
import type { UserType } from '@jala/contracts';
import { isDriverType, isPassengerType } from '@jala/domain';
import { FullScreenLoader } from '../components/ui/full-screen-loader';
import { useSession } from '../lib/session-store';

/** State carried to /login so the user lands where they wanted to go after signing in. */
export interface LoginRedirectState {
  from?: string;
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
  const location = useLocation();
  if (status === 'idle' || status === 'loading') return <FullScreenLoader message="Cargando..." />;
  if (status === 'authenticated') {
    const from = userType ? safeReturnPath((location.state as LoginRedirectState | null)?.from, userType) : null;
    return <Navigate to={from ?? '/dashboard'} replace />;
  }
  return <Outlet />;
}

/** Protected pages: 'Verificando sesión...' while checking; an unauthenticated user goes to /login. */
export function ProtectedRoute() {
  const status = useSession((s) => s.status);
  const location = useLocation();
  if (status === 'idle' || status === 'loading') return <FullScreenLoader message="Verificando sesión..." />;
  if (status !== 'authenticated') {
    const state: LoginRedirectState = { from: `${location.pathname}${location.search}${location.hash}` };
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
