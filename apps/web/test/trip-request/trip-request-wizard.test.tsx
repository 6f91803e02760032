import type { CreateTripRequest } from '@jala/contracts';
import { makeCreatedTrip } from '@jala/test-factories';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { TripRequestSheet } from '@/features/trip-request/components/trip-request-sheet';
import { useRoutePreview } from '@/features/trip-request/hooks/use-route-preview';
import {
  TripRequestProvider,
  type TripWriteCalls,
  useTripRequest,
} from '@/features/trip-request/model/trip-request-context';
import { createTripRequestStore, type TripRequestStore } from '@/features/trip-request/model/trip-request-store';

import { fakeRealtime, jsonResponse, renderAt, stubFetch } from '../support';

const KENNEDY = {
  placeId: 'jala:parque-kennedy',
  name: 'Parque Kennedy',
  formattedAddress: 'Parque Kennedy, Miraflores, Lima, Perú',
  coordinates: { latitude: -12.1211, longitude: -77.0297 },
  types: ['park'],
};
const JOCKEY = {
  placeId: 'jala:jockey-plaza',
  name: 'Jockey Plaza',
  formattedAddress: 'Jockey Plaza, Santiago de Surco, Lima, Perú',
  coordinates: { latitude: -12.0859, longitude: -76.9773 },
  types: ['shopping_mall'],
};
const ROUTE = {
  distance: { text: '9.1 km', value: 9100 },
  duration: { text: '23 min', value: 1380 },
  polyline: '_p~iF~ps|U_ulLnnqC',
  steps: [],
  estimatedCost: 34.54,
};

const createdTrip = makeCreatedTrip({
  estimated_fare: 34.54,
  distance_km: 9.1,
  duration_minutes: 23,
  route_polyline: null,
});

function geoServer() {
  return stubFetch({
    'GET /geo/search': (_init, url) => {
      const q = new URL(url, 'http://x').searchParams.get('q') ?? '';
      const places = [KENNEDY, JOCKEY].filter((p) => p.name.toLowerCase().includes(q.toLowerCase()));
      return jsonResponse(200, { success: true, data: places, message: 'OK' });
    },
    'GET /geo/route': jsonResponse(200, { success: true, data: ROUTE, message: 'OK' }),
    'GET /passenger/saved-locations': jsonResponse(200, { success: true, data: [], message: 'OK' }),
  });
}

interface Harness {
  store: TripRequestStore;
  created: CreateTripRequest[];
  cancelled: number[];
}

/** The sheet with the route preview the screen computes from the chosen points and service type. */
function SheetWithRoutePreview() {
  const origin = useTripRequest((s) => s.origin);
  const destination = useTripRequest((s) => s.destination);
  const serviceTypeId = useTripRequest((s) => s.serviceTypeId);
  const route = useRoutePreview(origin, destination, serviceTypeId);
  return <TripRequestSheet route={route} />;
}

function renderWizard(overrides: Partial<TripWriteCalls> = {}, mapReady = true, withRoutePreview = false): Harness {
  const created: CreateTripRequest[] = [];
  const cancelled: number[] = [];
  const calls: TripWriteCalls = {
    createTrip: async (payload) => {
      created.push(payload);
      return createdTrip;
    },
    cancelTrip: async (id) => {
      cancelled.push(id);
    },
    ...overrides,
  };
  const store = createTripRequestStore({ reverseGeocode: async () => ({ address: 'Av. Larco 345, Miraflores' }) });
  if (mapReady) store.getState().setMapStatus({ state: 'ready' });
  renderAt(
    '/passenger/trip-request',
    <TripRequestProvider store={store} calls={calls}>
      {withRoutePreview ? (
        <SheetWithRoutePreview />
      ) : (
        <TripRequestSheet route={{ route: null, isLoading: false, error: null, fareServiceTypeId: null }} />
      )}
    </TripRequestProvider>,
  );
  return { store, created, cancelled };
}

const next = () => fireEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
const stepLabel = () => screen.getByRole('progressbar').getAttribute('aria-valuetext');

