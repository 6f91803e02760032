import { makeUser } from '@jala/test-factories';
import { act, cleanup, fireEvent, render, renderHook, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { resolveActiveTripRedirect } from '../src/app/active-trip-redirect';
import { AppHeader } from '../src/components/layout/app-header';
import { ConnectionIndicator, useRealtimeConnected } from '../src/components/layout/connection-indicator';
import { ProfileMenu } from '../src/components/layout/profile-menu';
import { isChunkLoadError, PageErrorBoundary } from '../src/components/ui/error-boundary';
import { type ConnectionListener, realtime } from '../src/lib/realtime/realtime';
import { readRoleMode } from '../src/lib/role-mode';
import { useSession } from '../src/lib/session-store';
import { setSession, stubFetch } from './support';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
  useSession.setState({ status: 'idle', user: null, token: null });
});

describe('connection indicator', () => {
  it('refreshes on every connection event and every 4 s', () => {
    vi.useFakeTimers();
    let connected = false;
    let emit: ConnectionListener = () => {};
    const client = {
      isConnected: () => connected,
      onConnectionChange: (listener: ConnectionListener) => {
        emit = listener;
        return () => {};
      },
    };
    const { result } = renderHook(() => useRealtimeConnected(client));
    expect(result.current).toBe(false);

    connected = true;
    act(() => emit('connected'));
    expect(result.current).toBe(true);

    connected = false; // changed without an event: only the poll notices
    act(() => vi.advanceTimersByTime(3_999));
    expect(result.current).toBe(true);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe(false);
  });

  it("follows the browser's offline and online events even while the socket still looks open", () => {
    const client = { isConnected: () => true, onConnectionChange: () => () => {} };
    let online = true;
    vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
    const { result } = renderHook(() => useRealtimeConnected(client));
    expect(result.current).toBe(true);
    online = false;
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(result.current).toBe(false);
    online = true;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(result.current).toBe(true);
  });

  it("reads 'Jala Online' or 'Jala Off', red (offline class) when off", () => {
    vi.spyOn(realtime, 'isConnected').mockReturnValue(false);
    render(<ConnectionIndicator />);
    const indicator = screen.getByTestId('connection-indicator');
    expect(indicator.textContent).toBe('Jala Off');
    expect(indicator.className).toContain('conn-indicator--offline');
  });
});

describe('app header', () => {
  it("names a labelled back button in Spanish ('Volver al inicio' for 'Dashboard')", () => {
    render(
      <MemoryRouter>
        <AppHeader title="Solicitar viaje" back={{ to: '/dashboard', label: 'Dashboard', name: 'Volver al inicio' }} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('button', { name: 'Volver al inicio' }).textContent).toBe('Dashboard');
  });
});

