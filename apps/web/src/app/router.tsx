import {
  type ComponentType,
  lazy,
  type LazyExoticComponent,
  type ReactNode,
  startTransition,
  useContext,
  useState,
} from 'react';
import { type RouteObject, useLocation, useRoutes } from 'react-router';

import { isChunkLoadError, PageErrorBoundary } from '../components/ui/error-boundary';
import { RootLayout } from './root-layout';
import { DriverArea, OperatorRoute, ProtectedRoute, PublicRoute } from './route-guards';
import { SignedInPageKitContext } from './signed-in-page-kit';

type PageLoader = () => Promise<ComponentType>;

/**
 * One lazily loaded page inside its error boundary (reset by navigation). It has no Suspense of its own:
 * the pages share one boundary above the outlet (app/page-suspense.tsx), so moving to a page whose chunk is
 * still loading keeps the current page on screen rather than a loader in its place.
 * 'Reintentar' really retries: failed queries are reset and the page's chunk is imported afresh (React
 * caches a failed lazy import forever); if the chunk fails a second time only a reload can help. A
 * signed-in user keeps the header and bottom navigation around the error.
 */
function LazyPage({ initial, load }: { initial: LazyExoticComponent<ComponentType>; load: PageLoader }) {
  const { pathname } = useLocation();
  const signedInKit = useContext(SignedInPageKitContext); // null while signed out
  const [page, setPage] = useState({ Component: initial, reimported: false });
  const retry = (error: Error): void => {
    signedInKit?.resetFailedQueries();
    if (!isChunkLoadError(error)) return;
    if (page.reimported) window.location.reload();
    // A transition, like a navigation: the error stays in its frame while the chunk is fetched again.
    else startTransition(() => setPage({ Component: lazy(async () => ({ default: await load() })), reimported: true }));
  };
  const frame = (content: ReactNode) => (signedInKit ? signedInKit.frame(content, pathname) : content);
  const { Component } = page;
  return (
    <PageErrorBoundary resetKey={pathname} onRetry={retry} frame={frame}>
      <Component />
    </PageErrorBoundary>
  );
}

/** A lazily imported named page export, as a route element (see LazyPage). */
function lazyPage<M extends Record<string, unknown>>(importer: () => Promise<M>, name: keyof M & string) {
  const load: PageLoader = async () => (await importer())[name] as ComponentType;
  const initial = lazy(async () => ({ default: await load() }));
  // Keyed by the page: two routes in the same spot must not share one LazyPage's state.
  return <LazyPage key={name} initial={initial} load={load} />;
}

// Every page is its own chunk: the login route only pays for the login page.
const loginPage = lazyPage(() => import('../features/auth/pages/login-page'), 'LoginPage');
const registerPage = lazyPage(() => import('../features/auth/pages/register-page'), 'RegisterPage');
const forgotPasswordPage = lazyPage(
  () => import('../features/password/pages/forgot-password-page'),
  'ForgotPasswordPage',
);
const resetPasswordPage = lazyPage(() => import('../features/password/pages/reset-password-page'), 'ResetPasswordPage');
const dashboardRedirectPage = lazyPage(
  () => import('../features/auth/pages/dashboard-redirect-page'),
  'DashboardRedirectPage',
);
const sharedTripPage = lazyPage(() => import('../features/safety/pages/shared-trip-page'), 'SharedTripPage');
const notFoundPage = lazyPage(() => import('../features/errors/pages/not-found-page'), 'NotFoundPage');
const receiptPage = lazyPage(() => import('../features/live-trip/shared/fare/receipt-page'), 'TripReceiptPage');

const account = {
  sessions: lazyPage(() => import('../features/account/pages/sessions-page'), 'SessionsPage'),
  delete: lazyPage(() => import('../features/account/pages/delete-account-page'), 'DeleteAccountPage'),
  terms: lazyPage(() => import('../features/account/pages/terms-page'), 'TermsPage'),
  privacy: lazyPage(() => import('../features/account/pages/privacy-page'), 'PrivacyPage'),
};

