import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { useLocation, useRoutes, type RouteObject } from 'react-router';
import { PageErrorBoundary } from '../components/ui/error-boundary';
import { FullScreenLoader } from '../components/ui/full-screen-loader';
import { RootLayout } from './root-layout';
import { OperatorRoute, ProtectedRoute, PublicRoute } from './route-guards';

/** Error boundary reset by navigation: leaving a broken page recovers the app. */
function PageBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <PageErrorBoundary resetKey={pathname}>{children}</PageErrorBoundary>;
}

/**
 * Wraps a lazily imported named page export in an error boundary (render or chunk-download failure)
 * and a Suspense boundary with the full-screen 'Cargando...' fallback.
 */
function lazyPage<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string) {
  const Page = lazy(async () => ({ default: (await load())[name] as ComponentType }));
  return (
    <PageBoundary>
      <Suspense fallback={<FullScreenLoader message="Cargando..." />}>
        <Page />
      </Suspense>
    </PageBoundary>
  );
}

// Every page is its own chunk: the login route only pays for the login page.
const loginPage = lazyPage(() => import('../features/auth/pages/login-page'), 'LoginPage');
const registerPage = lazyPage(() => import('../features/auth/pages/register-page'), 'RegisterPage');
const dashboardRedirectPage = lazyPage(() => import('../features/auth/pages/dashboard-redirect-page'), 'DashboardRedirectPage');
const notFoundPage = lazyPage(() => import('../features/errors/pages/not-found-page'), 'NotFoundPage');

const passenger = {
  dashboard: lazyPage(() => import('../features/passenger/pages/dashboard-page'), 'PassengerDashboardPage'),
  tripRequest: lazyPage(() => import('../features/trip-request/pages/trip-request-page'), 'PassengerTripRequestPage'),
  activeTrip: lazyPage(() => import('../features/live-trip/passenger/active-trip-page'), 'PassengerActiveTripPage'),
  profile: lazyPage(() => import('../features/passenger/pages/profile-page'), 'PassengerProfilePage'),
  tripHistory: lazyPage(() => import('../features/passenger/pages/trip-history-page'), 'PassengerTripHistoryPage'),
};

const driver = {
  dashboard: lazyPage(() => import('../features/driver/pages/dashboard-page'), 'DriverDashboardPage'),
  tripRequest: lazyPage(() => import('../features/live-trip/driver/trip-request-page'), 'DriverTripRequestPage'),
  activeTrip: lazyPage(() => import('../features/live-trip/driver/active-trip-page'), 'DriverActiveTripPage'),
  profile: lazyPage(() => import('../features/driver/pages/profile-page'), 'DriverProfilePage'),
  status: lazyPage(() => import('../features/driver/pages/status-page'), 'DriverStatusPage'),
  earnings: lazyPage(() => import('../features/driver/pages/earnings-page'), 'DriverEarningsPage'),
};

const operatorsConsole = lazyPage(() => import('../features/operators/pages/operators-console-page'), 'OperatorsConsolePage');

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
        ],
      },
      {
        element: <ProtectedRoute />,
        children: [
          { path: 'dashboard', element: dashboardRedirectPage },
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
            children: [
              { path: 'dashboard', element: driver.dashboard },
              { path: 'trip-request', element: driver.tripRequest },
              { path: 'active-trip', element: driver.activeTrip },
              { path: 'profile', element: driver.profile },
              { path: 'status', element: driver.status },
              { path: 'earnings', element: driver.earnings },
            ],
          },
          { element: <OperatorRoute />, children: [{ path: 'operators', element: operatorsConsole }] },
        ],
      },
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
