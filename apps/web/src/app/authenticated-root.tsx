import { isDriverType } from '@jala/domain';
import { onlineManager, type QueryClient, useQueryClient, useQueryErrorResetBoundary } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';

import { AppLayout } from '../components/layout/app-layout';
import { LayoutNoticesContext } from '../components/layout/layout-notices';
import { driverTripQuery, passengerTripQuery } from '../lib/current-trip';
import { startVisibilityReports } from '../lib/push';
import { createQueryClient } from '../lib/query-client';
import { keepQuerySnapshot, restoreQuerySnapshot } from '../lib/query-snapshot';
import { useSession } from '../lib/session-store';
import { useAccountNews } from './account-news';
import { resolveActiveTripRedirect } from './active-trip-redirect';
import { useBookingNews } from './booking-news';
import { PageSuspense } from './page-suspense';
import { usePaymentNews } from './payment-news';
import { AppProviders } from './providers';
import { useRefetchOnReconnect } from './refetch-on-reconnect';
import { SignedInNotices } from './signed-in-notices';
import { type SignedInPageKit, SignedInPageKitContext } from './signed-in-page-kit';

/** The bottom navigation that belongs to a path, so an error keeps the user's way around. */
function navFor(pathname: string): 'passenger' | 'driver' | undefined {
  if (pathname.startsWith('/driver')) return 'driver';
  if (pathname.startsWith('/passenger')) return 'passenger';
  return undefined;
}

/**
 * Active-trip guard (spec §2), re-run on every location change once the session is known, and when a
 * booking becomes the active trip or is taken from its driver (`useBookingNews`). Also where the app hears,
 * wherever it is, that a driver's Yape/Plin payment moved (`usePaymentNews`) and that the account changed
 * (`useAccountNews`: the profile is read again, e.g. a new operator's menu).
 * Lookups go through the query cache (a few seconds fresh), so moving around does not hammer the API.
 */
export function ActiveTripGuard() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const user = useSession((s) => (s.status === 'authenticated' ? s.user : null));
  useRefetchOnReconnect();
  // While signed in, the server knows whether the app is on screen: then it cues in-app instead of pushing.
  const userId = user?.id;
  useEffect(() => (userId === undefined ? undefined : startVisibilityReports()), [userId]);
  const [activations, setActivations] = useState(0);
  useBookingNews(userId, () => setActivations((count) => count + 1));
  useAccountNews(userId);
  usePaymentNews(userId, user ? isDriverType(user.user_type) : false);

  useEffect(() => {
    if (!user) return;
    let cancelled = false;
    // Offline, the last known trip decides (a fetch would wait for the network); online, a fresh lookup.
    const offline = !onlineManager.isOnline();
    void resolveActiveTripRedirect(pathname, user, {
      passenger: () =>
        offline
          ? queryClient.ensureQueryData(passengerTripQuery(user.id))
          : queryClient.fetchQuery(passengerTripQuery(user.id)),
      driver: () =>
        offline
          ? queryClient.ensureQueryData(driverTripQuery(user.id))
          : queryClient.fetchQuery(driverTripQuery(user.id)),
    }).then((target) => {
      if (!cancelled && target) void navigate(target, { replace: true });
    });
    return () => {
      cancelled = true;
    };
  }, [pathname, user, queryClient, navigate, activations]);

  return null;
}

/**
 * The session's query cache. A session that had to start offline gets the last answers kept on this device
 * (lib/query-snapshot.ts), so its pages show the last known state instead of loaders.
 */
function sessionQueryClient(): QueryClient {
  const client = createQueryClient();
  const { offline, user } = useSession.getState();
  if (offline && user) restoreQuerySnapshot(client, user.id);
  return client;
}

/**
 * Everything only a signed-in user needs, loaded as its own chunk after login: the query cache
 * (one per session, so no user ever sees another's cached data), the active-trip guard, and what page
 * error boundaries need when someone is signed in (SignedInPageKit).
 */
export function AuthenticatedRoot() {
  const [client] = useState(sessionQueryClient);
  useEffect(() => () => client.clear(), [client]);
  useEffect(() => {
    const userId = useSession.getState().user?.id;
    if (userId === undefined) return;
    return keepQuerySnapshot(client, userId, () => useSession.getState().user?.id === userId);
  }, [client]);
  const { reset } = useQueryErrorResetBoundary();
  const pageKit = useMemo<SignedInPageKit>(
    () => ({
      resetFailedQueries: reset,
      frame: (content: ReactNode, pathname: string) => (
        <AppLayout title="Jala" nav={navFor(pathname)}>
          {content}
        </AppLayout>
      ),
    }),
    [reset],
  );
  return (
    <AppProviders client={client}>
      <SignedInPageKitContext.Provider value={pageKit}>
        <LayoutNoticesContext.Provider value={SignedInNotices}>
          <ActiveTripGuard />
          <PageSuspense>
            <Outlet />
          </PageSuspense>
        </LayoutNoticesContext.Provider>
      </SignedInPageKitContext.Provider>
    </AppProviders>
  );
}
