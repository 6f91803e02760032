import type { Vehicle } from '@jala/contracts';
import { topics } from '@jala/contracts';
import { DRIVER_GEO_WATCH } from '@jala/domain';
import { makeDriverProfile, makeDriverTrip, makeDriverTripRequest } from '@jala/test-factories';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { GeolocationRequired } from '@/features/live-trip/driver-view/components/geolocation-required';
import { DriverTripRequestPage } from '@/features/live-trip/driver-view/pages/trip-request-page';

import {
  envelope,
  installGeolocation,
  jsonResponse,
  noActiveTrip,
  renderAt,
  signedInDriverPhone,
  stubFetch,
} from '../../support';

const DRIVER_ID = 33;
const KENNEDY = { latitude: -12.1211, longitude: -77.0297 };
const FEED = topics.driverTripRequests(DRIVER_ID);

const phone = signedInDriverPhone(DRIVER_ID);

function renderPage() {
  return renderAt('/driver/trip-request', {
    '/driver/trip-request': <DriverTripRequestPage />,
  });
}

const makeVehicle = (overrides: Partial<Vehicle> = {}): Vehicle => ({
  id: 3,
  vehicle_type: 'auto',
  brand: 'Toyota',
  model: 'Yaris',
  license_plate: 'ABC-123',
  color: 'Blanco',
  year: 2022,
  passenger_capacity: 4,
  vehicle_status: 'active',
  ...overrides,
});

const requestCalls = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('/driver/trip-requests'));

