/**
 * Scheduled rides going live on the web: a booking's activation moves an open phone to the trip
 * without navigation, a booking the system took from its driver is said on their requests page, the
 * confirmed booking's chat before it starts (both sides), and a refused time shown under "¿Cuándo?".
 */
import { topics } from '@jala/contracts';
import {
  makeChatMessage,
  makeDriverBooking,
  makeDriverUser,
  makePassengerBooking,
  makePassengerTrip,
  makeUser,
} from '@jala/test-factories';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { DriverBookings, takeScheduleError, UpcomingBookings, useBookingChoice, WhenChoice } from '@/features/bookings';

import {
  fakeRealtime,
  jsonResponse,
  noActiveTrip,
  renderApp,
  renderAt,
  resetTestWorld,
  setSession,
  stubFetch,
} from '../support';

const ok = <T,>(data: T) => jsonResponse(200, { success: true, data, message: '' });
const currentPath = () => screen.getByTestId('location').textContent;

describe('booking news heard app-wide', () => {
  beforeEach(() => {
    vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  });
  afterEach(resetTestWorld);

  it('booking_activated takes a passenger left on the dashboard to the active trip, with no navigation', async () => {
    const live = fakeRealtime();
    let active = false;
    stubFetch({
      'GET /trips/active': () => (active ? ok(makePassengerTrip({ id: 40, status: 'accepted' })) : noActiveTrip()),
      'GET /trips/scheduled': ok([makePassengerBooking()]),
    });
    setSession(makeUser({ id: 1, user_type: 'passenger' }));
    renderApp('/passenger/dashboard');
    await screen.findByRole('listitem', { name: /Viaje programado/ });
    await waitFor(() => expect(live.follows(topics.notifications(1))).toBe(true));
    expect(currentPath()).toBe('/passenger/dashboard');
    // Another kind of news on the same topic moves nothing.
    act(() =>
      live.deliver(topics.notifications(1), {
        type: 'booking_reminder',
        trip_id: 40,
        scheduled_for: '2026-11-29T10:00:00.000Z',
        minutes_before: 60,
        role: 'passenger',
      }),
    );
    active = true;
    act(() => live.deliver(topics.notifications(1), { type: 'booking_activated', trip_id: 40, role: 'passenger' }));
    await waitFor(() => expect(currentPath()).toBe('/passenger/active-trip'));
  });

  it("booking_released says why on the driver's requests page, until dismissed", async () => {
    const live = fakeRealtime();
    stubFetch({ 'GET /driver/trips/current': noActiveTrip, 'GET /driver/scheduled-trips': ok([]) });
    setSession(makeDriverUser({ id: 5 }));
    renderApp('/driver/trip-request?tab=programados');
    expect(await screen.findByText('No hay viajes programados cerca de tu zona en los próximos 7 días.')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Programados' }).getAttribute('aria-selected')).toBe('true');
    await waitFor(() => expect(live.follows(topics.notifications(5))).toBe(true));
    const message =
      'Perdiste un viaje programado: no estabas en camino 5 minutos después de la hora. Cuenta en tu tasa de finalización.';
    act(() => live.deliver(topics.notifications(5), { type: 'booking_released', trip_id: 40, message }));
    const banner = await screen.findByText(message);
    fireEvent.click(within(banner.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Entendido' }));
    expect(screen.queryByText(message)).toBeNull();
  });
});

describe("the passenger's trip when its booking's driver did not come", () => {
  beforeEach(() => {
    vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  });
  afterEach(resetTestWorld);

  it('says why it is searching again, until dismissed', async () => {
    const live = fakeRealtime();
    stubFetch({ 'GET /trips/active': ok(makePassengerTrip({ id: 40, status: 'pending', driver: null })) });
    setSession(makeUser({ id: 1, user_type: 'passenger' }));
    renderApp('/passenger/active-trip');
    await waitFor(() => expect(live.follows(topics.tripStatus(40))).toBe(true));
    const reason =
      'Tu conductor no inició el viaje a tiempo. Lo publicamos de nuevo para conductores cercanos, sin costo para ti.';
    act(() =>
      live.deliver(topics.tripStatus(40), {
        trip_id: 40,
        status: 'pending',
        driver_id: null,
        timestamp: new Date().toISOString(),
        reason,
      }),
    );
    expect(await screen.findByText(reason)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Entendido' }));
    expect(screen.queryByText(reason)).toBeNull();
  });
});

describe('the chat of a confirmed booking, before it starts', () => {
  afterEach(resetTestWorld);

  it('the passenger chats with the confirmed driver from "Próximos viajes"', async () => {
    const live = fakeRealtime();
    stubFetch({
      'GET /trips/scheduled': ok([
        makePassengerBooking({ id: 40, driver: { id: 5, name: 'Rosa Quispe', vehicle: null } }),
      ]),
      'GET /trips/40/chat/5/messages': ok({
        messages: [makeChatMessage({ sender: 5, role: 'driver', message: 'Mañana paso a las 5 en punto' })],
        next_before: null,
      }),
    });
    renderAt('/passenger/dashboard', <UpcomingBookings />, { user: makeUser({ id: 1 }) });
    const card = await screen.findByRole('listitem', { name: /Viaje programado/ });
    fireEvent.click(within(card).getByRole('button', { name: /Chat con Rosa Quispe/ }));
    expect(await within(card).findByText('Mañana paso a las 5 en punto')).toBeTruthy();
    await waitFor(() => expect(live.follows(topics.chat(40, 5))).toBe(true));
  });

  it('the driver chats with the passenger from "Programados"; a booking only offered on has no chat', async () => {
    const live = fakeRealtime();
    stubFetch({
      'GET /driver/scheduled-trips': ok([
        makeDriverBooking({ id: 40 }),
        makeDriverBooking({ id: 41, confirmed: false, passenger_name: 'Ana Díaz' }),
      ]),
      'GET /trips/40/chat/5/messages': ok({ messages: [], next_before: null }),
    });
    renderAt('/driver/trip-request', <DriverBookings />, { user: makeDriverUser({ id: 5 }) });
    const confirmed = await screen.findByRole('listitem', { name: 'Viaje programado de Lucía Torres' });
    fireEvent.click(within(confirmed).getByRole('button', { name: /Chat con Lucía Torres/ }));
    await waitFor(() => expect(live.follows(topics.chat(40, 5))).toBe(true));
    expect(
      within(screen.getByRole('listitem', { name: 'Viaje programado de Ana Díaz' })).queryByRole('button', {
        name: /Chat con/,
      }),
    ).toBeNull();
    expect(live.follows(topics.chat(41, 5))).toBe(false);
  });
});

describe('"¿Cuándo?" with the server\'s refusal', () => {
  afterEach(() => {
    resetTestWorld();
    useBookingChoice.getState().reset();
  });

  it('shows a refused time under the time picker, and a new choice clears it', () => {
    const now = new Date('2026-11-28T22:03:00Z');
    render(<WhenChoice now={now} />);
    fireEvent.click(screen.getByLabelText('Programar'));
    const refusal = 'Ya tienes un viaje programado que se cruza con esa hora. Elige otra hora o cancela el otro viaje.';
    expect(takeScheduleError({ fields: { name: 'x' } })).toBe(false);
    act(() => {
      expect(takeScheduleError({ fields: { scheduled_for: refusal } })).toBe(true);
    });
    expect(screen.getByRole('alert').textContent).toBe(refusal);
    expect(screen.getByLabelText('Hora (Lima)').getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(screen.getByLabelText('Hora (Lima)'), { target: { value: '18:00' } });
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
