import { makeDriverTrip, makePassengerTrip, makeUser } from '@jala/test-factories';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { realtime } from '../src/lib/realtime/realtime';
import { useSession } from '../src/lib/session-store';
import { jsonResponse, noActiveTrip, renderApp, resetTestWorld, setSession, stubFetch } from './support';

const currentPath = () => screen.getByTestId('location').textContent;

describe('router and session wrappers', () => {
  beforeEach(() => {
    vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    vi.spyOn(realtime, 'isConnected').mockReturnValue(false);
    vi.spyOn(realtime, 'disconnect').mockImplementation(() => {});
    stubFetch({});
  });
  afterEach(resetTestWorld);

  it("'/' shows the login view", async () => {
    setSession(null);
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Iniciar sesión' })).toBeTruthy();
    expect(currentPath()).toBe('/');
  });

  it("public pages show 'Cargando...' while the session loads", () => {
    useSession.setState({ status: 'loading', user: null, token: 't' });
    renderApp('/login');
    expect(screen.getByText('Cargando...')).toBeTruthy();
  });

  it("protected pages show 'Verificando sesión...' while the session loads", () => {
    useSession.setState({ status: 'loading', user: null, token: 't' });
    renderApp('/driver/status');
    expect(screen.getByText('Verificando sesión...')).toBeTruthy();
  });

  it('a protected page sends an unauthenticated user to /login', async () => {
    setSession(null);
    renderApp('/driver/earnings');
    expect(await screen.findByRole('heading', { name: 'Iniciar sesión' })).toBeTruthy();
    expect(currentPath()).toBe('/login');
  });

  it('a public page sends an authenticated user to /dashboard, which goes on to their dashboard', async () => {
    stubFetch({ 'GET /driver/trips/current': noActiveTrip });
    setSession(makeUser({ user_type: 'driver' }));
    renderApp('/login');
    expect(await screen.findByRole('heading', { name: 'Panel del Conductor' })).toBeTruthy();
    expect(currentPath()).toBe('/driver/dashboard');
    expect(screen.getByText('Monitorea tu progreso y maximiza tus ganancias')).toBeTruthy();
  });

  it('/dashboard sends a passenger to the passenger dashboard', async () => {
    stubFetch({ 'GET /trips/active': noActiveTrip });
    setSession(makeUser({ user_type: 'passenger', first_name: 'Rosa' }));
    renderApp('/dashboard');
    expect(await screen.findByText('¿A dónde vamos hoy?')).toBeTruthy();
    expect(currentPath()).toBe('/passenger/dashboard');
    expect(screen.getByText('Hola, Rosa')).toBeTruthy();
  });

  it('an unknown path shows the 404 page with a link home', async () => {
    setSession(null);
    renderApp('/no/existe');
    expect(await screen.findByText('404')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Página no encontrada' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Volver al inicio' }).getAttribute('href')).toBe('/');
  });

  it.each([
    ['/driver/trip-request', 'Solicitudes de Viaje', 'driver'],
    ['/driver/profile', 'Perfil de Conductor', 'driver'],
    ['/driver/status', 'Estado del Conductor', 'driver'],
    ['/driver/earnings', 'Mis Ganancias', 'driver'],
    ['/driver/trips', 'Mis viajes', 'driver'],
    ['/passenger/profile', 'Mi perfil', 'passenger'],
    ['/passenger/trip-history', 'Historial de viajes', 'passenger'],
    ['/passenger/trip-request', 'Solicitar viaje', 'passenger'],
  ] as const)('%s shows %s inside the layout', async (path, title, userType) => {
    stubFetch({ 'GET /trips/active': noActiveTrip, 'GET /driver/trips/current': noActiveTrip });
    setSession(makeUser({ user_type: userType }));
    renderApp(path);
    expect(await screen.findByRole('heading', { name: title })).toBeTruthy();
    expect(screen.getByTestId('connection-indicator').textContent).toContain('Jala Off');
    expect(screen.getByRole('button', { name: 'Menú de perfil' })).toBeTruthy();
    expect(currentPath()).toBe(path);
  });

  it('the earnings page shows its subtitle and the driver navigation', async () => {
    stubFetch({ 'GET /driver/trips/current': noActiveTrip });
    setSession(makeUser({ user_type: 'driver' }));
    renderApp('/driver/earnings');
    expect(await screen.findByText('Revisa tu rendimiento como conductor')).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Navegación de conductor' });
    expect(nav.textContent).toContain('Inicio');
    expect(nav.textContent).toContain('Solicitud');
    expect(nav.textContent).toContain('Ganancias');
  });

  it('after login the user returns to the protected page they asked for', async () => {
    stubFetch({ 'GET /driver/trips/current': noActiveTrip });
    setSession(null);
    renderApp('/driver/status');
    await screen.findByRole('heading', { name: 'Iniciar sesión' });
    setSession(makeUser({ user_type: 'driver' }));
    expect(await screen.findByRole('heading', { name: 'Estado del Conductor' })).toBeTruthy();
    expect(currentPath()).toBe('/driver/status');
  });

  it('a 401 from any call logs the user out and sends them to /login', async () => {
    stubFetch({
      'GET /trips/active': jsonResponse(401, {
        success: false,
        data: null,
        message: 'Sesión expirada',
        code: 'UNAUTHORIZED',
      }),
    });
    setSession(makeUser({ user_type: 'passenger' }));
    renderApp('/passenger/trip-history');
    expect(await screen.findByRole('heading', { name: 'Iniciar sesión' })).toBeTruthy();
    expect(currentPath()).toBe('/login');
    expect(localStorage.getItem('jala_token')).toBeNull();
    expect(useSession.getState().status).toBe('unauthenticated');
    // It says why, and the same user logging in again returns to the page they were on.
    expect(screen.getByText('Tu sesión expiró. Inicia sesión de nuevo para continuar.')).toBeTruthy();
    stubFetch({ 'GET /trips/active': noActiveTrip });
    setSession(makeUser({ id: 1, user_type: 'passenger' }));
    expect(await screen.findByRole('heading', { name: 'Historial de viajes' })).toBeTruthy();
  });

  it("after an expired session another user who logs in goes to their own dashboard, not the previous user's page", async () => {
    stubFetch({
      'GET /trips/active': jsonResponse(401, {
        success: false,
        data: null,
        message: 'Sesión expirada',
        code: 'UNAUTHORIZED',
      }),
    });
    setSession(makeUser({ id: 1, user_type: 'passenger' }));
    renderApp('/passenger/trip-history');
    await screen.findByRole('heading', { name: 'Iniciar sesión' });
    stubFetch({
      'GET /trips/active': noActiveTrip,
      'GET /passenger/stats': jsonResponse(500, { success: false, data: null, message: 'x' }),
    });
    setSession(makeUser({ id: 2, user_type: 'passenger' }));
    await waitFor(() => expect(currentPath()).toBe('/passenger/dashboard'));
  });

  it("after a logout, Back to a protected page and a new login land on the new user's dashboard", async () => {
    stubFetch({
      'GET /trips/active': noActiveTrip,
      'POST /auth/logout': jsonResponse(200, { success: true, data: null, message: '' }),
    });
    setSession(makeUser({ id: 1, user_type: 'passenger' }));
    renderApp('/passenger/trip-history');
    await screen.findByRole('heading', { name: 'Historial de viajes' });
    await useSession.getState().logout();
    expect(await screen.findByRole('heading', { name: 'Iniciar sesión' })).toBeTruthy();
    expect(screen.queryByText(/Tu sesión expiró/)).toBeNull();
    stubFetch({
      'GET /trips/active': noActiveTrip,
      'GET /passenger/stats': jsonResponse(500, { success: false, data: null, message: 'x' }),
    });
    setSession(makeUser({ id: 2, user_type: 'passenger' }));
    await waitFor(() => expect(currentPath()).toBe('/passenger/dashboard'));
  });
});

