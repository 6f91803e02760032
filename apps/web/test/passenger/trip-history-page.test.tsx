import type { TripRatingStatus } from '@jala/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { configureApiClient } from '@/lib/api/api-client';

import { renderApp } from '../support';
import { serverCall, signIn, UNREACHABLE_API, useFixtureServer } from './fixture-server';

const cards = () => screen.queryAllByTestId('trip-card');
const destinations = () =>
  cards().map((card) => card.querySelectorAll('.trip-route__place')[1]?.textContent?.replace('Destino: ', ''));
const pill = (name: string) => screen.getByRole('button', { name });

async function listShows(expected: string[]): Promise<void> {
  await waitFor(() => expect(destinations()).toEqual(expected));
}

describe('passenger trip history against the real API', () => {
  const fixture = useFixtureServer();

  it('first loads the completed trips, 2 per page, with the thank-you banner and share links', async () => {
    fixture.open('carla', '/passenger/trip-history');
    expect(await screen.findByRole('heading', { name: 'Historial de viajes' })).toBeTruthy();
    expect(await screen.findByText('Cargando viajes...')).toBeTruthy();
    await listShows(['Jockey Plaza, Santiago de Surco', 'Larcomar, Miraflores']);
    expect(pill('Completados').getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('completed-count').textContent).toBe('Tienes 2 viajes completados en esta lista.');
    expect(screen.getByText('Página 1 de 2')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Página anterior' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('navigation', { name: 'Navegación de pasajero' })).toBeTruthy();

    const facebook = screen.getByRole('link', { name: /Facebook/ }).getAttribute('href') ?? '';
    const whatsapp = screen.getByRole('link', { name: /WhatsApp/ }).getAttribute('href') ?? '';
    // The product's public address, not this page (it needs a session).
    expect(facebook).toBe(
      `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(`${window.location.origin}/`)}`,
    );
    expect(whatsapp.startsWith('https://wa.me/?text=')).toBe(true);
    const shared = decodeURIComponent(whatsapp.slice('https://wa.me/?text='.length));
    expect(shared).toContain('¡Viaja con Jala!');
    expect(shared.endsWith(`${window.location.origin}/`)).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Página siguiente' }));
    await listShows(['Aeropuerto Jorge Chávez, Callao']);
    expect(screen.getByText('Página 2 de 2')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Página siguiente' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('completed-count').textContent).toBe('Tienes 1 viaje completado en esta lista.');
    fireEvent.click(screen.getByRole('button', { name: 'Página anterior' }));
    await listShows(['Jockey Plaza, Santiago de Surco', 'Larcomar, Miraflores']);
  });

  it('shows each card as the spec lists it', async () => {
    fixture.open('carla', '/passenger/trip-history');
    await listShows(['Jockey Plaza, Santiago de Surco', 'Larcomar, Miraflores']);
    const card = within(cards()[0]!);
    expect(card.getByText('Completado').className).toContain('tone--success');
    expect(card.getByText('Parque Kennedy, Miraflores')).toBeTruthy();
    expect(card.getByText('Auto')).toBeTruthy();
    expect(card.getByText('S/ 27.50')).toBeTruthy();
    expect(card.getByText(/Jorge Vargas/)).toBeTruthy();
    expect(card.getByText('★ 4.0')).toBeTruthy();
    // What the ride took (20 minutes from start to arrival), not the route's 22-minute estimate.
    expect(card.getByText('Distancia: 7.8 km • Duración: 20 min')).toBeTruthy();
    // The app's one date format: '27 nov 2026, 18:05' (Lima), never '27/11/26'.
    expect(cards()[0]!.querySelector('time')?.textContent).toMatch(/^\d{1,2} [a-z]{3} \d{4}, \d{2}:\d{2}$/);
    expect(card.getByText(/Califica a tu conductor/)).toBeTruthy();
  });

  it('reloads with each filter pill and hides the pager on a single page', async () => {
    fixture.open('carla', '/passenger/trip-history');
    await listShows(['Jockey Plaza, Santiago de Surco', 'Larcomar, Miraflores']);

    fireEvent.click(pill('Todos'));
    await listShows(['Barranco, Puente de los Suspiros', 'Jockey Plaza, Santiago de Surco']);
    // A cancelled trip never ran: its route's distance, and no duration claimed.
    expect(within(cards()[0]!).getByText('Distancia: 7.8 km')).toBeTruthy();
    expect(cards()[0]!.textContent).not.toContain('Duración');
    expect(screen.getByText('Página 1 de 4')).toBeTruthy();
    expect(screen.getByTestId('completed-count').textContent).toBe('Tienes 1 viaje completado en esta lista.');
    fireEvent.click(screen.getByRole('button', { name: 'Página siguiente' }));
    await listShows(['Parque de la Reserva, Lima', 'Estadio Nacional, Lima']);
    expect(screen.getByText('Página 2 de 4')).toBeTruthy();

    fireEvent.click(pill('Por ti'));
    await listShows(['Barranco, Puente de los Suspiros', 'Plaza San Martín, Cercado de Lima']);
    expect(screen.queryByText(/^Página/)).toBeNull();
    expect(within(cards()[0]!).getByText('Cancelado por ti').className).toContain('tone--warning');
    // Two cancellations: the banner does not say the passenger has yet to travel.
    expect(screen.getByTestId('completed-count').textContent).toBe('En esta lista solo hay viajes cancelados.');

    fireEvent.click(pill('Por conductor'));
    await listShows(['Estadio Nacional, Lima']);
    expect(within(cards()[0]!).getByText('Cancelado por conductor').className).toContain('tone--danger');
    expect(within(cards()[0]!).getByText(/Jorge Vargas/)).toBeTruthy();

    fireEvent.click(pill('Por sistema'));
    await listShows(['Parque de la Reserva, Lima']);
    expect(within(cards()[0]!).getByText('Cancelado por sistema').className).toContain('tone--neutral');
    expect(cards()[0]!.querySelector('.pw-trip-card__driver')).toBeNull();
    expect(screen.getByTestId('completed-count').textContent).toBe('En esta lista solo hay viajes cancelados.');
    expect(pill('Por sistema').getAttribute('aria-pressed')).toBe('true');
  });

  it('opens a detail sheet on click and rates the driver of a completed trip once', async () => {
    fixture.open('carla', '/passenger/trip-history');
    await listShows(['Jockey Plaza, Santiago de Surco', 'Larcomar, Miraflores']);
    fireEvent.click(cards()[0]!);
    const sheet = within(await screen.findByRole('dialog', { name: 'Detalle del viaje' }));
    expect(sheet.getByText('Jockey Plaza, Santiago de Surco')).toBeTruthy();
    const form = within(await screen.findByRole('form', { name: 'Califica a tu conductor' }));
    expect(form.getByText('¿Cómo fue tu viaje con Jorge Vargas?')).toBeTruthy();
    fireEvent.click(form.getByRole('button', { name: 'Enviar calificación' }));
    expect(await form.findByText('Elige de 1 a 5 estrellas.')).toBeTruthy();
    fireEvent.click(form.getByLabelText('5 estrellas'));
    fireEvent.change(form.getByLabelText('Comentario (opcional)'), { target: { value: 'Muy puntual, gracias' } });
    fireEvent.click(form.getByRole('button', { name: 'Enviar calificación' }));

    expect(await sheet.findByText('Tu calificación para Jorge Vargas')).toBeTruthy();
    expect(sheet.getByRole('img', { name: '5 de 5 estrellas' })).toBeTruthy();
    expect(sheet.getByText('“Muy puntual, gracias”')).toBeTruthy();
    const tripId = fixture.server.seed.carla.tripIds.completed[2]!;
    const stored = await serverCall<TripRatingStatus>(fixture.server, 'carla', 'GET', `/trips/${tripId}/rating`);
    expect(stored.data).toMatchObject({ can_rate: false, my_rating: { score: 5, comment: 'Muy puntual, gracias' } });

    fireEvent.click(sheet.getByRole('button', { name: 'Cerrar' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    // The list reloads: no more invitation on that card, and the driver's average now includes the 5.
    await waitFor(() => expect(within(cards()[0]!).queryByText(/Califica a tu conductor/)).toBeNull());
    expect(within(cards()[0]!).getByText('★ 4.5')).toBeTruthy();
  });

  it('shows the rating already given for a rated trip, and closes with Escape', async () => {
    fixture.open('carla', '/passenger/trip-history');
    await listShows(['Jockey Plaza, Santiago de Surco', 'Larcomar, Miraflores']);
    fireEvent.click(screen.getByRole('button', { name: 'Página siguiente' }));
    await listShows(['Aeropuerto Jorge Chávez, Callao']);
    fireEvent.click(cards()[0]!);
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByRole('img', { name: '4 de 5 estrellas' })).toBeTruthy();
    expect(within(dialog).getByText('“Buen viaje”')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Enviar calificación' })).toBeNull();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows no rating form for a cancelled trip', async () => {
    fixture.open('carla', '/passenger/trip-history');
    await listShows(['Jockey Plaza, Santiago de Surco', 'Larcomar, Miraflores']);
    fireEvent.click(pill('Por conductor'));
    await listShows(['Estadio Nacional, Lima']);
    fireEvent.click(cards()[0]!);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Cancelado por conductor')).toBeTruthy();
    expect(within(dialog).queryByText('Califica a tu conductor')).toBeNull();
  });

  it("says 'Aún no hay viajes en tu historial.' to a passenger without trips", async () => {
    fixture.open('empty', '/passenger/trip-history');
    expect(await screen.findByText('Aún no hay viajes en tu historial.')).toBeTruthy();
    expect(screen.queryByText(/^Página/)).toBeNull();
    // Welcomed, not thanked for trips never taken.
    expect(await screen.findByRole('heading', { name: '¡Bienvenido a Jala!' })).toBeTruthy();
    expect(screen.queryByText(/Gracias por viajar/)).toBeNull();
  });

  it('shows a failed load with a retry', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {}); // the active-trip guard logs its failed lookup
    signIn(fixture.server, 'carla');
    configureApiClient({ baseUrl: UNREACHABLE_API });
    renderApp('/passenger/trip-history');
    expect(await screen.findByText('Error de red. Revisa tu conexión.')).toBeTruthy();
    configureApiClient({ baseUrl: fixture.server.apiUrl });
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    await listShows(['Jockey Plaza, Santiago de Surco', 'Larcomar, Miraflores']);
  });
});
