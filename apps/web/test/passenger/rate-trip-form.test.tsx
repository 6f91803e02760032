import { RATING_COMMENT_MAX as CONTRACT_COMMENT_MAX, type TripRatingStatus } from '@jala/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { RateTripForm, RATING_COMMENT_MAX } from '@/features/passenger/components/rate-trip-form';

import { renderAt } from '../support';
import { serverCall, signIn, useFixtureServer } from './fixture-server';

describe('RateTripForm against the real API', () => {
  const fixture = useFixtureServer();

  it('keeps the comment limit of the contract', () => {
    expect(RATING_COMMENT_MAX).toBe(CONTRACT_COMMENT_MAX);
  });

  it('lets the driver rate the passenger of a completed trip, then shows the rating', async () => {
    signIn(fixture.server, 'driver');
    const onRated = vi.fn();
    renderAt(
      '/',
      <RateTripForm tripId={fixture.server.seed.rater.tripId} title="Califica a tu pasajero" onRated={onRated} />,
    );
    const form = within(await screen.findByRole('form', { name: 'Califica a tu pasajero' }));
    expect(form.getByText('¿Cómo fue tu viaje con Lucía Paredes?')).toBeTruthy();
    expect(form.getAllByRole('radio')).toHaveLength(5);
    fireEvent.click(form.getByLabelText('3 estrellas'));
    expect((form.getByLabelText('3 estrellas') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(form.getByRole('button', { name: 'Enviar calificación' }));

    expect(await screen.findByText('Tu calificación para Lucía Paredes')).toBeTruthy();
    expect(screen.getByRole('img', { name: '3 de 5 estrellas' })).toBeTruthy();
    expect(onRated).toHaveBeenCalledWith(3);
    const stored = await serverCall<TripRatingStatus>(
      fixture.server,
      'driver',
      'GET',
      `/trips/${fixture.server.seed.rater.tripId}/rating`,
    );
    expect(stored.data).toMatchObject({
      rater_role: 'driver',
      can_rate: false,
      my_rating: { score: 3, comment: null },
    });
    // Lucía's average now counts it.
    const stats = await serverCall<{ averageRating: number }>(fixture.server, 'rater', 'GET', '/passenger/stats');
    expect(stats.data.averageRating).toBe(3);
  });

  it("shows the fixture.server's refusal when the trip was rated meanwhile elsewhere", async () => {
    signIn(fixture.server, 'rater');
    renderAt('/', <RateTripForm tripId={fixture.server.seed.rater.tripId} title="Califica a tu conductor" />);
    const form = within(await screen.findByRole('form', { name: 'Califica a tu conductor' }));
    const other = await serverCall(
      fixture.server,
      'rater',
      'POST',
      `/trips/${fixture.server.seed.rater.tripId}/rating`,
      { score: 4 },
    );
    expect(other.status).toBe(201);
    fireEvent.click(form.getByLabelText('1 estrella'));
    fireEvent.click(form.getByRole('button', { name: 'Enviar calificación' }));
    // The refusal is shown, and the form gives way to the rating the fixture.server holds.
    expect(await screen.findByRole('img', { name: '4 de 5 estrellas' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Ya calificaste este viaje.');
  });

  it('shows nothing to rate on a trip of someone else, with the Spanish 404', async () => {
    signIn(fixture.server, 'empty');
    renderAt('/', <RateTripForm tripId={fixture.server.seed.rater.tripId} title="Califica a tu conductor" />);
    expect(await screen.findByText('Viaje no encontrado.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Enviar calificación' })).toBeNull();
  });

  it('renders nothing for a trip that cannot be rated (cancelled)', async () => {
    signIn(fixture.server, 'carla');
    const { container } = renderAt(
      '/',
      <RateTripForm
        tripId={fixture.server.seed.carla.tripIds.cancelled_by_driver[0]!}
        title="Califica a tu conductor"
      />,
      { withoutProbe: true },
    );
    await waitFor(() => expect(screen.queryByText('Cargando calificación...')).toBeNull());
    expect(container.innerHTML).toBe('');
  });
});