describe('active-trip guard', () => {
  beforeEach(() => {
    vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    vi.spyOn(realtime, 'isConnected').mockReturnValue(true);
  });
  afterEach(resetTestWorld);

  it('sends a passenger with an active trip to /passenger/active-trip', async () => {
    stubFetch({
      'GET /trips/active': jsonResponse(200, {
        success: true,
        data: makePassengerTrip({ id: 7, status: 'pending' }),
        message: '',
      }),
    });
    setSession(makeUser({ user_type: 'passenger' }));
    renderApp('/passenger/trip-history');
    await waitFor(() => expect(currentPath()).toBe('/passenger/active-trip'));
    expect(await screen.findByRole('heading', { name: 'Viaje activo' })).toBeTruthy();
    expect(screen.getByTestId('connection-indicator').textContent).toContain('Jala Online');
  });

  it('leads a passenger who opens a driver page to the driver registration form', async () => {
    stubFetch({ 'GET /trips/active': noActiveTrip });
    setSession(makeUser({ user_type: 'passenger' }));
    renderApp('/driver/earnings');
    await waitFor(() => expect(currentPath()).toBe('/driver/profile'));
  });

  it('checks the passenger trip first for "both", then the driver trip', async () => {
    const fetchMock = stubFetch({
      'GET /trips/active': noActiveTrip,
      'GET /driver/trips/current': jsonResponse(200, {
        success: true,
        data: makeDriverTrip({ id: 9, trip_status: 'accepted' }),
        message: '',
      }),
    });
    setSession(makeUser({ user_type: 'both' }));
    renderApp('/passenger/profile');
    await waitFor(() => expect(currentPath()).toBe('/driver/active-trip'));
    const urls = fetchMock.mock.calls.map(([url]) => String(url));
    expect(urls.indexOf('/api/trips/active')).toBeLessThan(urls.indexOf('/api/driver/trips/current'));
  });

  // 'Paths containing /active-trip are always allowed' is pinned in layout.test.tsx (resolveActiveTripRedirect).

  it('without an active trip, /passenger/active-trip goes to the trip request page', async () => {
    stubFetch({ 'GET /trips/active': noActiveTrip });
    setSession(makeUser({ user_type: 'passenger' }));
    renderApp('/passenger/active-trip');
    await waitFor(() => expect(currentPath()).toBe('/passenger/trip-request'));
  });
});
