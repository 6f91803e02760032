/**
 * Moving between signed-in pages never blanks the screen: while the next page's chunk loads the current page
 * (header, bottom navigation and all) stays, instead of a full-screen 'Cargando...' flashing in between.
 * Its own file: React.lazy keeps a loaded page, so no earlier test may have opened the page it goes to.
 */
import { makeUser } from '@jala/test-factories';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { realtime } from '../src/lib/realtime/realtime';
import { noActiveTrip, renderApp, resetTestWorld, setSession, stubFetch } from './support';

describe('route changes between lazy pages', () => {
  beforeEach(() => {
    vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    vi.spyOn(realtime, 'isConnected').mockReturnValue(false);
    stubFetch({ 'GET /driver/trips/current': noActiveTrip });
  });
  afterEach(resetTestWorld);

  it('keeps the current page and its layout until the next page is ready, with no full-screen loader', async () => {
    setSession(makeUser({ user_type: 'driver' }));
    renderApp('/driver/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Panel del Conductor' })).toBeTruthy();

    fireEvent.click(screen.getByRole('link', { name: /Consulta tus ingresos detallados/ }));
    // The earnings chunk is still on its way: the dashboard is what the driver sees meanwhile.
    expect(document.querySelector('.fullscreen-loader')).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Panel del Conductor' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Navegación de conductor' })).toBeTruthy();

    expect(await screen.findByRole('heading', { level: 1, name: 'Mis Ganancias' })).toBeTruthy();
    expect(document.querySelector('.fullscreen-loader')).toBeNull();
  });
});
