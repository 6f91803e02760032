/**
 * 'Nueva versión disponible' (a new service worker waits): shown by the root layout only when a version
 * waits, put away with 'Ahora no', and on a live trip it says the update can wait for the trip's end.
 * The real update flow (a second deploy, the reload on 'Actualizar') runs in e2e/pwa.test.ts.
 */
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { useAppUpdate } from '@/lib/pwa/update-state';

import { renderApp, resetTestWorld, setSession } from '../support';

describe('update banner', () => {
  beforeEach(() => {
    resetTestWorld();
    useAppUpdate.setState({ waiting: false, dismissed: false });
  });
  afterEach(resetTestWorld);

  it('appears when a new version waits and goes away with "Ahora no"', async () => {
    setSession(null);
    renderApp('/login');
    await screen.findByRole('button', { name: 'Iniciar sesión' });
    expect(screen.queryByTestId('update-banner')).toBeNull();
    act(() => useAppUpdate.getState().setWaiting());
    const banner = await screen.findByTestId('update-banner');
    expect(banner.textContent).toContain('Nueva versión disponible');
    expect(banner.textContent).toContain('Actualiza para usar la última versión de Jala.');
    fireEvent.click(screen.getByRole('button', { name: 'Ahora no' }));
    expect(screen.queryByTestId('update-banner')).toBeNull();
  });

  it('on a live trip, says the update can wait until the trip ends', async () => {
    useAppUpdate.getState().setWaiting();
    renderApp('/driver/active-trip');
    const banner = await screen.findByTestId('update-banner');
    expect(banner.textContent).toContain('Puedes actualizar cuando termine tu viaje.');
    screen.getByRole('button', { name: 'Actualizar' });
  });
});
