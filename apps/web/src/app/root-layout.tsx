import { lazy, Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';

import { FullScreenLoader } from '../components/ui/full-screen-loader';
import { useAppUpdate } from '../lib/pwa/update-state';
import { useSession } from '../lib/session-store';
import { PageSuspense } from './page-suspense';

const loadAuthenticatedRoot = () => import('./authenticated-root');
const AuthenticatedRoot = lazy(async () => ({ default: (await loadAuthenticatedRoot()).AuthenticatedRoot }));
// Only loaded when a new version waits (lib/pwa/): nothing of it is on the login route.
const UpdateBanner = lazy(async () => ({ default: (await import('./update-banner')).UpdateBanner }));

/** Scrolls to the top whenever the path changes (spec §2). */
export function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo({ top: 0, left: 0 });
  }, [pathname]);
  return null;
}

/**
 * Root of every route. Signed out, it renders the page directly, so the login route carries no
 * query cache, guard or realtime code; once the session is authenticated the page is rendered inside
 * the lazily loaded AuthenticatedRoot (query cache + active-trip guard).
 */
export function RootLayout() {
  const status = useSession((s) => s.status);
  const userId = useSession((s) => s.user?.id);
  const showUpdate = useAppUpdate((s) => s.waiting && !s.dismissed);

  useEffect(() => {
    // A stored token is being checked: fetch the signed-in chunk in parallel.
    if (status === 'loading') void loadAuthenticatedRoot();
  }, [status]);

  return (
    <>
      <ScrollToTop />
      {showUpdate && (
        <Suspense fallback={null}>
          <UpdateBanner />
        </Suspense>
      )}
      {status === 'authenticated' ? (
        <Suspense fallback={<FullScreenLoader message="Cargando..." />}>
          <AuthenticatedRoot key={userId} />
        </Suspense>
      ) : (
        <PageSuspense>
          <Outlet />
        </PageSuspense>
      )}
    </>
  );
}
