import {
  makeCreatedTrip,
  makeDriverOffer,
  makeFareAdjustment,
  makePassengerTrip,
  makeTripDriver,
  makeTripReceipt,
  makeUser,
} from '@jala/test-factories';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { PassengerActiveTripPage } from '@/features/live-trip/passenger-view/pages/active-trip-page';
import type { PassengerTrip as PassengerActiveTripDto } from '@/lib/current-trip';

import { fakeRealtime, jsonResponse, noActiveTrip, ok, renderAt, setSession, stubFetch } from '../../support';

const acceptedTrip: PassengerActiveTripDto = {
  ...makePassengerTrip(),
  status: 'accepted',
  agreed_fare: 18.5,
  driver: makeTripDriver({ phone: '912 345 678' }),
};
const historyWith = (status: string, finalFare: number | null) =>
  ok({
    trips: [
      {
        id: 7,
        trip_code: 'TRIP-7',
        status,
        trip_date: '2026-03-01T15:30:00.000Z',
        pickup_address: 'Parque Kennedy, Miraflores',
        destination_address: 'Jockey Plaza, Santiago de Surco',
        service_type: 'Auto',
        service_type_id: 2,
        final_fare: finalFare,
        estimated_fare: 34.54,
        distance_km: 9.1,
        duration_minutes: 23,
        driver: null,
        my_rating: null,
      },
    ],
    page: 1,
    per_page: 2,
    total: 1,
    total_pages: 1,
  });

function renderPage() {
  return renderAt('/passenger/active-trip', <PassengerActiveTripPage />);
}
const location = () => screen.getByTestId('location').textContent;

