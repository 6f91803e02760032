import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { configureApiClient } from '@/lib/api/api-client';

import { renderApp } from '../support';
import { serverCall, signIn, UNREACHABLE_API, useFixtureServer } from './fixture-server';

const cardValue = (label: string) => {
  const card = screen.getByText(label).closest('.pw-stat-card');
  if (!card) throw new Error(`no card ${label}`);
  return card.querySelector('.pw-stat-card__value')?.textContent;
};

describe('passenger dashboard against the real API', () => {
  const fixture = useFixtureServer();

  it('shows the full-screen loader, then greets by first name with the four cards from real trips', async () => {
    fixture.open('carla', '/passenger/dashboard');
    expect(await screen.findByText('Cargando panel del pasajero...')).toBeTruthy();
    expect(await screen.findByText('Hola, Carla')).toBeTruthy();
    expect(screen.getByRole('heading', { name: '¿A dónde vamos hoy?' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Solicitar viaje/ }).getAttribute('href')).toBe('/passenger/trip-request');
    // Seeded: 3 completed trips of S/ 15.00, 20.00 and 27.50; rated 4 and 5 by the driver; 2 places.
    expect(cardValue('Viajes Totales')).toBe('3');
    expect(cardValue('Gastado Total')).toBe('S/\u00a062.50');
    expect(cardValue('Tu calificación')).toBe('4.5 / 5');
    expect(cardValue('Lugares guardados')).toBe('2');
    expect(screen.queryByText('Cargando panel del pasajero...')).toBeNull();
  });

  it('refreshes the cards from the fixture.server with the refresh button', async () => {
    fixture.open('carla', '/passenger/dashboard');
    await screen.findByText('Viajes Totales');
    const added = await serverCall(fixture.server, 'carla', 'POST', '/passenger/saved-locations', {
      name: 'Gimnasio',
      address: 'Av. Arequipa 2450, Lince',
      latitude: -12.0851,
      longitude: -77.0349,
    });
    expect(added.status).toBe(201);
    fireEvent.click(screen.getByRole('button', { name: 'Actualizar' }));
    await waitFor(() => expect(cardValue('Lugares guardados')).toBe('3'));
    await serverCall(
      fixture.server,
      'carla',
      'DELETE',
      `/passenger/saved-locations/${(added.data as { id: number }).id}`,
    );
  });

  it('shows a new passenger zeros and no rating yet', async () => {
    fixture.open('empty', '/passenger/dashboard');
    expect(await screen.findByText('Hola, Mateo')).toBeTruthy();
    expect(cardValue('Viajes Totales')).toBe('0');
    expect(cardValue('Gastado Total')).toBe('S/\u00a00.00');
    expect(cardValue('Tu calificación')).toBe('– / 5');
    expect(screen.getByText('Aún sin calificaciones')).toBeTruthy();
    expect(cardValue('Lugares guardados')).toBe('0');
  });

  it("shows the error with 'Reintentar', which clears it and loads again", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {}); // the active-trip guard logs its failed lookup
    signIn(fixture.server, 'carla');
    configureApiClient({ baseUrl: UNREACHABLE_API });
    renderApp('/passenger/dashboard');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Error de red. Revisa tu conexión.')).toBeTruthy();
    configureApiClient({ baseUrl: fixture.server.apiUrl });
    fireEvent.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('Viajes Totales')).toBeTruthy();
    expect(screen.queryByText('Error de red. Revisa tu conexión.')).toBeNull();
    expect(cardValue('Viajes Totales')).toBe('3');
  });

  it('keeps the cards and offers a retry when a refresh fails', async () => {
    fixture.open('carla', '/passenger/dashboard');
    await screen.findByText('Viajes Totales');
    configureApiClient({ baseUrl: UNREACHABLE_API });
    fireEvent.click(screen.getByRole('button', { name: 'Actualizar' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Error de red. Revisa tu conexión.');
    expect(cardValue('Viajes Totales')).toBe('3');
    configureApiClient({ baseUrl: fixture.server.apiUrl });
    fireEvent.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });
});
