import { makeDriverOffer, makePassengerTrip, makeUser } from '@jala/test-factories';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { OffersPanel } from '@/features/live-trip/passenger-view/components/offers-panel';
import { PendingTripPanels } from '@/features/live-trip/passenger-view/components/pending-trip-panels';
import { toActiveTrip } from '@/features/live-trip/passenger-view/model/active-trip';
import { mergeOffers } from '@/features/live-trip/passenger-view/model/offers';

import { fakeRealtime, jsonResponse, renderAt, setSession, stubFetch } from '../../support';

const offerNames = () => screen.getAllByTestId('driver-offer').map((li) => li.getAttribute('aria-label'));
const offerPrices = () => screen.getAllByTestId('offer-price').map((p) => p.textContent);

describe('mergeOffers', () => {
  it('sorts by ascending price, earlier offers first on equal prices', () => {
    const offers = mergeOffers(
      [],
      [
        makeDriverOffer({ driver_id: 1, price: 25 }),
        makeDriverOffer({ driver_id: 2, price: 18.5, created_at: '2026-03-01T15:02:00.000Z' }),
        makeDriverOffer({ driver_id: 3, price: 18.5, created_at: '2026-03-01T15:01:00.000Z' }),
      ],
    );
    expect(offers.map((o) => o.driver_id)).toEqual([3, 2, 1]);
  });

  it('ignores a second offer from the same driver, even a cheaper one', () => {
    const first = makeDriverOffer({ driver_id: 1, price: 25 });
    const offers = mergeOffers(
      [first],
      [makeDriverOffer({ driver_id: 1, price: 12 }), makeDriverOffer({ driver_id: 2, price: 30 })],
    );
    expect(offers.map((o) => [o.driver_id, o.price])).toEqual([
      [1, 25],
      [2, 30],
    ]);
  });
});

