/**
 * Both bookings lists live (no waiting for the poll), what the driver reads when a passenger cancels a
 * confirmed booking, the notices that must not outlive what they say, and the driver's booking card
 * (service, payment method, 'Proponer otro precio'). The server's side of the same news is pinned in
 * apps/server/test/trips/scheduled-rides-live.test.ts.
 */
import { type DriverBooking, type PassengerBooking, topics } from '@jala/contracts';
import { limaDateKey, limaDayStart } from '@jala/domain';
import {
  makeDriverBooking,
  makeDriverOffer,
  makeDriverUser,
  makePassengerBooking,
  makeUser,
} from '@jala/test-factories';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { DriverBookings, UpcomingBookings } from '@/features/bookings';
import { dismissedBookingsKey } from '@/features/bookings/model/dismissed-bookings';
import { PassengerDashboardPage } from '@/features/passenger/pages/dashboard-page';
import { useBookingNotice } from '@/lib/booking-notice';

import {
  fakeRealtime,
  noActiveTrip,
  ok,
  renderApp,
  renderAt,
  resetTestWorld,
  sentBody,
  setSession,
  stubFetch,
  testQueryClient,
} from '../support';

const HOUR = 3_600_000;
/** Tomorrow at 05:00 in Lima, from the real clock (the texts say "mañana"). */
function tomorrowAtFive(): string {
  return new Date(limaDayStart(limaDateKey(new Date(Date.now() + 24 * HOUR))).getTime() + 5 * HOUR).toISOString();
}

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
});
afterEach(() => {
  resetTestWorld();
  useBookingNotice.getState().dismiss();
});