const passenger = {
  dashboard: lazyPage(() => import('../features/passenger/pages/dashboard-page'), 'PassengerDashboardPage'),
  tripRequest: lazyPage(() => import('../features/trip-request/pages/trip-request-page'), 'PassengerTripRequestPage'),
  activeTrip: lazyPage(
    () => import('../features/live-trip/passenger-view/pages/active-trip-page'),
    'PassengerActiveTripPage',
  ),
  profile: lazyPage(() => import('../features/passenger/pages/profile-page'), 'PassengerProfilePage'),
  tripHistory: lazyPage(() => import('../features/passenger/pages/trip-history-page'), 'PassengerTripHistoryPage'),
};

const driver = {
  dashboard: lazyPage(() => import('../features/driver/pages/dashboard-page'), 'DriverDashboardPage'),
  tripRequest: lazyPage(
    () => import('../features/live-trip/driver-view/pages/trip-request-page'),
    'DriverTripRequestPage',
  ),
  activeTrip: lazyPage(
    () => import('../features/live-trip/driver-view/pages/active-trip-page'),
    'DriverActiveTripPage',
  ),
  profile: lazyPage(() => import('../features/driver/pages/profile-page'), 'DriverProfilePage'),
  status: lazyPage(() => import('../features/driver/pages/status-page'), 'DriverStatusPage'),
  earnings: lazyPage(() => import('../features/driver/pages/earnings-page'), 'DriverEarningsPage'),
  trips: lazyPage(() => import('../features/driver/pages/trip-history-page'), 'DriverTripHistoryPage'),
  ledger: lazyPage(() => import('../features/driver-ledger/pages/driver-ledger-page'), 'DriverLedgerPage'),
};

const operatorsConsole = lazyPage(
  () => import('../features/operators/pages/operators-console-page'),
  'OperatorsConsolePage',
);

/** The route table of spec §2. Exported so tests can mount it in a memory router. */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    children: [
      {
        // '/' is Home: it shows the login view; its children are '', 'login' and 'register'.
        element: <PublicRoute />,
        children: [
          { index: true, element: loginPage },
          { path: 'login', element: loginPage },
          { path: 'register', element: registerPage },
          { path: 'recuperar-contrasena', element: forgotPasswordPage },
        ],
      },
      {
        element: <ProtectedRoute />,
        children: [
          { path: 'dashboard', element: dashboardRedirectPage },
          { path: 'trips/:id/receipt', element: receiptPage },
          {
            path: 'cuenta',
            children: [
              { path: 'sesiones', element: account.sessions },
              { path: 'eliminar', element: account.delete },
            ],
          },
          {
            path: 'passenger',
            children: [
              { path: 'dashboard', element: passenger.dashboard },
              { path: 'trip-request', element: passenger.tripRequest },
              { path: 'active-trip', element: passenger.activeTrip },
              { path: 'profile', element: passenger.profile },
              { path: 'trip-history', element: passenger.tripHistory },
            ],
          },
          {
            path: 'driver',
            element: <DriverArea />,
            children: [
              { path: 'dashboard', element: driver.dashboard },
              { path: 'trip-request', element: driver.tripRequest },
              { path: 'active-trip', element: driver.activeTrip },
              { path: 'profile', element: driver.profile },
              { path: 'status', element: driver.status },
              { path: 'earnings', element: driver.earnings },
              { path: 'trips', element: driver.trips },
              { path: 'saldo', element: driver.ledger },
            ],
          },
          { element: <OperatorRoute />, children: [{ path: 'operators', element: operatorsConsole }] },
        ],
      },
      // The public, read-only page of a shared trip: no login, whoever holds the link (safety).
      { path: 'compartir/:token', element: sharedTripPage },
      // The legal documents: public, signed in or out (sign-up and the consent screen link to them).
      { path: 'terminos', element: account.terms },
      { path: 'privacidad', element: account.privacy },
      // A password reset mail's link works with or without a session on this browser.
      { path: 'restablecer-contrasena', element: resetPasswordPage },
      { path: '*', element: notFoundPage },
    ],
  },
];

/**
 * Renders the route table. Declarative routing (BrowserRouter + useRoutes) rather than a data router:
 * the app loads data with TanStack Query, and this keeps ~17 KB gzip of router code off the login route.
 */
export function AppRoutes() {
  return useRoutes(routes);
}
