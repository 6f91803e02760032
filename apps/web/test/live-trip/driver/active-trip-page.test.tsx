import { topics } from '@jala/contracts';
import { makeDriverTrip, makeHealth, makeTripReceipt } from '@jala/test-factories';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { DriverTrip } from '@/features/live-trip/api/driver-trip-api';
import { TripNavigation } from '@/features/live-trip/driver-view/components/trip-navigation';
import { tripMapPoints } from '@/features/live-trip/driver-view/model/trip-points';
import { DriverActiveTripPage } from '@/features/live-trip/driver-view/pages/active-trip-page';
import { configureApiClient, resetApiClient } from '@/lib/api/api-client';

import { envelope, jsonResponse, noActiveTrip, renderAt, signedInDriverPhone, stubFetch } from '../../support';

const DRIVER_ID = 33;
const HERE = { latitude: -12.0861, longitude: -76.9775 };

const phone = signedInDriverPhone(DRIVER_ID);

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
});

afterEach(() => {
  Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
  resetApiClient();
});

/** The elements brought into view (jsdom has no scrollIntoView of its own). */
function recordReveals(): Element[] {
  const revealed: Element[] = [];
  Object.defineProperty(Element.prototype, 'scrollIntoView', {
    configurable: true,
    value(this: Element) {
      revealed.push(this);
    },
  });
  return revealed;
}

function renderPage() {
  return renderAt('/driver/active-trip', {
    '/driver/active-trip': <DriverActiveTripPage />,
    '/driver/trip-request': <p>Pantalla de solicitudes</p>,
  });
}

/** A server whose current trip the test controls; status changes and completion move it like the API does. */
function tripServer(initial: DriverTrip | null, extra: Parameters<typeof stubFetch>[0] = {}) {
  let trip = initial;
  const fetchMock = stubFetch({
    'GET /driver/trips/current': () => (trip ? jsonResponse(200, envelope(trip)) : noActiveTrip()),
    [`PUT /driver/trips/${initial?.id ?? 0}/status`]: (init) => {
      const body = JSON.parse(String(init?.body)) as { status: DriverTrip['trip_status'] };
      if (!trip) return jsonResponse(404, { success: false, data: null, message: 'Viaje no encontrado.' });
      trip = body.status.startsWith('cancelled') ? null : { ...trip, trip_status: body.status };
      return jsonResponse(200, envelope({ id: initial?.id, trip_status: body.status }, 'Estado actualizado'));
    },
    'GET /health': jsonResponse(200, envelope(makeHealth({ tile_url: 'http://127.0.0.1:9/{z}/{x}/{y}.png' }))),
    'GET /geo/route': jsonResponse(503, { success: false, data: null, message: 'Servicio de rutas no disponible' }),
    ...extra,
  });
  return { fetchMock, setTrip: (next: DriverTrip | null) => (trip = next) };
}

const bodyOf = (fetchMock: ReturnType<typeof stubFetch>, method: string, suffix: string) => {
  const call = fetchMock.mock.calls
    .filter(([url, init]) => String(url).endsWith(suffix) && init?.method === method)
    .at(-1);
  return call ? (JSON.parse(String(call[1]?.body)) as Record<string, unknown>) : null;
};