describe('passenger active-trip page', () => {
  beforeEach(() => {
    vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    setSession(makeUser({ id: 42, name: 'Ana Quispe', first_name: 'Ana', last_name: 'Quispe' }));
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it("says 'Buscando viaje activo…' and then sends a passenger without a trip to the request page", async () => {
    fakeRealtime(false);
    stubFetch({ 'GET /trips/active': noActiveTrip() });
    renderPage();
    expect(screen.getByText('Buscando viaje activo…')).toBeTruthy();
    await waitFor(() => expect(location()).toBe('/passenger/trip-request'));
  });

  it('shows status, addresses and fare of a pending trip, already published per published_at', async () => {
    fakeRealtime(false);
    stubFetch({
      'GET /trips/active': ok(makePassengerTrip()),
      'GET /trips/7/driver-offers': ok([]),
      'GET /health': ok({ tile_url: null }),
    });
    renderPage();
    expect(await screen.findByTestId('trip-status')).toHaveProperty('textContent', 'Pendiente');
    expect(screen.getByText('Parque Kennedy, Miraflores')).toBeTruthy();
    expect(screen.getByText('Jockey Plaza, Santiago de Surco')).toBeTruthy();
    expect(screen.getByText('S/ 20.00')).toBeTruthy();
    const published = screen.getByRole('button', { name: 'Publicado' }) as HTMLButtonElement;
    expect(published.disabled).toBe(true);
    expect(screen.getByText(/radio de búsqueda/)).toBeTruthy();
    expect(await screen.findByText('No hay ofertas aún.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancelar viaje' })).toBeTruthy();
  });

  it("publishes nothing by itself; a trip the server has not published offers 'Publicar viaje', which publishes it once over HTTP", async () => {
    const live = fakeRealtime(true);
    const fetchMock = stubFetch({
      'GET /trips/active': ok({ ...makePassengerTrip(), published_at: null }),
      'GET /trips/7/driver-offers': ok([]),
      'GET /health': ok({ tile_url: null }),
      'POST /trips/7/publish': ok(makeCreatedTrip({ id: 7 })),
    });
    renderPage();
    const publish = (await screen.findByRole('button', { name: 'Publicar viaje' })) as HTMLButtonElement;
    expect(screen.getByText(/radio de búsqueda/)).toBeTruthy();
    expect(live.publish.mock.calls.some(([topic]) => topic === 'jala/trip_requests')).toBe(false);
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/publish'))).toBe(false);

    fireEvent.click(publish);
    const published = (await screen.findByRole('button', { name: 'Publicado' })) as HTMLButtonElement;
    expect(published.disabled).toBe(true);
    expect(fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/trips/7/publish'))).toHaveLength(1);
    expect(live.publish.mock.calls.some(([topic]) => topic === 'jala/trip_requests')).toBe(false);
  });

  it("shows the spec's publishing error when the re-publication fails", async () => {
    fakeRealtime(false);
    stubFetch({
      'GET /trips/active': ok({ ...makePassengerTrip(), published_at: null }),
      'GET /trips/7/driver-offers': ok([]),
      'GET /health': ok({ tile_url: null }),
      'POST /trips/7/publish': jsonResponse(500, { success: false, message: 'Error del servidor' }),
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Publicar viaje' }));
    expect(await screen.findByText('Error al publicar por MQTT')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Publicar viaje' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("cancels after confirming and shows 'Viaje cancelado' by the passenger, with a way to request another trip", async () => {
    fakeRealtime(false);
    const fetchMock = stubFetch({
      'GET /trips/active': ok(makePassengerTrip()),
      'GET /trips/7/driver-offers': ok([]),
      'PUT /trips/7/cancel': ok({ id: 7, status: 'cancelled_by_passenger' }),
      'GET /passenger/trip-history': historyWith('cancelled_by_passenger', null),
      'GET /health': ok({ tile_url: null }),
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Cancelar viaje' }));
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/cancel'))).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Sí, cancelar' }));
    expect(await screen.findByRole('heading', { name: 'Viaje cancelado' })).toBeTruthy();
    expect(screen.getByText('Cancelado por ti')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Solicitar otro viaje' }).getAttribute('href')).toBe(
      '/passenger/trip-request',
    );
    expect(screen.getByRole('link', { name: 'Ir al inicio' }).getAttribute('href')).toBe('/dashboard');
  });

  it("shows the server's reason when cancelling fails", async () => {
    fakeRealtime(false);
    stubFetch({
      'GET /trips/active': ok(makePassengerTrip()),
      'GET /trips/7/driver-offers': ok([]),
      'PUT /trips/7/cancel': jsonResponse(409, {
        success: false,
        data: null,
        message: 'No se puede pasar de "En curso" a "Cancelado por ti".',
        code: 'CONFLICT',
      }),
      'GET /health': ok({ tile_url: null }),
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Cancelar viaje' }));
    fireEvent.click(screen.getByRole('button', { name: 'Sí, cancelar' }));
    expect(await screen.findByText('No se puede pasar de "En curso" a "Cancelado por ti".')).toBeTruthy();
  });

  it("ends with 'Viaje cancelado' / 'Cancelado por sistema' when the retained status says the trip expired", async () => {
    const live = fakeRealtime(true);
    stubFetch({
      'GET /trips/active': ok(makePassengerTrip()),
      'GET /trips/7/driver-offers': ok([]),
      'GET /passenger/trip-history': historyWith('cancelled_by_system', null),
      'GET /health': ok({ tile_url: null }),
    });
    renderPage();
    await screen.findByTestId('trip-status');
    await waitFor(() => expect(live.follows('trip_status/7')).toBe(true));
    live.deliver('trip_status/7', {
      trip_id: 7,
      status: 'cancelled_by_system',
      driver_id: null,
      timestamp: '2026-03-01T15:15:00.000Z',
    });
    expect(await screen.findByRole('heading', { name: 'Viaje cancelado' })).toBeTruthy();
    expect(screen.getByText('Cancelado por sistema')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancelar viaje' })).toBeNull();
  });

  it('shows the assigned driver with vehicle, rating and phone, and follows their position live', async () => {
    const live = fakeRealtime(true);
    stubFetch({ 'GET /trips/active': ok(acceptedTrip), 'GET /health': ok({ tile_url: null }) });
    renderPage();
    const card = await screen.findByRole('region', { name: 'Tu conductor' });
    expect(within(card).getByText('Carlos Mamani')).toBeTruthy();
    expect(within(card).getByText('Toyota Yaris · Blanco')).toBeTruthy();
    expect(within(card).getByTestId('car-plate').textContent).toBe('ABC-123');
    expect(within(card).getByText('★ 4.8')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Llamar' }).getAttribute('href')).toBe('tel:+51912345678');
    expect(screen.getByTestId('trip-status').textContent).toBe('Aceptado');
    expect(screen.getByText('S/ 18.50')).toBeTruthy();
    expect(screen.getByTestId('driver-distance').textContent).toBe('Tu conductor está a 322 m del punto de recojo.');
    await waitFor(() => expect(live.follows('driver_location/7')).toBe(true));
    live.deliver('driver_location/7', {
      latitude: -12.1391,
      longitude: -77.0297,
      heading: 0,
      timestamp: '2026-03-01T15:05:00.000Z',
    });
    await waitFor(() =>
      expect(screen.getByTestId('driver-distance').textContent).toBe('Tu conductor está a 2.0 km del punto de recojo.'),
    );
  });

  it('shows the start code to say aloud, and asks to check the car once it is locked', async () => {
    fakeRealtime(true);
    stubFetch({
      'GET /trips/active': ok({ ...acceptedTrip, start_code: '0427' }),
      'GET /health': ok({ tile_url: null }),
    });
    const view = renderPage();
    expect((await screen.findByTestId('start-code')).textContent).toBe('0427');
    expect(screen.getByRole('button', { name: 'Compartir viaje' })).toBeTruthy();
    expect(screen.getByTestId('sos-button')).toBeTruthy();
    view.unmount();
    stubFetch({
      'GET /trips/active': ok({ ...acceptedTrip, status: 'arrived', start_code: '0427', start_code_locked: true }),
      'GET /health': ok({ tile_url: null }),
    });
    renderPage();
    expect((await screen.findByTestId('start-code-locked')).textContent).toContain(
      'Revisa que la placa y el conductor sean los de la app',
    );
    expect(screen.queryByTestId('start-code')).toBeNull();
  });

  it("ends with '¡Viaje completado!', the receipt (agreed price, accepted adjustment, total) with 'Descargar PDF', and the driver rating form", async () => {
    const live = fakeRealtime(true);
    stubFetch({
      'GET /trips/active': ok(acceptedTrip),
      'GET /passenger/trip-history': historyWith('completed', 19),
      'GET /trips/7/receipt': ok(
        makeTripReceipt({
          agreed_fare: 16,
          adjustments: [makeFareAdjustment({ amount: 3, status: 'accepted' })],
          total: 19,
        }),
      ),
      'GET /trips/7/rating': ok({
        trip_id: 7,
        rater_role: 'passenger',
        can_rate: true,
        my_rating: null,
        ratee_name: 'Carlos Mamani',
      }),
      'GET /health': ok({ tile_url: null }),
    });
    renderPage();
    await screen.findByTestId('trip-status');
    await waitFor(() => expect(live.follows('trip_status/7')).toBe(true));
    live.deliver('trip_status/7', {
      trip_id: 7,
      status: 'completed',
      driver_id: 5,
      timestamp: '2026-03-01T15:40:00.000Z',
    });
    expect(await screen.findByRole('heading', { name: '¡Viaje completado!' })).toBeTruthy();
    const receipt = await screen.findByTestId('trip-receipt');
    expect(within(receipt).getByText('S/ 16.00')).toBeTruthy();
    expect(within(receipt).getByText('+S/ 3.00 · Peajes')).toBeTruthy();
    expect(within(receipt).getByText('S/ 19.00')).toBeTruthy();
    expect(within(receipt).getByText('Efectivo')).toBeTruthy();
    // The receipt page's own actions, right at the end of the trip: no detour through the history.
    const actions = await screen.findByRole('form', { name: 'Guardar o compartir el recibo' });
    expect(within(actions).getByRole('button', { name: 'Descargar PDF' })).toBeTruthy();
    expect(within(actions).getByLabelText('DNI o RUC (opcional)')).toBeTruthy();
    expect(await screen.findByRole('form', { name: 'Califica a tu conductor' })).toBeTruthy();
  });

  it("shows the driver's fare adjustment with the new total and sends the passenger's answer", async () => {
    fakeRealtime(true);
    const fetchMock = stubFetch({
      'GET /trips/active': ok({
        ...acceptedTrip,
        status: 'in_progress',
        fare_adjustments: [makeFareAdjustment({ amount: 3.5, reason: 'tolls' })],
      }),
      'PUT /trips/7/fare-adjustment': ok(makeFareAdjustment({ status: 'accepted' })),
      'GET /health': ok({ tile_url: null }),
    });
    renderPage();
    const prompt = await screen.findByTestId('fare-adjustment-prompt');
    expect(within(prompt).getByText('+S/ 3.50 · Peajes')).toBeTruthy();
    expect(within(prompt).getByText('Si aceptas pagarás S/ 22.00 en vez de S/ 18.50.')).toBeTruthy();
    fireEvent.click(within(prompt).getByRole('button', { name: 'Aceptar ajuste' }));
    await waitFor(() => {
      const call = fetchMock.mock.calls.find(
        ([url, init]) => String(url).endsWith('/trips/7/fare-adjustment') && init?.method === 'PUT',
      );
      expect(call && JSON.parse(String(call[1]?.body))).toEqual({ accept: true });
    });
  });

  it('is told on its receipt that the driver ended the trip far from the destination', async () => {
    const live = fakeRealtime(true);
    stubFetch({
      'GET /trips/active': ok({ ...acceptedTrip, status: 'in_progress' }),
      'GET /passenger/trip-history': historyWith('completed', 18.5),
      'GET /trips/7/receipt': ok(makeTripReceipt({ ended_far_from_destination_m: 10_912 })),
      'GET /trips/7/rating': ok({
        trip_id: 7,
        rater_role: 'passenger',
        can_rate: true,
        my_rating: null,
        ratee_name: 'Carlos Mamani',
      }),
      'GET /health': ok({ tile_url: null }),
    });
    renderPage();
    await screen.findByTestId('trip-status');
    await waitFor(() => expect(live.follows('trip_status/7')).toBe(true));
    live.deliver('trip_status/7', {
      trip_id: 7,
      status: 'completed',
      driver_id: 5,
      timestamp: '2026-03-01T15:40:00.000Z',
      ended_far_from_destination_m: 10_912,
    });
    const receipt = await screen.findByTestId('trip-receipt');
    expect(within(receipt).getByTestId('ended-far').textContent).toBe('Finalizado a 10.9 km del destino');
  });

  it('shows a failed answer to a fare adjustment beside its buttons, brought into view', async () => {
    const revealed: Element[] = [];
    Object.defineProperty(Element.prototype, 'scrollIntoView', {
      configurable: true,
      value(this: Element) {
        revealed.push(this);
      },
    });
    try {
      fakeRealtime(true);
      stubFetch({
        'GET /trips/active': ok({
          ...acceptedTrip,
          status: 'in_progress',
          fare_adjustments: [makeFareAdjustment({ amount: 3.5, reason: 'tolls' })],
        }),
        'PUT /trips/7/fare-adjustment': jsonResponse(409, {
          success: false,
          data: null,
          message: 'El ajuste ya no está pendiente.',
          code: 'NO_PENDING_FARE_ADJUSTMENT',
        }),
        'GET /health': ok({ tile_url: null }),
      });
      renderPage();
      const prompt = await screen.findByTestId('fare-adjustment-prompt');
      fireEvent.click(within(prompt).getByRole('button', { name: 'Aceptar ajuste' }));
      const alert = await within(prompt).findByRole('alert');
      expect(alert.textContent).toBe('El ajuste ya no está pendiente.');
      await waitFor(() => expect(revealed).toContain(alert));
    } finally {
      Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
    }
  });

  it('scrolls to the offers for a new offer only, not for those already there when the page opened', async () => {
    const revealed: string[] = [];
    Object.defineProperty(Element.prototype, 'scrollIntoView', {
      configurable: true,
      value(this: Element) {
        revealed.push(this.getAttribute('aria-label') ?? this.textContent?.slice(0, 40) ?? '');
      },
    });
    try {
      const live = fakeRealtime(true);
      stubFetch({
        'GET /trips/active': ok(makePassengerTrip({ offer_price: 20 })),
        'GET /trips/7/driver-offers': ok([makeDriverOffer({ driver_id: 5, price: 22 })]),
        'GET /health': ok({ tile_url: null }),
      });
      renderPage();
      await waitFor(() => expect(screen.getByTestId('offers-cue').textContent).toContain('1 oferta'));
      // The passenger starts cancelling; the offer that was already there does not scroll the question away.
      fireEvent.click(screen.getByRole('button', { name: 'Cancelar viaje' }));
      const question = await screen.findByRole('group', { name: '¿Seguro que quieres cancelar el viaje?' });
      await waitFor(() => expect(revealed).toEqual([question.getAttribute('aria-label')]));
      await waitFor(() => expect(live.follows('trip_offers/7')).toBe(true));
      live.deliver('trip_offers/7', makeDriverOffer({ driver_id: 6, price: 19.5, offer_id: 2 }));
      await waitFor(() => expect(screen.getByTestId('offers-cue').textContent).toContain('2 ofertas'));
      await waitFor(() => expect(revealed).toHaveLength(2));
    } finally {
      Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
    }
  });

  it('while waiting: the countdown, the new-offer cue with the best price, and raising the price republishes', async () => {
    const live = fakeRealtime(true);
    const expiresAt = new Date(Date.now() + 9 * 60_000 + 30_000).toISOString();
    const fetchMock = stubFetch({
      'GET /trips/active': ok(makePassengerTrip({ expires_at: expiresAt, offer_price: 20 })),
      'GET /trips/7/driver-offers': ok([]),
      'POST /trips/7/raise-price': ok(makeCreatedTrip()),
      'GET /health': ok({ tile_url: null }),
    });
    renderPage();
    expect((await screen.findByTestId('expiry-countdown')).textContent).toMatch(/^9:(29|30)$/);
    expect(screen.queryByTestId('offers-cue')).toBeNull();
    await waitFor(() => expect(live.follows('trip_offers/7')).toBe(true));
    live.deliver('trip_offers/7', makeDriverOffer({ driver_id: 5, price: 22 }));
    live.deliver('trip_offers/7', makeDriverOffer({ driver_id: 6, price: 19.5, offer_id: 2 }));
    await waitFor(() =>
      expect(screen.getByTestId('offers-cue').textContent).toContain('2 ofertas · mejor precio S/\u00a019.50'),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Subir a S/\u00a021.00 y publicar de nuevo' }));
    await waitFor(() => {
      const call = fetchMock.mock.calls.find(
        ([url, init]) => String(url).endsWith('/trips/7/raise-price') && init?.method === 'POST',
      );
      expect(call && JSON.parse(String(call[1]?.body))).toEqual({ offer_price: 21 });
    });
  });
});