describe('driver offers panel', () => {
  beforeEach(() => {
    setSession(makeUser());
    stubFetch({
      'GET /trips/7/chat/1/messages': jsonResponse(200, {
        success: true,
        data: { messages: [], next_before: null },
        message: 'OK',
      }),
      'GET /trips/7/chat/2/messages': jsonResponse(200, {
        success: true,
        data: { messages: [], next_before: null },
        message: 'OK',
      }),
    });
    fakeRealtime(false);
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  const panel = (offers: ReturnType<typeof makeDriverOffer>[]) => (
    <OffersPanel
      tripId={7}
      userId={42}
      offers={offers}
      isLoading={false}
      loadError={null}
      onAccept={() => {}}
      acceptingDriverId={null}
      acceptError={null}
    />
  );

  it("is titled 'Ofertas de conductores' and says 'No hay ofertas aún.' when empty", () => {
    renderAt('/', panel([]));
    expect(screen.getByRole('heading', { name: 'Ofertas de conductores' })).toBeTruthy();
    expect(screen.getByText('No hay ofertas aún.')).toBeTruthy();
  });

  it('shows each offer with name, vehicle, rating, price in soles, a chat box and Aceptar', () => {
    renderAt(
      '/',
      panel([
        makeDriverOffer({ driver_id: 1, price: 18.5 }),
        makeDriverOffer({
          driver_id: 2,
          price: 21,
          driver: { name: 'Rosa Huamán', rating: null, vehicle: 'Bajaj RE · Rojo · M-123', phone_verified: false },
        }),
      ]),
    );
    const [first, second] = screen.getAllByTestId('driver-offer');
    if (!first || !second) throw new Error('two offers expected');
    expect(within(first).getByText('Conductor 1')).toBeTruthy();
    expect(within(first).getByText('Toyota Yaris · Blanco · ABC-123')).toBeTruthy();
    expect(within(first).getByText('★ 4.5')).toBeTruthy();
    expect(within(first).getByText('S/ 18.50')).toBeTruthy();
    expect(within(first).getByPlaceholderText('Escribe un mensaje')).toBeTruthy();
    expect(within(first).getByRole('button', { name: 'Aceptar' })).toBeTruthy();
    expect(within(second).getByText('Sin calificaciones')).toBeTruthy();
    expect(within(second).getByText('S/ 21.00')).toBeTruthy();
  });

  it("makes 'Aceptar' the one main button: 'Enviar' is a small icon button inside the message row", () => {
    renderAt('/', panel([makeDriverOffer({ driver_id: 1, price: 18.5 })]));
    const offer = screen.getByTestId('driver-offer');
    const accept = within(offer).getByRole('button', { name: 'Aceptar' });
    const send = within(offer).getByRole('button', { name: 'Enviar' });
    expect(accept.className).toContain('btn--primary');
    expect(accept.className).toContain('btn--block');
    // Not a second full-width blue button: an icon (no text of its own) in the same row as the message field.
    expect(send.className).not.toMatch(/btn--primary|btn--block/);
    expect(send.className).toContain('icon-btn');
    expect(send.textContent).toBe('');
    expect(send.querySelector('svg')).not.toBeNull();
    expect(send.parentElement).toBe(within(offer).getByPlaceholderText('Escribe un mensaje').parentElement);
  });
});

describe('offers of a pending trip, polled and live', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  function renderPending(routes: Parameters<typeof stubFetch>[0] = {}) {
    setSession(makeUser());
    const fetchMock = stubFetch({
      'GET /trips/7/driver-offers': jsonResponse(200, {
        success: true,
        data: [makeDriverOffer({ driver_id: 1, price: 20 })],
        message: 'OK',
      }),
      'GET /trips/7/chat/1/messages': jsonResponse(200, {
        success: true,
        data: { messages: [], next_before: null },
        message: 'OK',
      }),
      'GET /trips/7/chat/2/messages': jsonResponse(200, {
        success: true,
        data: { messages: [], next_before: null },
        message: 'OK',
      }),
      'GET /health': jsonResponse(200, { success: true, data: { tile_url: null }, message: 'OK' }),
      ...routes,
    });
    const live = fakeRealtime(true);
    const refetchTrip = vi.fn(async () => {});
    renderAt('/', <PendingTripPanels trip={toActiveTrip(makePassengerTrip())} userId={42} refetchTrip={refetchTrip} />);
    return { live, fetchMock, refetchTrip };
  }

  it('adds live offers in price order and ignores a second offer from the same driver and malformed messages', async () => {
    const { live } = renderPending();
    await screen.findByText('S/ 20.00');
    await waitFor(() => expect(live.follows('trip_offers/7')).toBe(true));
    live.deliver('trip_offers/7', makeDriverOffer({ driver_id: 2, price: 15 }));
    await waitFor(() => expect(offerPrices()).toEqual(['S/\u00a015.00', 'S/\u00a020.00']));
    live.deliver('trip_offers/7', makeDriverOffer({ driver_id: 2, price: 9 }));
    live.deliver('trip_offers/7', { driver_id: 3, price: 'gratis' });
    live.deliver('trip_offers/7', makeDriverOffer({ driver_id: 4, price: 5, trip_id: 99 }));
    expect(offerPrices()).toEqual(['S/\u00a015.00', 'S/\u00a020.00']);
    expect(offerNames()).toEqual(['Oferta de Conductor 2', 'Oferta de Conductor 1']);
  });

  it('accepts an offer with the trip and driver ids, then re-reads the trip', async () => {
    const { fetchMock, refetchTrip } = renderPending({
      'POST /drivers/trips/accept': jsonResponse(200, {
        success: true,
        data: { id: 7, status: 'accepted', driver_id: 1 },
        message: 'Conductor aceptado',
      }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Aceptar' }));
    await waitFor(() => expect(refetchTrip).toHaveBeenCalled());
    const accept = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/drivers/trips/accept'));
    expect(JSON.parse(String(accept?.[1]?.body))).toEqual({ trip_id: 7, driver_id: 1 });
  });

  it("shows the server's Spanish reason when an accept fails", async () => {
    renderPending({
      'POST /drivers/trips/accept': jsonResponse(409, {
        success: false,
        data: null,
        message: 'El conductor acaba de tomar otro viaje. Elige otra oferta.',
        code: 'CONFLICT',
      }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Aceptar' }));
    expect(await screen.findByText('El conductor acaba de tomar otro viaje. Elige otra oferta.')).toBeTruthy();
  });
});