describe('stage buttons (spec §4 table)', () => {
  it.each([
    ['accepted', 'Ir al punto de recojo'],
    ['en_route', 'Llegué al punto de recojo'],
    ['arrived', 'Iniciar viaje'],
  ] as const)('%s shows %s', (status, label) => {
    renderAt('/', {
      '/': (
        <TripNavigation
          trip={makeDriverTrip({ trip_status: status })}
          hasPosition
          busy={null}
          onAdvance={() => {}}
          onComplete={() => {}}
        />
      ),
    });
    expect(screen.getByRole('button', { name: label })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Finalizar viaje' })).toBeNull();
  });

  it("in_progress shows the binding fare (no free 'Tarifa final') and 'Finalizar viaje'", () => {
    const onComplete = vi.fn();
    renderAt('/', {
      '/': (
        <TripNavigation
          trip={makeDriverTrip({ trip_status: 'in_progress', actual_fare: 21.5 })}
          hasPosition
          busy={null}
          onAdvance={() => {}}
          onComplete={onComplete}
        />
      ),
    });
    expect(screen.queryByLabelText('Tarifa final (S/)')).toBeNull();
    expect(screen.getByTestId('binding-fare').textContent).toBe('S/\u00a021.50');
    expect(screen.getByRole('button', { name: 'Pedir ajuste de tarifa' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Finalizar viaje' }));
    expect(onComplete).toHaveBeenCalledWith('');
  });

  it('shows a pending adjustment instead of the button to ask for another', () => {
    const pending = {
      id: 1,
      amount: 3.5,
      reason: 'tolls' as const,
      note: null,
      status: 'pending' as const,
      created_at: '2026-03-01T15:00:00.000Z',
      answered_at: null,
    };
    renderAt('/', {
      '/': (
        <TripNavigation
          trip={makeDriverTrip({ trip_status: 'in_progress', fare_adjustments: [pending] })}
          hasPosition
          busy={null}
          onAdvance={() => {}}
          onComplete={() => {}}
        />
      ),
    });
    expect(screen.getByText('Esperando respuesta del pasajero: +S/ 3.50 · Peajes')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Pedir ajuste de tarifa' })).toBeNull();
  });

  it("reads 'Finalizando...' while completing", () => {
    renderAt('/', {
      '/': (
        <TripNavigation
          trip={makeDriverTrip({ trip_status: 'in_progress' })}
          hasPosition
          busy="complete"
          onAdvance={() => {}}
          onComplete={() => {}}
        />
      ),
    });
    expect((screen.getByRole('button', { name: 'Finalizando...' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it.each([
    ['completed', '¡Viaje completado!'],
    ['cancelled_by_passenger', 'Viaje cancelado'],
    ['cancelled_by_driver', 'Viaje cancelado'],
  ] as const)('%s shows %s and no button', (status, text) => {
    renderAt('/', {
      '/': (
        <TripNavigation
          trip={makeDriverTrip({ trip_status: status })}
          hasPosition={false}
          busy={null}
          onAdvance={() => {}}
          onComplete={() => {}}
        />
      ),
    });
    expect(screen.getByText(text)).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });
});

/** A driver trip as a broken server could send it (the contract's factory, then values it would refuse). */
const fromBrokenServer = (wire: Record<string, unknown>) => ({ ...makeDriverTrip(), ...wire }) as DriverTrip;

describe('coordinate guard', () => {
  it.each([
    ['decimal strings', 'drawn', makeDriverTrip()],
    ['a latitude beyond 90', 'skipped', fromBrokenServer({ pickup_latitude: '95.5' })],
    ['a longitude beyond 180', 'skipped', makeDriverTrip({ destination_longitude: -181 })],
    ['text that is not a number', 'skipped', fromBrokenServer({ destination_longitude: 'abc' })],
    ['a missing coordinate', 'skipped', fromBrokenServer({ destination_latitude: null })],
  ])('with %s the map is %s', (_name, outcome, trip) => {
    expect(tripMapPoints(trip) === null ? 'skipped' : 'drawn').toBe(outcome);
  });
});

describe('driver active trip page', () => {
  it('shows the trip: map, passenger with a call link, destination, fare, notes and the first stage', async () => {
    tripServer(makeDriverTrip());
    renderPage();
    expect(screen.getByText('Cargando viaje...')).toBeTruthy();
    const details = await screen.findByRole('region', { name: 'Detalles del viaje' });
    expect(within(details).getByText('Rosa Huamán')).toBeTruthy();
    expect(within(details).getByRole('link', { name: 'Llamar · 987 654 321' }).getAttribute('href')).toBe(
      'tel:+51987654321',
    );
    expect(details.textContent).toContain('Jockey Plaza, Santiago de Surco');
    expect(details.textContent).toContain('TarifaS/\u00a021.50');
    expect(details.textContent).toContain('Distancia7.8 km');
    expect(details.textContent).toContain('Voy con una maleta');
    expect(screen.getByRole('region', { name: 'Mapa del viaje' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ir al punto de recojo' })).toBeTruthy();
  });

  it('skips the map (and the route) when the coordinates are not valid, and the page still works', async () => {
    // Production does not check answers against the contract: the page itself must survive a broken one.
    configureApiClient({ checkAnswers: false });
    const { fetchMock } = tripServer(fromBrokenServer({ pickup_latitude: 'no-es-numero', route_polyline: null }));
    renderPage();
    expect(await screen.findByRole('button', { name: 'Ir al punto de recojo' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Mapa del viaje' })).toBeNull();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/geo/route'))).toBe(false);
  });

  it("logs 'No se pudo trazar la ruta' when no route can be had, and keeps working", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    tripServer(makeDriverTrip({ route_polyline: '!!no es polilínea' }));
    renderPage();
    expect(await screen.findByRole('button', { name: 'Ir al punto de recojo' })).toBeTruthy();
    await waitFor(() => expect(warn).toHaveBeenCalledWith('No se pudo trazar la ruta', expect.anything()));
    expect(screen.getByRole('region', { name: 'Mapa del viaje' })).toBeTruthy();
  });

  it('moves through every stage with the position and refetches the trip after each change', async () => {
    const { fetchMock } = tripServer(makeDriverTrip());
    renderPage();
    act(() => phone.geo.fix(HERE.latitude, HERE.longitude));
    fireEvent.click(await screen.findByRole('button', { name: 'Ir al punto de recojo' }));
    expect(bodyOf(fetchMock, 'PUT', '/driver/trips/777/status')).toEqual({
      status: 'en_route',
      latitude: HERE.latitude,
      longitude: HERE.longitude,
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Llegué al punto de recojo' }));
    expect(bodyOf(fetchMock, 'PUT', '/driver/trips/777/status')).toMatchObject({ status: 'arrived' });
    // Starting needs the passenger's 4-digit code: the button waits for all four digits.
    const code = await screen.findByLabelText('Código del pasajero');
    fireEvent.change(code, { target: { value: '04' } });
    expect((screen.getByRole('button', { name: 'Iniciar viaje' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(code, { target: { value: '0427' } });
    fireEvent.click(screen.getByRole('button', { name: 'Iniciar viaje' }));
    expect(bodyOf(fetchMock, 'PUT', '/driver/trips/777/status')).toMatchObject({
      status: 'in_progress',
      start_code: '0427',
    });
    expect(await screen.findByRole('button', { name: 'Finalizar viaje' })).toBeTruthy();
    const currentFetches = fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/driver/trips/current')).length;
    expect(currentFetches).toBeGreaterThanOrEqual(4); // the first load plus one after each change
  });

  it("shows the server's reason, else 'Error al actualizar estado', when a stage change fails", async () => {
    tripServer(makeDriverTrip(), {
      'PUT /driver/trips/777/status': jsonResponse(500, { success: false, data: null, message: '' }),
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Ir al punto de recojo' }));
    expect(await screen.findByText('Error al actualizar estado')).toBeTruthy();
  });

  it('warns without a position and refuses to complete until there is one', async () => {
    const { fetchMock } = tripServer(makeDriverTrip({ trip_status: 'in_progress' }));
    renderPage();
    expect(await screen.findByText('Necesitas activar la ubicación del dispositivo para finalizar.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Finalizar viaje' }));
    expect(await screen.findByText('Activa la ubicación para finalizar el viaje.')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/driver/trips/complete'))).toBe(false);
  });

  it("completes with the final position and no fare of its own: 'Finalizando...', then '¡Viaje completado con éxito!', the receipt with 'Descargar PDF' and the rating form", async () => {
    let finish: (response: Response) => void = () => {};
    const server = tripServer(makeDriverTrip({ trip_status: 'in_progress' }), {
      'POST /driver/trips/complete': () => new Promise<Response>((resolve) => (finish = resolve)),
      'GET /trips/777/rating': jsonResponse(
        200,
        envelope({ trip_id: 777, rater_role: 'driver', ratee_name: 'Rosa Huamán', can_rate: true, my_rating: null }),
      ),
      'GET /trips/777/receipt': jsonResponse(200, envelope(makeTripReceipt({ trip_id: 777, trip_code: 'TRIP-777' }))),
    });
    renderPage();
    act(() => phone.geo.fix(HERE.latitude, HERE.longitude));
    fireEvent.change(await screen.findByLabelText('Notas (opcional)'), { target: { value: 'Peaje incluido' } });
    fireEvent.click(screen.getByRole('button', { name: 'Finalizar viaje' }));
    expect(await screen.findByRole('button', { name: 'Finalizando...' })).toBeTruthy();
    expect(bodyOf(server.fetchMock, 'POST', '/driver/trips/complete')).toEqual({
      trip_id: 777,
      final_latitude: HERE.latitude,
      final_longitude: HERE.longitude,
      notes: 'Peaje incluido',
    });
    server.setTrip(null);
    await act(async () =>
      finish(
        jsonResponse(
          200,
          envelope(
            { id: 777, trip_status: 'completed', final_fare: 24.5, ended_far_from_destination_m: null },
            '¡Viaje completado con éxito!',
          ),
        ),
      ),
    );
    expect(await screen.findByText('¡Viaje completado con éxito!')).toBeTruthy();
    expect(screen.getByText('¡Viaje completado!')).toBeTruthy();
    expect(await screen.findByText('Califica al pasajero')).toBeTruthy();
    // The receipt page's own actions, right at the end of the trip (the DNI/RUC is the passenger's).
    const actions = await screen.findByRole('form', { name: 'Guardar o compartir el recibo' });
    expect(within(actions).getByRole('button', { name: 'Descargar PDF' })).toBeTruthy();
    expect(within(actions).queryByLabelText('DNI o RUC (opcional)')).toBeNull();
    expect(screen.getByRole('link', { name: 'Buscar nuevos viajes' }).getAttribute('href')).toBe(
      '/driver/trip-request',
    );
    expect(screen.getByTestId('location').textContent).toBe('/driver/active-trip'); // no redirect away from the result
  });

  it("prefixes a completion failure with 'Error al finalizar el viaje: '", async () => {
    tripServer(makeDriverTrip({ trip_status: 'in_progress' }), {
      'POST /driver/trips/complete': jsonResponse(409, {
        success: false,
        data: null,
        message: 'El viaje cambió de estado. Actualiza e inténtalo de nuevo.',
        code: 'CONFLICT',
      }),
    });
    renderPage();
    act(() => phone.geo.fix(HERE.latitude, HERE.longitude));
    fireEvent.click(await screen.findByRole('button', { name: 'Finalizar viaje' }));
    expect(
      await screen.findByText(
        'Error al finalizar el viaje: El viaje cambió de estado. Actualiza e inténtalo de nuevo.',
      ),
    ).toBeTruthy();
  });

  it('shows a wrong start code under the code box, brought into view, not at the top of the page', async () => {
    const revealed = recordReveals();
    tripServer(makeDriverTrip({ trip_status: 'arrived' }), {
      'PUT /driver/trips/777/status': jsonResponse(400, {
        success: false,
        data: null,
        message: 'El código no es correcto. Te quedan 4 intentos.',
        code: 'START_CODE_WRONG',
      }),
    });
    renderPage();
    fireEvent.change(await screen.findByLabelText('Código del pasajero'), { target: { value: '1111' } });
    fireEvent.click(screen.getByRole('button', { name: 'Iniciar viaje' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('El código no es correcto. Te quedan 4 intentos.');
    const navigation = screen.getByRole('region', { name: 'Navegación' });
    expect(navigation.contains(alert)).toBe(true);
    // Right after the button it answers.
    expect(screen.getByRole('button', { name: 'Iniciar viaje' }).closest('form')?.nextElementSibling).toBe(alert);
    await waitFor(() => expect(revealed).toContain(alert));
  });

  it('asks before finishing far from the destination, and shows a completion failure under its button', async () => {
    const revealed = recordReveals();
    const { fetchMock } = tripServer(makeDriverTrip({ trip_status: 'in_progress' }), {
      'POST /driver/trips/complete': jsonResponse(409, {
        success: false,
        data: null,
        message: 'El viaje cambió de estado. Actualiza e inténtalo de nuevo.',
        code: 'CONFLICT',
      }),
    });
    renderPage();
    // At the pickup, Parque Kennedy: ~6.7 km from Jockey Plaza.
    act(() => phone.geo.fix(-12.1211, -77.0297));
    fireEvent.click(await screen.findByRole('button', { name: 'Finalizar viaje' }));
    const question = await screen.findByRole('alertdialog');
    expect(question.textContent).toMatch(
      /^Estás a 6\.\d km del destino\. ¿Finalizar el viaje aquí\? El pasajero verá dónde terminó\./,
    );
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/driver/trips/complete'))).toBe(false);
    fireEvent.click(within(question).getByRole('button', { name: 'No, seguir' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Finalizar viaje' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Sí, finalizar aquí' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      'Error al finalizar el viaje: El viaje cambió de estado. Actualiza e inténtalo de nuevo.',
    );
    expect(bodyOf(fetchMock, 'POST', '/driver/trips/complete')).toMatchObject({
      final_latitude: -12.1211,
      final_longitude: -77.0297,
    });
    expect(screen.getByRole('button', { name: 'Finalizar viaje' }).closest('form')?.contains(alert)).toBe(true);
    await waitFor(() => expect(revealed).toContain(alert));
  });

  it('finishes at the destination without a question', async () => {
    const { fetchMock } = tripServer(makeDriverTrip({ trip_status: 'in_progress' }), {
      'POST /driver/trips/complete': jsonResponse(
        200,
        envelope({ id: 777, trip_status: 'completed', final_fare: 21.5, ended_far_from_destination_m: null }),
      ),
      'GET /trips/777/rating': jsonResponse(
        200,
        envelope({ trip_id: 777, rater_role: 'driver', ratee_name: 'Rosa Huamán', can_rate: true, my_rating: null }),
      ),
    });
    renderPage();
    act(() => phone.geo.fix(HERE.latitude, HERE.longitude));
    fireEvent.click(await screen.findByRole('button', { name: 'Finalizar viaje' }));
    await waitFor(() => expect(bodyOf(fetchMock, 'POST', '/driver/trips/complete')).not.toBeNull());
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it("shows 'Viaje cancelado' when the passenger cancels (trip_status)", async () => {
    const server = tripServer(makeDriverTrip({ trip_status: 'en_route' }));
    renderPage();
    await screen.findByRole('button', { name: 'Llegué al punto de recojo' });
    await waitFor(() => expect(phone.live.subscribedTopics()).toContain(topics.tripStatus(777)));
    server.setTrip(null);
    act(() =>
      phone.live.emit(topics.tripStatus(777), {
        trip_id: 777,
        status: 'cancelled_by_passenger',
        driver_id: DRIVER_ID,
        timestamp: new Date().toISOString(),
        reason: 'Cambié de planes',
      }),
    );
    expect(await screen.findByText('Viaje cancelado')).toBeTruthy();
    expect(screen.getByText('El pasajero canceló el viaje. Motivo: Cambié de planes')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Llegué al punto de recojo' })).toBeNull();
  });

  it("offers 'Cancelar viaje' only before the passenger is on board, with an in-page confirmation", async () => {
    const { fetchMock } = tripServer(makeDriverTrip({ trip_status: 'arrived' }));
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Cancelar viaje' }));
    expect(screen.getByText('¿Seguro que quieres cancelar este viaje? El pasajero recibirá el aviso.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'No, seguir' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar viaje' }));
    fireEvent.click(screen.getByRole('button', { name: 'Sí, cancelar viaje' }));
    expect(await screen.findByText('Viaje cancelado')).toBeTruthy();
    expect(bodyOf(fetchMock, 'PUT', '/driver/trips/777/status')).toMatchObject({
      status: 'cancelled_by_driver',
      reason: 'driver_request',
    });
  });

  it('has no cancel option once the trip is in progress', async () => {
    tripServer(makeDriverTrip({ trip_status: 'in_progress' }));
    renderPage();
    await screen.findByRole('button', { name: 'Finalizar viaje' });
    expect(screen.queryByRole('button', { name: 'Cancelar viaje' })).toBeNull();
  });

  it('publishes the watched position on driver_location while assigned', async () => {
    tripServer(makeDriverTrip());
    renderPage();
    await screen.findByRole('button', { name: 'Ir al punto de recojo' });
    act(() => phone.geo.fix(HERE.latitude, HERE.longitude, 370));
    await waitFor(() => expect(phone.live.published.some((p) => p.topic === topics.driverLocation(777))).toBe(true));
    const sent = phone.live.published.find((p) => p.topic === topics.driverLocation(777))?.payload;
    expect(sent).toMatchObject({ latitude: HERE.latitude, longitude: HERE.longitude, heading: 10 });
  });

  it('goes back to the requests when there is no current trip', async () => {
    tripServer(null);
    renderPage();
    expect(await screen.findByText('Pantalla de solicitudes')).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/driver/trip-request');
  });

  it("shows 'Error al cargar el viaje' when the trip cannot be loaded", async () => {
    stubFetch({ 'GET /driver/trips/current': jsonResponse(400, { success: false, data: null, message: '' }) });
    renderPage();
    expect(await screen.findByText('Error al cargar el viaje')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeTruthy();
  });
});