describe("driver 'Solicitudes de Viaje' page", () => {
  it('watches the position with the driver options and loads the requests for it', async () => {
    const fetchMock = stubFetch({
      'GET /driver/trips/current': noActiveTrip(),
      'GET /driver/trip-requests': jsonResponse(
        200,
        envelope([
          makeDriverTripRequest(),
          makeDriverTripRequest({ id: 502, passenger_name: 'Luis Paredes', distance_to_pickup_km: 1.2 }),
        ]),
      ),
    });
    renderPage();
    expect(screen.getByRole('heading', { name: 'Solicitudes de Viaje' })).toBeTruthy();
    expect(screen.getByText('Cargando solicitudes...')).toBeTruthy();
    expect(phone.geo.options).toEqual(DRIVER_GEO_WATCH);
    expect(requestCalls(fetchMock)).toHaveLength(0); // nothing before the first fix

    act(() => phone.geo.fix(KENNEDY.latitude, KENNEDY.longitude));
    expect(await screen.findByRole('heading', { name: '2 solicitudes disponibles' })).toBeTruthy();
    expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'))).toEqual([
      'Solicitud de Rosa Huamán',
      'Solicitud de Luis Paredes',
    ]);
    expect(requestCalls(fetchMock)[0]).toContain('latitude=-12.1211&longitude=-77.0297');
  });

  it("shows 'No hay solicitudes de viaje disponibles.' when nothing is near", async () => {
    stubFetch({
      'GET /driver/trips/current': noActiveTrip(),
      'GET /driver/trip-requests': jsonResponse(200, envelope([])),
    });
    renderPage();
    act(() => phone.geo.fix(KENNEDY.latitude, KENNEDY.longitude));
    expect(await screen.findByText('No hay solicitudes de viaje disponibles.')).toBeTruthy();
  });

  it('tells a driver whose documents are in review what happens next, asks for no requests, and follows the decision', async () => {
    let verification: 'pending_verification' | 'verified' = 'pending_verification';
    const documents = () =>
      envelope({
        documents: [],
        missing: [],
        verification_status: verification,
        rejection_reason: null,
        submitted_at: '2026-11-23T15:00:00.000Z',
        license_expiry_date: '2029-01-01',
        soat_expiry_date: '2027-11-25',
        expiry_notice: null,
        documents_expired: false,
      });
    const fetchMock = stubFetch({
      'GET /driver/trips/current': noActiveTrip(),
      'GET /driver/profile': jsonResponse(200, envelope(makeDriverProfile({ verification_status: verification }))),
      'GET /driver/documents': () => jsonResponse(200, documents()),
      'GET /driver/status': jsonResponse(
        200,
        envelope({
          driver_status: 'online',
          active_vehicle_id: 3,
          documents_verified: false,
          last_status_change: null,
        }),
      ),
      'GET /driver/trip-requests': jsonResponse(200, envelope([makeDriverTripRequest()])),
    });
    renderPage();
    act(() => phone.geo.fix(KENNEDY.latitude, KENNEDY.longitude));
    const card = await screen.findByTestId('verification-waiting');
    expect(within(card).getByRole('heading', { name: 'Tus documentos están en revisión' })).toBeTruthy();
    expect(card.textContent).toContain('Suele tomar menos de 24 horas.');
    expect(card.textContent).toContain('Te avisaremos en la app en cuanto un operador decida');
    expect(within(card).getByRole('link', { name: 'Registrar o revisar tus vehículos' }).getAttribute('href')).toBe(
      '/driver/profile?tab=vehiculos',
    );
    expect(
      within(card).getByRole('link', { name: 'Elegir tu vehículo activo y conectarte' }).getAttribute('href'),
    ).toBe('/driver/status');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(requestCalls(fetchMock)).toHaveLength(0);

    // The operator approves: the notification refetches the documents and the requests appear.
    verification = 'verified';
    await waitFor(() => expect(phone.live.follows(topics.notifications(DRIVER_ID))).toBe(true));
    act(() =>
      phone.live.deliver(topics.notifications(DRIVER_ID), {
        type: 'verification_changed',
        verification_status: 'verified',
      }),
    );
    expect(await screen.findByRole('heading', { name: '1 solicitud disponible' })).toBeTruthy();
    expect(screen.queryByTestId('verification-waiting')).toBeNull();
  });

  it("offers 'Conectarse' right on the page to an offline driver with a vehicle in service: one tap, then the requests", async () => {
    let online = false;
    const status = () =>
      envelope({
        driver_status: online ? 'online' : 'offline',
        active_vehicle_id: online ? 3 : null,
        documents_verified: true,
        last_status_change: null,
      });
    const fetchMock = stubFetch({
      'GET /driver/trips/current': noActiveTrip(),
      'GET /driver/profile': jsonResponse(200, envelope(makeDriverProfile({ verification_status: 'verified' }))),
      'GET /driver/documents': jsonResponse(
        200,
        envelope({
          documents: [],
          missing: [],
          verification_status: 'verified',
          rejection_reason: null,
          submitted_at: null,
          license_expiry_date: '2029-01-01',
          soat_expiry_date: '2027-11-25',
          expiry_notice: null,
          documents_expired: false,
        }),
      ),
      'GET /driver/status': () => jsonResponse(200, status()),
      'GET /driver/vehicles': jsonResponse(
        200,
        envelope([
          makeVehicle({ id: 3, brand: 'Toyota', model: 'Yaris', license_plate: 'ABC-123', vehicle_status: 'active' }),
        ]),
      ),
      'POST /driver/status': () => {
        online = true;
        return jsonResponse(200, envelope(status().data, 'Estás conectado. Recibirás solicitudes cercanas.'));
      },
      'GET /driver/trip-requests': jsonResponse(200, envelope([makeDriverTripRequest()])),
    });
    renderPage();
    act(() => phone.geo.fix(KENNEDY.latitude, KENNEDY.longitude));
    const card = await screen.findByTestId('requests-readiness');
    expect(await within(card).findByText('Vehículo: Toyota Yaris ABC-123')).toBeTruthy();
    expect(within(card).queryByRole('link', { name: 'Ir a Estado del Conductor' })).toBeNull();
    expect(requestCalls(fetchMock)).toHaveLength(0);

    fireEvent.click(within(card).getByRole('button', { name: 'Conectarse' }));
    expect(await screen.findByRole('heading', { name: '1 solicitud disponible' })).toBeTruthy();
    const sent = fetchMock.mock.calls.find(
      ([url, init]) => String(url) === '/api/driver/status' && init?.method === 'POST',
    );
    expect(JSON.parse(String(sent?.[1]?.body))).toEqual({ status: 'online', vehicle_id: 3 });
    expect(screen.queryByTestId('requests-readiness')).toBeNull();
  });

  it("keeps the way to 'Estado del Conductor' for an offline driver with no vehicle in service", async () => {
    stubFetch({
      'GET /driver/trips/current': noActiveTrip(),
      'GET /driver/profile': jsonResponse(200, envelope(makeDriverProfile({ verification_status: 'verified' }))),
      'GET /driver/status': jsonResponse(
        200,
        envelope({
          driver_status: 'offline',
          active_vehicle_id: 3,
          documents_verified: true,
          last_status_change: null,
        }),
      ),
      'GET /driver/vehicles': jsonResponse(200, envelope([makeVehicle({ id: 3, vehicle_status: 'maintenance' })])),
    });
    renderPage();
    const card = await screen.findByTestId('requests-readiness');
    const link = await within(card).findByRole('link', { name: 'Ir a Estado del Conductor' });
    expect(link.getAttribute('href')).toBe('/driver/status');
    expect(card.textContent).toContain('Estás desconectado. Conéctate en "Estado" para recibir solicitudes.');
    expect(within(card).queryByRole('button', { name: 'Conectarse' })).toBeNull();
  });

  it('sends a driver without a driver profile to complete it, asking nothing about documents or requests', async () => {
    const fetchMock = stubFetch({
      'GET /driver/trips/current': noActiveTrip(),
      'GET /driver/profile': jsonResponse(200, envelope(null)),
      'GET /driver/status': jsonResponse(
        200,
        envelope({
          driver_status: 'offline',
          active_vehicle_id: null,
          documents_verified: false,
          last_status_change: null,
        }),
      ),
    });
    renderPage();
    act(() => phone.geo.fix(KENNEDY.latitude, KENNEDY.longitude));
    const card = await screen.findByTestId('requests-readiness');
    expect(within(card).getByRole('link', { name: 'Completar mi perfil' }).getAttribute('href')).toBe(
      '/driver/profile',
    );
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/driver/documents'))).toBe(false);
    expect(requestCalls(fetchMock)).toHaveLength(0);
  });

  it('shows the server refusal with a cross and a link to the driver status page', async () => {
    stubFetch({
      'GET /driver/trips/current': noActiveTrip(),
      'GET /driver/trip-requests': jsonResponse(409, {
        success: false,
        data: null,
        message: 'Estás desconectado. Conéctate en "Estado" para recibir solicitudes.',
        code: 'CONFLICT',
      }),
    });
    renderPage();
    act(() => phone.geo.fix(KENNEDY.latitude, KENNEDY.longitude));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('✕');
    expect(alert.textContent).toContain('Estás desconectado. Conéctate en "Estado" para recibir solicitudes.');
    expect(within(alert).getByRole('link', { name: 'Ir a Estado del Conductor' }).getAttribute('href')).toBe(
      '/driver/status',
    );
  });

  it("falls back to 'Error al obtener solicitudes' when the server gives no message", async () => {
    stubFetch({
      'GET /driver/trips/current': noActiveTrip(),
      'GET /driver/trip-requests': jsonResponse(400, { success: false, data: null, message: '' }),
    });
    renderPage();
    act(() => phone.geo.fix(KENNEDY.latitude, KENNEDY.longitude));
    expect(await screen.findByText('Error al obtener solicitudes')).toBeTruthy();
  });

  it('adds, closes and declines requests live from the driver feed, without refetching', async () => {
    const fetchMock = stubFetch({
      'GET /driver/trips/current': noActiveTrip(),
      'GET /driver/trip-requests': jsonResponse(200, envelope([makeDriverTripRequest()])),
    });
    renderPage();
    act(() => phone.geo.fix(KENNEDY.latitude, KENNEDY.longitude));
    await screen.findByRole('heading', { name: '1 solicitud disponible' });
    await waitFor(() => expect(phone.live.subscribedTopics()).toContain(FEED));
    const fetchesBefore = requestCalls(fetchMock).length;

    act(() =>
      phone.live.emit(FEED, {
        type: 'trip_request',
        request: makeDriverTripRequest({ id: 600, passenger_name: 'Carmen Flores', distance_to_pickup_km: 0.1 }),
      }),
    );
    expect(await screen.findByRole('heading', { name: '2 solicitudes disponibles' })).toBeTruthy();
    // Nearest pickup first.
    expect(screen.getAllByRole('article')[0]?.getAttribute('aria-label')).toBe('Solicitud de Carmen Flores');

    act(() => phone.live.emit(FEED, { type: 'trip_request', request: { id: 'mal' } }));
    act(() => phone.live.emit(FEED, { type: 'trip_request_closed', trip_id: 600 }));
    expect(await screen.findByRole('heading', { name: '1 solicitud disponible' })).toBeTruthy();
    expect(screen.getByText('La solicitud de Carmen Flores ya no está disponible.')).toBeTruthy();

    act(() => phone.live.emit(FEED, { type: 'offer_declined', trip_id: 501 }));
    expect(await screen.findByText('No hay solicitudes de viaje disponibles.')).toBeTruthy();
    expect(screen.getByText('Rosa Huamán eligió otra oferta.')).toBeTruthy();
    expect(requestCalls(fetchMock).length).toBe(fetchesBefore);
  });

  it('offers at the passenger price with the position, then opens the active trip when the passenger picks this driver', async () => {
    const fetchMock = stubFetch({
      'GET /driver/trips/current': noActiveTrip(),
      'GET /driver/trip-requests': jsonResponse(200, envelope([makeDriverTripRequest()])),
      'POST /driver/trips/accept': jsonResponse(
        201,
        envelope({
          offer_id: 1,
          trip_id: 501,
          driver_id: DRIVER_ID,
          price: 20,
          driver: { name: 'Jorge Vargas', rating: null, vehicle: 'Kia Rio', phone_verified: false },
          location: KENNEDY,
          created_at: new Date().toISOString(),
        }),
      ),
      [`GET /trips/501/chat/${DRIVER_ID}/messages`]: jsonResponse(200, envelope({ messages: [], next_before: null })),
    });
    renderAt('/driver/trip-request', {
      '/driver/trip-request': <DriverTripRequestPage />,
      '/driver/active-trip': <p>Pantalla del viaje activo</p>,
    });
    act(() => phone.geo.fix(KENNEDY.latitude, KENNEDY.longitude));
    fireEvent.click(await screen.findByRole('button', { name: 'Aceptar' }));
    expect(await screen.findByText(/Oferta enviada: S\/ 20\.00/)).toBeTruthy();
    const accept = fetchMock.mock.calls.find(
      ([url, init]) => String(url).endsWith('/driver/trips/accept') && init?.method === 'POST',
    );
    expect(JSON.parse(String(accept?.[1]?.body))).toEqual({
      trip_request_id: 501,
      latitude: KENNEDY.latitude,
      longitude: KENNEDY.longitude,
    });

    await waitFor(() => expect(phone.live.subscribedTopics()).toContain(topics.tripStatus(501)));
    // Another driver chosen elsewhere does not move us; being chosen does.
    act(() =>
      phone.live.emit(topics.tripStatus(501), {
        trip_id: 501,
        status: 'accepted',
        driver_id: DRIVER_ID,
        timestamp: new Date().toISOString(),
      }),
    );
    expect(await screen.findByText('Pantalla del viaje activo')).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/driver/active-trip');
  });

  it('drops a request it offered on when trip_status says the passenger chose another driver', async () => {
    stubFetch({
      'GET /driver/trips/current': noActiveTrip(),
      'GET /driver/trip-requests': jsonResponse(200, envelope([makeDriverTripRequest({ my_offer_price: 20 })])),
      [`GET /trips/501/chat/${DRIVER_ID}/messages`]: jsonResponse(200, envelope({ messages: [], next_before: null })),
    });
    renderPage();
    act(() => phone.geo.fix(KENNEDY.latitude, KENNEDY.longitude));
    await screen.findByText(/Oferta enviada/);
    await waitFor(() => expect(phone.live.subscribedTopics()).toContain(topics.tripStatus(501)));
    act(() =>
      phone.live.emit(topics.tripStatus(501), {
        trip_id: 501,
        status: 'accepted',
        driver_id: 999,
        timestamp: new Date().toISOString(),
      }),
    );
    expect(await screen.findByText('Rosa Huamán eligió otra oferta.')).toBeTruthy();
    expect(screen.getByText('No hay solicitudes de viaje disponibles.')).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/driver/trip-request');
  });

  it("'Rechazar' sends the rejection and hides the request", async () => {
    const fetchMock = stubFetch({
      'GET /driver/trips/current': noActiveTrip(),
      'GET /driver/trip-requests': jsonResponse(200, envelope([makeDriverTripRequest()])),
      'POST /driver/trip-requests/reject': jsonResponse(200, envelope(null, 'Solicitud rechazada')),
    });
    renderPage();
    act(() => phone.geo.fix(KENNEDY.latitude, KENNEDY.longitude));
    fireEvent.click(await screen.findByRole('button', { name: 'Rechazar' }));
    expect(await screen.findByText('No hay solicitudes de viaje disponibles.')).toBeTruthy();
    const reject = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/driver/trip-requests/reject'));
    expect(JSON.parse(String(reject?.[1]?.body))).toMatchObject({ trip_request_id: 501 });
    // A late push of the same request does not bring it back.
    act(() => phone.live.emit(FEED, { type: 'trip_request', request: makeDriverTripRequest() }));
    expect(screen.queryByRole('article')).toBeNull();
  });

  it('asks again when the driver moves meaningfully, not for a few metres', async () => {
    const fetchMock = stubFetch({
      'GET /driver/trips/current': noActiveTrip(),
      'GET /driver/trip-requests': jsonResponse(200, envelope([])),
    });
    renderPage();
    act(() => phone.geo.fix(KENNEDY.latitude, KENNEDY.longitude));
    await screen.findByText('No hay solicitudes de viaje disponibles.');
    await waitFor(() => expect(requestCalls(fetchMock).length).toBeGreaterThan(0));
    const before = requestCalls(fetchMock).length;
    act(() => phone.geo.fix(KENNEDY.latitude + 0.0003, KENNEDY.longitude)); // ~33 m
    act(() => phone.geo.fix(KENNEDY.latitude + 0.01, KENNEDY.longitude)); // ~1.1 km
    // The far move's call is the sentinel: a call for the short move would have been made before it.
    await waitFor(() => expect(requestCalls(fetchMock).at(-1)).toContain('latitude=-12.1111'));
    expect(requestCalls(fetchMock).length).toBe(before + 1);
  });

  it('shows the yellow box with the Spanish reason when location is denied', async () => {
    const fetchMock = stubFetch({ 'GET /driver/trips/current': noActiveTrip() });
    renderPage();
    act(() => phone.geo.fail(1, 'User denied Geolocation'));
    const box = await screen.findByRole('alert');
    expect(within(box).getByRole('heading', { name: '¡Activa la ubicación para recibir viajes!' })).toBeTruthy();
    expect(box.textContent).toContain('Permiso de ubicación denegado.');
    expect(box.textContent).toContain('GPS');
    expect(box.textContent).toContain('permiso de ubicación');
    expect(box.textContent).toContain('configuración de ubicación de tu móvil');
    expect(within(box).getByRole('button', { name: 'Reintentar' })).toBeTruthy();
    expect(requestCalls(fetchMock)).toHaveLength(0);
  });

  it("says 'Geolocalización no soportada' when the browser has no geolocation", async () => {
    installGeolocation(undefined);
    stubFetch({ 'GET /driver/trips/current': noActiveTrip() });
    renderPage();
    expect((await screen.findByRole('alert')).textContent).toContain('Geolocalización no soportada');
  });

  it('shows an already assigned trip on top with a link to it', async () => {
    stubFetch({
      'GET /driver/trips/current': jsonResponse(200, envelope(makeDriverTrip({ trip_status: 'en_route' }))),
      'GET /driver/trip-requests': jsonResponse(200, envelope([])),
    });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Tienes un viaje en curso con Rosa Huamán' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ir al viaje activo' }).getAttribute('href')).toBe('/driver/active-trip');
    expect(screen.getByTestId('location').textContent).toBe('/driver/trip-request');
  });
});

describe('geolocation box', () => {
  it("'Reintentar' runs the retry (the page reloads by default)", () => {
    const retry = vi.fn();
    renderAt('/', { '/': <GeolocationRequired error="Permiso de ubicación denegado." onRetry={retry} /> });
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(retry).toHaveBeenCalledTimes(1);
  });
});
