import { makeDriverTrip, makeUser } from '@jala/test-factories';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { BottomNav } from '../src/components/layout/bottom-nav';
import { DriverBottomNav } from '../src/components/layout/driver-bottom-nav';
import { PassengerBottomNav } from '../src/components/layout/passenger-bottom-nav';
import { useSession } from '../src/lib/session-store';
import { jsonResponse, noActiveTrip, renderAt, setSession, stubFetch } from './support';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  useSession.setState({ status: 'idle', user: null, token: null });
});

describe('bottom navigation badges', () => {
  const items = (badge: number) => [{ id: 'x', label: 'Solicitud', icon: null, path: '/x', badge }];

  it("caps a badge above 99 at '99+'", () => {
    renderAt('/', <BottomNav items={items(150)} label="Nav" />);
    expect(screen.getByTestId('badge-x').textContent).toBe('99+');
  });

  it('shows the count up to 99 and nothing for 0', () => {
    renderAt('/', <BottomNav items={items(99)} label="Nav" />);
    expect(screen.getByTestId('badge-x').textContent).toBe('99');
    cleanup();
    renderAt('/', <BottomNav items={items(0)} label="Nav" />);
    expect(screen.queryByTestId('badge-x')).toBeNull();
  });

  it('passenger nav: Inicio / Solicitar / Historial, no badge unless told of an active trip', () => {
    renderAt('/passenger/trip-history', <PassengerBottomNav />);
    const nav = screen.getByRole('navigation', { name: 'Navegación de pasajero' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Inicio', '/passenger/dashboard'],
      ['Solicitar', '/passenger/trip-request'],
      ['Historial', '/passenger/trip-history'],
    ]);
    expect(links[2]?.getAttribute('aria-current')).toBe('page');
    expect(screen.queryByTestId('badge-request')).toBeNull();
    cleanup();
    renderAt('/', <PassengerBottomNav hasActiveTrip />);
    expect(screen.getByTestId('badge-request').textContent).toBe('1');
  });

  it("driver nav: 'Solicitud' shows 1 when GET /driver/trips/current returns a trip", async () => {
    stubFetch({
      'GET /driver/trips/current': jsonResponse(200, {
        success: true,
        data: makeDriverTrip({ id: 3, trip_status: 'accepted' }),
        message: '',
      }),
    });
    setSession(makeUser({ user_type: 'driver' }));
    renderAt('/', <DriverBottomNav />);
    expect((await screen.findByTestId('badge-request')).textContent).toBe('1');
  });

  it("driver nav: Inicio / Solicitud / Mis viajes / Ganancias, 'Mis viajes' marked on its page", async () => {
    stubFetch({ 'GET /driver/trips/current': noActiveTrip });
    setSession(makeUser({ user_type: 'driver' }));
    renderAt('/driver/trips', <DriverBottomNav />);
    const links = within(screen.getByRole('navigation', { name: 'Navegación de conductor' })).getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Inicio', '/driver/dashboard'],
      ['Solicitud', '/driver/trip-request'],
      ['Mis viajes', '/driver/trips'],
      ['Ganancias', '/driver/earnings'],
    ]);
    expect(links[2]?.getAttribute('aria-current')).toBe('page');
  });

  it("driver nav: no badge when there is no current trip ('No hay viaje activo')", async () => {
    const fetchMock = stubFetch({ 'GET /driver/trips/current': noActiveTrip });
    setSession(makeUser({ user_type: 'driver' }));
    renderAt('/', <DriverBottomNav />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.queryByTestId('badge-request')).toBeNull();
    expect(screen.getByRole('link', { name: 'Solicitud' }).getAttribute('href')).toBe('/driver/trip-request');
  });
});
