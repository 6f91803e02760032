/**
 * Scheduled rides in the web app: the wizard's "¿Cuándo?" in Lima time, and the passenger's
 * "Próximos viajes" with its state and 'Cancelar' against the real API (fixture server).
 */
import { LATE_CANCEL_WARNING, scheduledLabel } from '@jala/domain';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import { chosenScheduledFor, useBookingChoice, WhenChoice } from '@/features/bookings';
import { bookingDayOptions, bookingTimeOptions } from '@/features/bookings/model/booking-time';
import { useSession } from '@/lib/session-store';

import { type FixtureServer, serverCall, signIn, startFixtureServer } from '../passenger/fixture-server';
import { renderApp } from '../support';

const STEP_MS = 5 * 60_000;
/** A 5-minute step at least `minutes` ahead of the real clock (the fixture server checks with it). */
const ahead = (minutes: number) => new Date(Math.ceil((Date.now() + minutes * 60_000) / STEP_MS) * STEP_MS);

describe('"¿Cuándo?" in the wizard', () => {
  afterEach(() => {
    cleanup();
    useBookingChoice.getState().reset();
  });
  // Saturday 28 November 2026, 17:03 in Lima.
  const now = new Date('2026-11-28T22:03:00Z');

  it('offers Lima days and 5-minute times from 30 minutes to 7 days ahead', () => {
    const days = bookingDayOptions(now);
    expect(days[0]).toEqual({ value: '2026-11-28', label: 'Hoy, 28 nov' });
    expect(days[1]?.label).toBe('Mañana, 29 nov');
    expect(days[2]?.label).toBe('lun 30 nov');
    expect(days.at(-1)?.value).toBe('2026-12-05');
    expect(bookingTimeOptions('2026-11-28', now)[0]?.value).toBe('17:35');
    expect(bookingTimeOptions('2026-12-05', now).at(-1)?.value).toBe('17:00');
  });

  it('"Programar" picks the first valid time and says when; "Ahora" clears it', () => {
    render(<WhenChoice now={now} />);
    expect(screen.queryByLabelText('Día')).toBeNull();
    fireEvent.click(screen.getByLabelText('Programar'));
    expect((screen.getByLabelText('Hora (Lima)') as HTMLSelectElement).value).toBe('17:35');
    fireEvent.change(screen.getByLabelText('Día'), { target: { value: '2026-11-29' } });
    fireEvent.change(screen.getByLabelText('Hora (Lima)'), { target: { value: '05:00' } });
    expect(screen.getByRole('status').textContent).toBe('Programado: dom 29 nov, 05:00');
    expect(chosenScheduledFor(useBookingChoice.getState())).toBe('2026-11-29T10:00:00.000Z');
    fireEvent.click(screen.getByLabelText('Ahora'));
    expect(chosenScheduledFor(useBookingChoice.getState())).toBeUndefined();
  });
});

describe('"Próximos viajes" against the real API', () => {
  let server: FixtureServer;
  beforeAll(async () => {
    server = await startFixtureServer();
  });
  afterAll(async () => server?.stop());
  beforeEach(() => {
    vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    localStorage.clear();
    useSession.setState({ status: 'idle', user: null, token: null });
  });

  const book = async (at: Date) => {
    const created = await serverCall(server, 'empty', 'POST', '/trips', {
      pickup_latitude: -12.1211,
      pickup_longitude: -77.0297,
      pickup_address: 'Parque Kennedy, Miraflores',
      destination_latitude: -12.0859,
      destination_longitude: -76.9773,
      destination_address: 'Jockey Plaza, Surco',
      service_type_id: 2,
      scheduled_for: at.toISOString(),
    });
    expect(created.status).toBe(201);
    return (created.data as { id: number }).id;
  };

  /** Books a ride `minutes` ahead and opens its card on the passenger's dashboard. */
  const openBookingCard = async (minutes: number) => {
    const at = ahead(minutes);
    await book(at);
    signIn(server, 'empty');
    renderApp('/passenger/dashboard');
    return { at, card: await screen.findByRole('listitem', { name: /Viaje programado/ }) };
  };

  it('lists a booking as searching and cancels it free of charge', async () => {
    const { at, card } = await openBookingCard(180);
    expect(within(card).getByText(scheduledLabel(at))).toBeTruthy();
    expect(within(card).getByText('Buscando conductor')).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Cancelar' }));
    expect(within(card).queryByText(LATE_CANCEL_WARNING)).toBeNull();
    await act(async () => {
      fireEvent.click(within(card).getByRole('button', { name: 'Sí, cancelar' }));
    });
    expect(await screen.findByText('Viaje programado cancelado sin costo.')).toBeTruthy();
    // The list is read again without the cancelled booking; its confirmation stays on the screen.
    await waitFor(() => expect(screen.queryByRole('listitem', { name: /Viaje programado/ })).toBeNull());
    expect(screen.getByText('Viaje programado cancelado sin costo.')).toBeTruthy();
  });

  it('warns before a cancel that counts against the passenger (less than an hour before)', async () => {
    const { card } = await openBookingCard(35);
    fireEvent.click(within(card).getByRole('button', { name: 'Cancelar' }));
    expect(within(card).getByRole('alert').textContent).toBe(LATE_CANCEL_WARNING);
    await act(async () => {
      fireEvent.click(within(card).getByRole('button', { name: 'Sí, cancelar' }));
    });
    expect(await screen.findByText('Viaje programado cancelado. Esta cancelación cuenta en tu contra.')).toBeTruthy();
  });
});