async function choosePlace(text: string, name: RegExp) {
  fireEvent.change(screen.getByRole('combobox'), { target: { value: text } });
  fireEvent.click(await screen.findByRole('option', { name }));
}

async function reachStep3(harness: Harness) {
  await choosePlace('Kennedy', /Parque Kennedy/);
  next();
  await choosePlace('Jockey', /Jockey Plaza/);
  next();
  expect(harness.store.getState().step).toBe(3);
}

describe('request-trip wizard', () => {
  beforeEach(() => {
    geoServer();
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('shows a 4-segment progress bar and keeps step 1 until an origin is chosen', () => {
    renderWizard();
    expect(screen.getAllByTestId('progress-segment')).toHaveLength(4);
    expect(stepLabel()).toBe('Paso 1 de 4: Origen');
    expect(screen.getByPlaceholderText('Escribe o selecciona en el mapa')).toBeTruthy();
    next();
    expect(screen.getByRole('alert').textContent).toBe('Selecciona un origen');
    expect(stepLabel()).toBe('Paso 1 de 4: Origen');
  });

  it('searches places (debounced, once per pause) and choosing one sets the origin and clears the error', async () => {
    const fetchMock = geoServer();
    const { store } = renderWizard();
    next();
    const input = screen.getByRole('combobox');
    for (const value of ['K', 'Ke', 'Ken', 'Kenn']) fireEvent.change(input, { target: { value } });
    fireEvent.click(await screen.findByRole('option', { name: /Parque Kennedy/ }));
    const searches = fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('/geo/search'));
    expect(searches).toHaveLength(1);
    expect(searches[0]).toContain('q=Kenn');
    expect(store.getState().origin).toEqual({ coordinates: KENNEDY.coordinates, address: KENNEDY.formattedAddress });
    expect(store.getState().activeSelection).toBeNull();
    expect(screen.queryByText('Selecciona un origen')).toBeNull();
    expect((input as HTMLInputElement).value).toBe(KENNEDY.formattedAddress);
    next();
    expect(stepLabel()).toBe('Paso 2 de 4: Destino');
  });

  it("arms map picking on focus and with 'Mapa', and clearing the text clears the point", async () => {
    const { store } = renderWizard();
    const input = screen.getByRole('combobox');
    fireEvent.focus(input);
    expect(store.getState().activeSelection).toBe('origin');
    expect(screen.getByRole('button', { name: 'Mapa' }).getAttribute('aria-pressed')).toBe('true');
    await choosePlace('Kennedy', /Parque Kennedy/);
    expect(store.getState().activeSelection).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Mapa' }));
    expect(store.getState().activeSelection).toBe('origin');
    fireEvent.change(input, { target: { value: '' } });
    expect(store.getState().origin).toBeNull();
  });

  it("requires a destination on step 2 and 'Anterior' goes back to step 1", async () => {
    renderWizard();
    await choosePlace('Kennedy', /Parque Kennedy/);
    next();
    next();
    expect(screen.getByRole('alert').textContent).toBe('Selecciona un destino');
    expect(stepLabel()).toBe('Paso 2 de 4: Destino');
    fireEvent.click(screen.getByRole('button', { name: 'Anterior' }));
    expect(stepLabel()).toBe('Paso 1 de 4: Origen');
  });

  it('step 3 offers Mototaxi (1) and Auto (2), requires one, and the price input is number, min 0, step 0.5', async () => {
    const harness = renderWizard();
    await reachStep3(harness);
    const select = screen.getByLabelText('Tipo de servicio') as HTMLSelectElement;
    expect([...select.options].map((o) => [o.value, o.text])).toEqual([
      ['', 'Selecciona...'],
      ['1', 'Mototaxi'],
      ['2', 'Auto'],
    ]);
    const price = screen.getByLabelText('Precio que ofreces (S/)') as HTMLInputElement;
    expect([price.type, price.min, price.step]).toEqual(['number', '0', '0.5']);
    next();
    expect(screen.getByRole('alert').textContent).toBe('Selecciona un tipo de servicio');
    fireEvent.change(select, { target: { value: '1' } });
    fireEvent.change(price, { target: { value: '-3' } });
    next();
    expect(screen.getByRole('alert').textContent).toBe('El precio debe ser mayor que cero o quedar vacío.');
    fireEvent.change(price, { target: { value: '12.5' } });
    next();
    expect(stepLabel()).toBe('Paso 4 de 4: Confirmar');
  });

  it('shows no fare before a service type is chosen, then the fare of the chosen one', async () => {
    const harness = renderWizard({}, true, true);
    await reachStep3(harness);
    const fare = async () => {
      const list = await screen.findByLabelText('Resumen de la ruta');
      const item = list.querySelector('.trq-route__item--fare');
      return `${item?.querySelector('dt')?.textContent} ${item?.querySelector('dd')?.textContent}`;
    };
    await waitFor(async () => expect(await fare()).toBe('Tarifa estimada Elige el tipo de servicio'));
    expect((screen.getByLabelText('Tipo de servicio') as HTMLSelectElement).value).toBe('');
    expect(screen.queryByText(/S\/ 34\.54/)).toBeNull();
    fireEvent.change(screen.getByLabelText('Tipo de servicio'), { target: { value: '2' } });
    await waitFor(async () => expect(await fare()).toBe('Tarifa estimada (Auto) S/\u00a034.54'));
  });

  it('confirms with the notes and no offer_price when the price is empty, and goes straight to the active trip without publishing itself', async () => {
    const live = fakeRealtime(true);
    const harness = renderWizard();
    await reachStep3(harness);
    fireEvent.change(screen.getByLabelText('Tipo de servicio'), { target: { value: '2' } });
    next();
    expect(screen.queryByRole('button', { name: 'Cancelar Viaje' })).toBeNull();
    fireEvent.change(screen.getByPlaceholderText('Instrucciones especiales...'), { target: { value: '  Puerta 2  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar Viaje' }));
    await waitFor(() => expect(harness.created).toHaveLength(1));
    expect(harness.created[0]).toEqual({
      pickup_latitude: -12.1211,
      pickup_longitude: -77.0297,
      pickup_address: KENNEDY.formattedAddress,
      destination_latitude: -12.0859,
      destination_longitude: -76.9773,
      destination_address: JOCKEY.formattedAddress,
      service_type_id: 2,
      passenger_notes: 'Puerta 2',
    });
    expect(harness.store.getState().status).toBe('pending');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/passenger/active-trip'));
    // Creating the trip published it on the server: the web sends no publication of its own.
    expect(live.publish).not.toHaveBeenCalled();
  });

  it("shows 'Cancelar Viaje' on step 4 while the trip is being created", async () => {
    const harness = renderWizard({ createTrip: () => new Promise(() => {}) });
    await reachStep3(harness);
    fireEvent.change(screen.getByLabelText('Tipo de servicio'), { target: { value: '2' } });
    next();
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar Viaje' }));
    expect(await screen.findByRole('button', { name: 'Cancelar Viaje' })).toBeTruthy();
    expect(harness.store.getState().status).toBe('searching_driver');
  });

  it('sends offer_price when set', async () => {
    const harness = renderWizard();
    await reachStep3(harness);
    fireEvent.change(screen.getByLabelText('Tipo de servicio'), { target: { value: '1' } });
    fireEvent.change(screen.getByLabelText('Precio que ofreces (S/)'), { target: { value: '15.5' } });
    next();
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar Viaje' }));
    await waitFor(() => expect(harness.created).toHaveLength(1));
    expect(harness.created[0]).toMatchObject({ service_type_id: 1, offer_price: 15.5, passenger_notes: null });
  });

  it("disables 'Confirmar Viaje' while the map loads", async () => {
    const harness = renderWizard({}, false);
    await reachStep3(harness);
    fireEvent.change(screen.getByLabelText('Tipo de servicio'), { target: { value: '2' } });
    next();
    const confirm = screen.getByRole('button', { name: 'Confirmar Viaje' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    act(() => harness.store.getState().setMapStatus({ state: 'ready' }));
    expect(confirm.disabled).toBe(false);
  });

  it("shows 'Confirmando...' while creating and 'Error al crear el viaje' when creation fails", async () => {
    let fail: (error: Error) => void = () => {};
    const harness = renderWizard({
      createTrip: () =>
        new Promise((_resolve, reject) => {
          fail = reject;
        }),
    });
    await reachStep3(harness);
    fireEvent.change(screen.getByLabelText('Tipo de servicio'), { target: { value: '2' } });
    next();
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar Viaje' }));
    const busy = await screen.findByRole('button', { name: 'Confirmando...' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    await act(async () => fail(new Error('boom')));
    expect((await screen.findByRole('alert')).textContent).toBe('Error al crear el viaje');
    expect(harness.store.getState().status).toBe('idle');
    // The form stays as it was, on its last step, ready to try again.
    expect(harness.store.getState()).toMatchObject({ step: 4, serviceTypeId: 2, currentTrip: null });
    expect(screen.getByTestId('location').textContent).toBe('/passenger/trip-request');
    expect((screen.getByRole('button', { name: 'Confirmar Viaje' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('offers the saved places as one-tap chips under the input', async () => {
    stubFetch({
      'GET /passenger/saved-locations': jsonResponse(200, {
        success: true,
        data: [
          { id: 1, name: 'Casa', address: 'Jr. Huiracocha 1290, Jesús María', latitude: -12.0753, longitude: -77.0465 },
        ],
        message: 'OK',
      }),
    });
    const { store } = renderWizard();
    fireEvent.click(await screen.findByRole('button', { name: 'Casa' }));
    expect(store.getState().origin).toEqual({
      coordinates: { latitude: -12.0753, longitude: -77.0465 },
      address: 'Jr. Huiracocha 1290, Jesús María',
    });
    expect((screen.getByRole('combobox') as HTMLInputElement).value).toBe('Jr. Huiracocha 1290, Jesús María');
  });

  it('shows the map error below the form and the small-screen tip about the Mapa buttons', () => {
    const { store } = renderWizard();
    act(() => store.getState().setMapStatus({ state: 'error', message: 'No se pudo cargar el mapa' }));
    const sheet = screen.getByRole('complementary', { name: 'Solicitud de viaje' });
    expect(within(sheet).getByText('No se pudo cargar el mapa')).toBeTruthy();
    expect(within(sheet).getByText(/toca los botones «Mapa»/)).toBeTruthy();
  });
});

describe("'Mi ubicación' on step 1", () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  const withGeolocation = (geolocation: Partial<Geolocation> | undefined) =>
    Object.defineProperty(navigator, 'geolocation', { value: geolocation, configurable: true });

  it("says 'Tu navegador no soporta geolocalización' without geolocation", async () => {
    geoServer();
    withGeolocation(undefined);
    renderWizard();
    fireEvent.click(screen.getByRole('button', { name: 'Mi ubicación' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Tu navegador no soporta geolocalización');
  });

  it("shows 'Obteniendo...' and then 'No se pudo obtener tu ubicación actual' when the position fails", async () => {
    geoServer();
    let deny: PositionErrorCallback = () => {};
    withGeolocation({
      getCurrentPosition: (_ok: PositionCallback, error?: PositionErrorCallback | null) => {
        deny = error ?? deny;
      },
    });
    renderWizard();
    fireEvent.click(screen.getByRole('button', { name: 'Mi ubicación' }));
    expect(screen.getByRole('button', { name: 'Obteniendo...' })).toBeTruthy();
    act(() => deny({ code: 1, message: 'denied', PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3 }));
    expect((await screen.findByRole('alert')).textContent).toBe('No se pudo obtener tu ubicación actual');
  });

  it('asks for the position with the passenger options and fills the origin with its address', async () => {
    stubFetch({
      'GET /geo/reverse': jsonResponse(200, {
        success: true,
        data: { address: 'Av. Larco 345, Miraflores', place: null },
        message: 'OK',
      }),
      'GET /passenger/saved-locations': jsonResponse(200, { success: true, data: [], message: 'OK' }),
    });
    const getCurrentPosition = vi.fn(
      (ok: PositionCallback, _error?: PositionErrorCallback | null, _options?: PositionOptions) =>
        ok({ coords: { latitude: -12.12, longitude: -77.03 } } as GeolocationPosition),
    );
    withGeolocation({ getCurrentPosition });
    const { store } = renderWizard();
    fireEvent.click(screen.getByRole('button', { name: 'Mi ubicación' }));
    await waitFor(() => expect(store.getState().origin?.address).toBe('Av. Larco 345, Miraflores'));
    expect(getCurrentPosition.mock.calls[0]?.[2]).toEqual({
      enableHighAccuracy: true,
      timeout: 10_000,
      maximumAge: 300_000,
    });
  });
});

describe('map taps', () => {
  const point = { latitude: -12.11, longitude: -77.03 };

  it('are ignored without an active selection or once a trip is being requested', async () => {
    const reverseGeocode = vi.fn(async () => ({ address: 'Miraflores, Lima' }));
    const store = createTripRequestStore({ reverseGeocode });
    await store.getState().pickOnMap(point);
    expect(reverseGeocode).not.toHaveBeenCalled();
    store.setState({ activeSelection: 'destination', status: 'pending' });
    await store.getState().pickOnMap(point);
    expect(reverseGeocode).not.toHaveBeenCalled();
    expect(store.getState().destination).toBeNull();
  });

  it("reverse-geocode the point into the active field, end the selection, and fall back to 'Mi ubicación actual'", async () => {
    const addresses = ['Miraflores, Lima', '  '];
    const store = createTripRequestStore({ reverseGeocode: async () => ({ address: addresses.shift() ?? '' }) });
    store.getState().setActiveSelection('destination');
    await store.getState().pickOnMap(point);
    expect(store.getState().destination).toEqual({ coordinates: point, address: 'Miraflores, Lima' });
    expect(store.getState().activeSelection).toBeNull();
    store.getState().setActiveSelection('origin');
    await store.getState().pickOnMap(point);
    expect(store.getState().origin?.address).toBe('Mi ubicación actual');
  });

  it('set the point of an address typed by hand, keeping its words; typing again drops it', async () => {
    const reverseGeocode = vi.fn(async () => ({ address: 'Lince, Lima' }));
    const store = createTripRequestStore({ reverseGeocode });
    store.getState().keepTypedAddress('origin', '  Av. Arequipa 2500 ');
    expect(store.getState().activeSelection).toBe('origin');
    await store.getState().pickOnMap(point);
    expect(reverseGeocode).not.toHaveBeenCalled();
    expect(store.getState().origin).toEqual({ coordinates: point, address: 'Av. Arequipa 2500' });
    expect(store.getState().typedAddress).toBeNull();
    // 'Mi ubicación' sets the point of a typed address the same way.
    store.getState().keepTypedAddress('destination', 'Jr. Huallaga 320');
    store.getState().setLocation('destination', { coordinates: point, address: 'Cercado de Lima, Lima' });
    expect(store.getState().destination?.address).toBe('Jr. Huallaga 320');
    store.getState().keepTypedAddress('destination', 'Calle 5');
    store.getState().dropTypedAddress();
    store.getState().setActiveSelection('destination');
    await store.getState().pickOnMap(point);
    expect(store.getState().destination?.address).toBe('Lince, Lima');
  });

  it("show the server's Spanish reason when the point cannot be used", async () => {
    const { ApiError } = await import('@/lib/api/api-client');
    const store = createTripRequestStore({
      reverseGeocode: async () => {
        throw new ApiError({
          message: 'Esta ubicación está fuera de Perú. Jala solo opera en Perú.',
          code: 'OUT_OF_COVERAGE',
          status: 400,
        });
      },
    });
    store.getState().setActiveSelection('origin');
    await store.getState().pickOnMap(point);
    expect(store.getState().error).toBe('Esta ubicación está fuera de Perú. Jala solo opera en Perú.');
    expect(store.getState().origin).toBeNull();
  });
});