describe('profile menu', () => {
  function Probe() {
    const l = useLocation();
    return <output data-testid="location">{l.pathname}</output>;
  }

  /** The menu (at `path`, with the location probe) as `user` sees it, opened. */
  function openMenu(user: Parameters<typeof makeUser>[0], path = '/') {
    setSession(makeUser(user));
    render(
      <MemoryRouter initialEntries={[path]}>
        <ProfileMenu />
        <Probe />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Menú de perfil' }));
  }

  it('shows name, email and the three actions with the right profile paths', () => {
    openMenu({ user_type: 'both', name: 'Luis Ramos', email: 'luis@example.pe' });
    expect(screen.getByText('Luis Ramos')).toBeTruthy();
    expect(screen.getByText('luis@example.pe')).toBeTruthy();
    expect(screen.getByRole('menuitem', { name: 'Ver perfil' }).getAttribute('href')).toBe('/driver/profile');
    expect(screen.getByRole('menuitem', { name: 'Editar perfil' }).getAttribute('href')).toBe('/driver/profile?edit=1');
    expect(screen.getByRole('menuitem', { name: 'Cerrar sesión' })).toBeTruthy();
  });

  it("a 'both' user switches mode from the menu: that mode's dashboard, remembered for /dashboard", () => {
    openMenu({ user_type: 'both' }, '/passenger/dashboard');
    expect(screen.getByRole('menuitem', { name: 'Ver perfil' }).getAttribute('href')).toBe('/passenger/profile');
    fireEvent.click(screen.getByRole('menuitem', { name: 'Cambiar a modo conductor' }));
    expect(screen.getByTestId('location').textContent).toBe('/driver/dashboard');
    expect(readRoleMode()).toBe('driver');
    fireEvent.click(screen.getByRole('button', { name: 'Menú de perfil' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Cambiar a modo pasajero' }));
    expect(screen.getByTestId('location').textContent).toBe('/passenger/dashboard');
    expect(readRoleMode()).toBe('passenger');
  });

  it('offers no mode switch to a user with one role', () => {
    openMenu({ user_type: 'passenger' });
    expect(screen.queryByRole('menuitem', { name: /Cambiar a modo/ })).toBeNull();
  });

  it("'Cerrar sesión' logs out even if the server fails, and goes to /login", async () => {
    vi.spyOn(realtime, 'disconnect').mockImplementation(() => {});
    stubFetch({}); // POST /auth/logout → 404: ignored
    openMenu({ user_type: 'passenger' }, '/passenger/dashboard');
    expect(screen.getByRole('menuitem', { name: 'Ver perfil' }).getAttribute('href')).toBe('/passenger/profile');
    fireEvent.click(screen.getByRole('menuitem', { name: 'Cerrar sesión' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/login'));
    expect(useSession.getState().status).toBe('unauthenticated');
    expect(localStorage.getItem('jala_token')).toBeNull();
  });

  it('closes on Escape', () => {
    openMenu({});
    expect(screen.getByRole('menu')).toBeTruthy();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
  });
});

describe('active-trip redirect lookups', () => {
  const trip = { id: 1 };

  it('makes no call without a user or on /active-trip paths', async () => {
    const lookups = { passenger: vi.fn(async () => trip), driver: vi.fn(async () => trip) };
    expect(await resolveActiveTripRedirect('/passenger/profile', null, lookups)).toBeNull();
    expect(await resolveActiveTripRedirect('/driver/active-trip', { user_type: 'both' }, lookups)).toBeNull();
    expect(lookups.passenger).not.toHaveBeenCalled();
    expect(lookups.driver).not.toHaveBeenCalled();
  });

  it('skips the driver lookup once a passenger trip is found, and never asks the wrong role', async () => {
    const lookups = { passenger: vi.fn(async () => trip), driver: vi.fn(async () => trip) };
    expect(await resolveActiveTripRedirect('/driver/dashboard', { user_type: 'both' }, lookups)).toBe(
      '/passenger/active-trip',
    );
    expect(lookups.driver).not.toHaveBeenCalled();
    expect(await resolveActiveTripRedirect('/driver/dashboard', { user_type: 'driver' }, lookups)).toBe(
      '/driver/active-trip',
    );
    expect(lookups.passenger).toHaveBeenCalledTimes(1);
  });

  it('lets the navigation through when a lookup fails', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const lookups = { passenger: vi.fn(async () => Promise.reject(new Error('x'))), driver: vi.fn(async () => null) };
    expect(await resolveActiveTripRedirect('/passenger/dashboard', { user_type: 'passenger' }, lookups)).toBeNull();
  });
});

describe('page error boundary', () => {
  function Broken(): never {
    throw new Error('boom');
  }

  it('shows a Spanish message instead of a blank app, and recovers when the key changes', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { rerender } = render(
      <PageErrorBoundary resetKey="/a">
        <Broken />
      </PageErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Algo salió mal' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeTruthy();
    rerender(
      <PageErrorBoundary resetKey="/b">
        <p>Otra página</p>
      </PageErrorBoundary>,
    );
    expect(screen.getByText('Otra página')).toBeTruthy();
  });

  it("'Reintentar' runs the retry (e.g. a fresh import) and renders the page again, inside its frame", () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let broken = true;
    function Flaky() {
      if (broken) throw new TypeError('Failed to fetch dynamically imported module: /assets/page.js');
      return <p>Página cargada</p>;
    }
    const onRetry = vi.fn(() => {
      broken = false;
    });
    render(
      <PageErrorBoundary
        resetKey="/passenger/profile"
        onRetry={onRetry}
        frame={(content) => (
          <div data-testid="frame">
            <nav>Navegación</nav>
            {content}
          </div>
        )}
      >
        <Flaky />
      </PageErrorBoundary>,
    );
    expect(screen.getByTestId('frame').textContent).toContain('Algo salió mal');
    expect(screen.getByText('Navegación')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
    expect(screen.getByText('Página cargada')).toBeTruthy();
  });

  it('recognises a failed chunk download', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(true);
    expect(isChunkLoadError(new Error('boom'))).toBe(false);
  });
});