describe('"Programados" live for the driver', () => {
  it("a booking made nearby shows at once on the server's word, and one whose offer was not chosen goes", async () => {
    const live = fakeRealtime();
    let list: DriverBooking[] = [
      makeDriverBooking({ id: 41, confirmed: false, my_offer_price: 20, passenger_name: 'Ana Díaz' }),
    ];
    stubFetch({ 'GET /driver/scheduled-trips': () => ok(list) });
    renderAt('/driver/trip-request', <DriverBookings />, { user: makeDriverUser({ id: 5 }) });
    await screen.findByRole('listitem', { name: 'Viaje programado de Ana Díaz' });
    await waitFor(() =>
      expect(live.follows(topics.notifications(5)) && live.follows(topics.driverTripRequests(5))).toBe(true),
    );

    list = [
      ...list,
      makeDriverBooking({ id: 42, confirmed: false, my_offer_price: null, passenger_name: 'Jorge Salas' }),
    ];
    act(() => live.deliver(topics.notifications(5), { type: 'bookings_changed', trip_id: 42, change: 'listed' }));
    expect(await screen.findByRole('listitem', { name: 'Viaje programado de Jorge Salas' })).toBeTruthy();

    // The passenger chose another driver on booking 41: this driver's feed says only that, and the card goes.
    list = list.filter((b) => b.id !== 41);
    act(() => live.deliver(topics.driverTripRequests(5), { type: 'offer_declined', trip_id: 41 }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Viaje programado de Ana Díaz' })).toBeNull());
  });

  it('after an offer, the passenger\'s choice turns the card to "Confirmado contigo" with no word of the offer left beside it', async () => {
    const live = fakeRealtime();
    let booking = makeDriverBooking({ id: 42, confirmed: false, my_offer_price: null, fare: 23.5 });
    const fetchMock = stubFetch({
      'GET /driver/scheduled-trips': () => ok([booking]),
      'POST /driver/trips/accept': () => {
        booking = { ...booking, my_offer_price: 23.5 };
        return ok(makeDriverOffer({ trip_id: 42, driver_id: 5, price: 23.5 }), 'Oferta enviada al pasajero', 201);
      },
    });
    renderAt('/driver/trip-request', <DriverBookings />, { user: makeDriverUser({ id: 5 }) });
    const card = await screen.findByRole('listitem', { name: 'Viaje programado de Lucía Torres' });
    fireEvent.click(within(card).getByRole('button', { name: 'Ofertar S/\u00a023.50' }));
    expect((await within(card).findByRole('status')).textContent).toBe(
      'Oferta enviada: S/\u00a023.50 · Esperando la respuesta del pasajero',
    );
    expect(sentBody(fetchMock, 'POST', '/driver/trips/accept')).toEqual({ trip_request_id: 42 });

    booking = { ...booking, confirmed: true };
    await waitFor(() => expect(live.follows(topics.notifications(5))).toBe(true));
    act(() => live.deliver(topics.notifications(5), { type: 'bookings_changed', trip_id: 42, change: 'confirmed' }));
    expect(await within(card).findByText('Confirmado contigo')).toBeTruthy();
    expect(within(card).queryByText(/Oferta enviada/)).toBeNull();
  });

  it('shows the service and how the passenger pays, and lets the driver propose another price like on a live request', async () => {
    fakeRealtime();
    const fetchMock = stubFetch({
      'GET /driver/scheduled-trips': ok([
        makeDriverBooking({
          id: 42,
          confirmed: false,
          my_offer_price: null,
          service_type_id: 1,
          service_type: 'Mototaxi',
          payment_method: 'cash',
          cash_note: 50,
          fare: 14.5,
        }),
        makeDriverBooking({
          id: 43,
          confirmed: false,
          my_offer_price: null,
          passenger_name: 'Ana Díaz',
          payment_method: 'yape',
        }),
      ]),
      'GET /driver/payment-methods': ok({ payment_methods: ['cash'], wallet_phone: null }),
      'POST /driver/trips/accept': ok(
        makeDriverOffer({ trip_id: 42, driver_id: 5, price: 18 }),
        'Oferta enviada al pasajero',
        201,
      ),
    });
    renderAt('/driver/trip-request', <DriverBookings />, { user: makeDriverUser({ id: 5 }) });
    const card = await screen.findByRole('listitem', { name: 'Viaje programado de Lucía Torres' });
    expect(within(card).getByText('Mototaxi')).toBeTruthy();
    expect(within(card).getByText('Efectivo · Pagará con S/ 50 · lleva S/ 35.50 de vuelto')).toBeTruthy();
    // A method this driver does not take: said, and no offer is possible (the server refuses it too).
    const yape = screen.getByRole('listitem', { name: 'Viaje programado de Ana Díaz' });
    expect(await within(yape).findByText('No aceptas Yape')).toBeTruthy();
    expect(within(yape).queryByRole('button', { name: /^Ofertar/ })).toBeNull();

    fireEvent.change(within(card).getByLabelText('Proponer otro precio'), { target: { value: '18' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Proponer' }));
    expect((await within(card).findByRole('status')).textContent).toBe(
      'Oferta enviada: S/\u00a018.00 · Esperando la respuesta del pasajero',
    );
    expect(sentBody(fetchMock, 'POST', '/driver/trips/accept')).toEqual({ trip_request_id: 42, price: 18 });
  });
});

describe('a confirmed booking its passenger cancelled', () => {
  const cancelledCard = (scheduledFor: string): DriverBooking =>
    makeDriverBooking({
      id: 40,
      scheduled_for: scheduledFor,
      passenger_name: 'Lucía Torres',
      passenger_cancelled_at: new Date(Date.now() - 60_000).toISOString(),
    });

  it('the open list says who cancelled and for when, keeps the card until "Entendido", and this phone remembers it', async () => {
    const live = fakeRealtime();
    const at = tomorrowAtFive();
    let list: DriverBooking[] = [makeDriverBooking({ id: 40, scheduled_for: at })];
    stubFetch({
      'GET /driver/trips/current': noActiveTrip,
      'GET /driver/scheduled-trips': () => ok(list),
      'GET /trips/40/chat/5/messages': ok({ messages: [], next_before: null }),
    });
    setSession(makeDriverUser({ id: 5 }));
    const view = renderApp('/driver/trip-request?tab=programados');
    await screen.findByText('Confirmado contigo');
    await waitFor(() => expect(live.follows(topics.notifications(5))).toBe(true));

    list = [cancelledCard(at)];
    act(() =>
      live.deliver(topics.notifications(5), {
        type: 'booking_cancelled',
        trip_id: 40,
        scheduled_for: at,
        cancelled_at: new Date().toISOString(),
        passenger_first_name: 'Lucía',
      }),
    );
    const card = await screen.findByRole('listitem', { name: 'Viaje programado de Lucía Torres, cancelado' });
    expect(within(card).getByText('Cancelado por el pasajero')).toBeTruthy();
    expect(within(card).getByRole('status').textContent).toBe('Lucía canceló el viaje programado de mañana 05:00.');
    expect(within(card).getByText(/^Canceló hoy \d{2}:\d{2} · no cuenta en tu contra\.$/)).toBeTruthy();
    // The card says it: the app-wide banner does not repeat it beside the card.
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());

    fireEvent.click(within(card).getByRole('button', { name: 'Entendido' }));
    expect(screen.queryByRole('listitem', { name: /cancelado/ })).toBeNull();
    expect(JSON.parse(localStorage.getItem(dismissedBookingsKey(5)) ?? '[]')).toEqual([40]);
    // Opened again on this phone, the server still lists it for a while: it stays dismissed.
    view.unmount();
    renderApp('/driver/trip-request?tab=programados');
    expect(await screen.findByText('No hay viajes programados cerca de tu zona en los próximos 7 días.')).toBeTruthy();
  });

  it('a driver elsewhere in the app reads it in the banner of the requests page', async () => {
    const live = fakeRealtime();
    const at = tomorrowAtFive();
    stubFetch({ 'GET /driver/trips/current': noActiveTrip, 'GET /driver/scheduled-trips': ok([]) });
    setSession(makeDriverUser({ id: 5 }));
    renderApp('/driver/trip-request');
    await waitFor(() => expect(live.follows(topics.notifications(5))).toBe(true));
    act(() =>
      live.deliver(topics.notifications(5), {
        type: 'booking_cancelled',
        trip_id: 40,
        scheduled_for: at,
        cancelled_at: new Date().toISOString(),
        passenger_first_name: 'Lucía',
      }),
    );
    const banner = await screen.findByText('Lucía canceló el viaje programado de mañana 05:00.');
    fireEvent.click(within(banner.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Entendido' }));
    expect(screen.queryByText(/canceló el viaje programado/)).toBeNull();
  });
});

describe('"Próximos viajes" live for the passenger', () => {
  it("an offer and the driver's confirmation reach the open list from the booking's own topics", async () => {
    const live = fakeRealtime();
    let list: PassengerBooking[] = [
      makePassengerBooking({ id: 40, state: 'searching', driver: null, offers_count: 0 }),
    ];
    stubFetch({
      'GET /trips/scheduled': () => ok(list),
      'GET /trips/40/driver-offers': ok([makeDriverOffer({ trip_id: 40, driver_id: 5, price: 21 })]),
    });
    renderAt('/passenger/dashboard', <UpcomingBookings />, { user: makeUser({ id: 1 }) });
    const card = await screen.findByRole('listitem', { name: /Viaje programado/ });
    await waitFor(() => expect(live.follows(topics.tripOffers(40)) && live.follows(topics.tripStatus(40))).toBe(true));

    list = [{ ...list[0]!, offers_count: 1 }];
    act(() => live.deliver(topics.tripOffers(40), makeDriverOffer({ trip_id: 40, driver_id: 5, price: 21 })));
    expect(await within(card).findByRole('button', { name: 'Aceptar' })).toBeTruthy();

    list = [makePassengerBooking({ id: 40, state: 'confirmed' })];
    act(() =>
      live.deliver(topics.tripStatus(40), {
        trip_id: 40,
        status: 'accepted',
        driver_id: 5,
        timestamp: new Date().toISOString(),
      }),
    );
    expect(await within(card).findByText('Conductor confirmado')).toBeTruthy();
    // Nobody searches any more: its offers topic is left.
    await waitFor(() => expect(live.follows(topics.tripOffers(40))).toBe(false));

    // The driver gives it back: searching again, and the passenger reads why.
    const reason = 'Tu conductor canceló el viaje programado. Lo publicamos de nuevo para otros conductores.';
    list = [makePassengerBooking({ id: 40, state: 'searching', driver: null, offers_count: 0 })];
    act(() =>
      live.deliver(topics.tripStatus(40), {
        trip_id: 40,
        status: 'pending',
        driver_id: null,
        timestamp: new Date().toISOString(),
        reason,
      }),
    );
    expect(await within(card).findByText('Buscando conductor')).toBeTruthy();
    expect(screen.getByText(reason)).toBeTruthy();
  });
});

describe('"¡Listo! … Te avisaremos cuando un conductor confirme."', () => {
  const stats = { total_trips: 0, total_spent: 0, averageRating: null, savedLocations: 0 };
  const booked = { bookedFor: '2026-11-29T10:00:00.000Z', bookedTripId: 40 };
  /** The dashboard as the wizard leaves it after a booking; the history entry (and its state) survives a reload. */
  const dashboardAfterBooking = () => {
    setSession(makeUser({ id: 1 }));
    render(
      <QueryClientProvider client={testQueryClient()}>
        <MemoryRouter initialEntries={[{ pathname: '/passenger/dashboard', state: booked }]}>
          <Routes>
            <Route path="/passenger/dashboard" element={<PassengerDashboardPage />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
  };
  const LISTO = /^¡Listo! Programado: .* Te avisaremos cuando un conductor confirme\.$/;

  it('goes once a driver is confirmed, live', async () => {
    const live = fakeRealtime();
    let list = [makePassengerBooking({ id: 40, state: 'searching', driver: null })];
    stubFetch({ 'GET /passenger/stats': ok(stats), 'GET /trips/scheduled': () => ok(list) });
    dashboardAfterBooking();
    expect(await screen.findByText(LISTO)).toBeTruthy();
    await waitFor(() => expect(live.follows(topics.tripStatus(40))).toBe(true));
    list = [makePassengerBooking({ id: 40, state: 'confirmed' })];
    act(() =>
      live.deliver(topics.tripStatus(40), {
        trip_id: 40,
        status: 'accepted',
        driver_id: 5,
        timestamp: new Date().toISOString(),
      }),
    );
    await screen.findByText('Conductor confirmado');
    expect(screen.queryByText(LISTO)).toBeNull();
  });

  it("is not said again over a booking already confirmed or cancelled (a reload keeps the page's state)", async () => {
    fakeRealtime();
    stubFetch({
      'GET /passenger/stats': ok(stats),
      'GET /trips/scheduled': ok([makePassengerBooking({ id: 40, state: 'confirmed' })]),
    });
    dashboardAfterBooking();
    await screen.findByText('Conductor confirmado');
    expect(screen.queryByText(LISTO)).toBeNull();
    resetTestWorld();

    fakeRealtime();
    stubFetch({ 'GET /passenger/stats': ok(stats), 'GET /trips/scheduled': ok([]) });
    dashboardAfterBooking();
    await screen.findByText('Viajes Totales');
    await waitFor(() => expect(screen.queryByText(LISTO)).toBeNull());
  });
});
