/**
 * 'Mis viajes', the driver's trip history: each trip's card (state, route, price, payment state, ratings,
 * receipt link), the 'Confirma el pago' call for a Yape/Plin payment waiting for the driver, filters by state
 * and period (dates) kept in the address, 'Cargar más', the empty states and a refused date, all in Spanish.
 */
import type { DriverTripHistoryPage } from '@jala/contracts';
import { limaDateKey } from '@jala/domain';
import { makeDriverTripHistoryItem, makeDriverTripHistoryPage, makeTripReceipt, makeUser } from '@jala/test-factories';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { DriverTripHistoryPage as DriverTripHistoryScreen } from '@/features/driver/pages/trip-history-page';
import { TripReceiptPage } from '@/features/live-trip/shared/fare/receipt-page';

import { fail, fakeRealtime, noActiveTrip, ok, renderAt, resetTestWorld, stubFetch } from '../support';

afterEach(resetTestWorld);

const LONG_ADDRESS = 'Jr. Los Amautas 1234, Urbanización Zárate, San Juan de Lurigancho, Lima';

const YAPE_WAITING = makeDriverTripHistoryItem({
  id: 41,
  trip_code: 'TRIP-41',
  final_fare: 38,
  agreed_fare: 34.5,
  payment_method: 'yape',
  payment_status: 'pending',
  awaiting_payment_answer: true,
  passenger_first_name: 'Carla',
  rating_received: null,
  pickup_address: LONG_ADDRESS,
});
const CASH = makeDriverTripHistoryItem({
  id: 40,
  trip_code: 'TRIP-40',
  final_fare: 15,
  agreed_fare: 15,
  my_rating: 4,
  rating_received: 5,
});
const PLIN_CONFIRMED = makeDriverTripHistoryItem({
  id: 39,
  trip_code: 'TRIP-39',
  final_fare: 22,
  agreed_fare: 22,
  payment_method: 'plin',
  payment_status: 'confirmed',
  rating_received: null,
});
const CANCELLED = makeDriverTripHistoryItem({
  id: 38,
  trip_code: 'TRIP-38',
  status: 'cancelled_by_passenger',
  final_fare: null,
  agreed_fare: 18,
  payment_method: 'yape',
  payment_status: null,
  rating_received: null,
});

/** Answers GET /driver/trip-history by its query string; records every query asked. */
function stubHistory(answer: (query: URLSearchParams) => Response) {
  const asked: URLSearchParams[] = [];
  const fetchMock = stubFetch({
    'GET /driver/trip-history': (_init, url) => {
      const query = new URL(url, 'http://jala.test').searchParams;
      asked.push(query);
      return answer(query);
    },
    'GET /driver/trips/current': noActiveTrip(),
  });
  return { asked, fetchMock };
}

const renderHistory = (path = '/driver/trips') =>
  renderAt(
    path,
    { '/driver/trips': <DriverTripHistoryScreen />, '/trips/:id/receipt': <TripReceiptPage /> },
    { user: makeUser({ id: 5, user_type: 'driver' }) },
  );

const cards = () => screen.getAllByTestId('driver-trip-card');

describe("the driver's trip history", () => {
  it('shows each trip with its state, route, price in soles, payment state, ratings and receipt link', async () => {
    stubHistory(() => ok(makeDriverTripHistoryPage([YAPE_WAITING, CASH, PLIN_CONFIRMED, CANCELLED])));
    renderHistory();
    expect(screen.getByRole('heading', { level: 1, name: 'Mis viajes' })).toBeTruthy();
    expect(screen.getByText('Cargando viajes...')).toBeTruthy();
    await screen.findAllByTestId('driver-trip-card');
    expect(screen.getByText('4 viajes')).toBeTruthy();

    const [yape, cash, plin, cancelled] = cards();
    const inCard = (card: HTMLElement | undefined) => within(card!);
    // The Yape payment waiting for the driver stands out and leads to where it is answered.
    expect(yape!.className).toContain('drv-trip--awaiting');
    expect(inCard(yape).getByText('Confirma el pago')).toBeTruthy();
    expect(inCard(yape).getByTestId('driver-trip-fare').textContent).toBe('S/\u00a038.00');
    expect(inCard(yape).getByText('Precio acordado S/ 34.50')).toBeTruthy();
    expect(inCard(yape).getByTestId('driver-trip-payment').textContent).toBe('Pago: Yape · por confirmar');
    expect(inCard(yape).getByText(LONG_ADDRESS)).toBeTruthy();
    expect(inCard(yape).getByText(/Pasajero: Carla/)).toBeTruthy();
    expect(inCard(yape).getByRole('link', { name: 'Confirmar el pago' }).getAttribute('href')).toBe(
      '/trips/41/receipt',
    );
    // Its card says it all: the page adds no notice for a waiting payment in sight.
    expect(screen.queryByTestId('awaiting-payments')).toBeNull();

    expect(inCard(cash).getByText('Completado')).toBeTruthy();
    expect(inCard(cash).getByTestId('driver-trip-payment').textContent).toBe('Pago: Efectivo');
    expect(inCard(cash).queryByText(/Precio acordado/)).toBeNull();
    expect(inCard(cash).getByLabelText('Te calificó con 5 de 5').textContent).toBe('Te calificó ★ 5');
    expect(inCard(cash).getByLabelText('Calificaste con 4 de 5').textContent).toBe('Calificaste ★ 4');
    expect(inCard(cash).getByRole('link', { name: 'Ver recibo' }).getAttribute('href')).toBe('/trips/40/receipt');
    expect(cash!.className).not.toContain('drv-trip--awaiting');

    expect(inCard(plin).getByTestId('driver-trip-payment').textContent).toBe('Pago: Plin · confirmado');
    expect(inCard(plin).queryByText('Confirma el pago')).toBeNull();

    expect(inCard(cancelled).getByText('Cancelado por el pasajero')).toBeTruthy();
    expect(inCard(cancelled).getByTestId('driver-trip-fare').textContent).toBe('Sin cobro');
    expect(inCard(cancelled).queryByTestId('driver-trip-payment')).toBeNull();
    expect(inCard(cancelled).queryByRole('link')).toBeNull();

    expect(screen.getByRole('navigation', { name: 'Navegación de conductor' })).toBeTruthy();
    // Nothing on the page in English (trip codes are 'TRIP-…', the product's own names for trips).
    expect(document.querySelector('.app-shell')?.textContent?.replace(/TRIP-\d+/g, '')).not.toMatch(
      /\b(the|trip|trips|page|loading|payment|receipt|error|pending|completed|cancelled)\b/i,
    );
  });

  it('opens the receipt of a waiting Yape trip, where the driver answers, and comes back to the list', async () => {
    fakeRealtime();
    const receipt = makeTripReceipt({
      trip_id: 41,
      trip_code: 'TRIP-41',
      total: 38,
      agreed_fare: 34.5,
      payment_method: 'Yape',
      payment_text: 'Yape · pendiente de confirmación',
      payment: { method: 'yape', cash_note: null, cash_change: null, status: 'pending', payee: null },
    });
    stubFetch({
      'GET /driver/trip-history': ok(makeDriverTripHistoryPage([YAPE_WAITING])),
      'GET /trips/41/receipt': ok(receipt),
      'GET /driver/trips/current': noActiveTrip(),
    });
    renderAt(
      '/driver/trips',
      { '/driver/trips': <DriverTripHistoryScreen />, '/trips/:id/receipt': <TripReceiptPage /> },
      { user: makeUser({ id: 5, user_type: 'both' }) },
    );

    fireEvent.click(await screen.findByRole('link', { name: 'Confirmar el pago' }));
    expect(await screen.findByRole('button', { name: 'Pago recibido' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'No recibí el pago' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Descargar PDF' })).toBeTruthy();
    // A 'both' account that opened it from 'Mis viajes' reads it as the driver: driver navigation, no DNI field, back to the list.
    expect(screen.getByRole('navigation', { name: 'Navegación de conductor' })).toBeTruthy();
    expect(screen.queryByLabelText('DNI o RUC (opcional)')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Volver' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/driver/trips'));
  });

  it('filters by state and period, keeping them in the address, and can take the dates away', async () => {
    const { asked } = stubHistory((query) =>
      ok(makeDriverTripHistoryPage(query.get('status') === 'cancelled_by_driver' ? [] : [CASH])),
    );
    renderHistory();
    await screen.findAllByTestId('driver-trip-card');
    expect(asked.at(-1)?.toString()).toBe('page=1');
    expect(screen.getByRole('button', { name: 'Todos' }).getAttribute('aria-pressed')).toBe('true');
    expect((screen.getByLabelText('Periodo') as HTMLSelectElement).value).toBe('todo');

    fireEvent.click(screen.getByRole('button', { name: 'Por ti' }));
    expect(await screen.findByText('No hay viajes con estos filtros.')).toBeTruthy();
    expect(asked.at(-1)?.toString()).toBe('page=1&status=cancelled_by_driver');
    expect(screen.getByRole('button', { name: 'Por ti' }).getAttribute('aria-pressed')).toBe('true');

    // A preset: today in Lima, both ends.
    fireEvent.click(screen.getByRole('button', { name: 'Completados' }));
    fireEvent.change(screen.getByLabelText('Periodo'), { target: { value: 'hoy' } });
    const today = limaDateKey(new Date());
    await waitFor(() => expect(asked.at(-1)?.toString()).toBe(`page=1&status=completed&from=${today}&to=${today}`));
    expect(screen.queryByLabelText('Desde')).toBeNull();

    // Any other range: 'Elegir fechas…' opens 'Desde' and 'Hasta'.
    fireEvent.change(screen.getByLabelText('Periodo'), { target: { value: 'elegir' } });
    fireEvent.change(screen.getByLabelText('Desde'), { target: { value: '2026-03-01' } });
    fireEvent.change(screen.getByLabelText('Hasta'), { target: { value: '2026-03-10' } });
    await waitFor(() => expect(asked.at(-1)?.toString()).toBe('page=1&status=completed&from=2026-03-01&to=2026-03-10'));
    await screen.findAllByTestId('driver-trip-card');
    expect((screen.getByLabelText('Hasta') as HTMLInputElement).min).toBe('2026-03-01');

    fireEvent.click(screen.getByRole('button', { name: 'Quitar fechas' }));
    await waitFor(() => expect(asked.at(-1)?.toString()).toBe('page=1&status=completed'));
    expect(screen.queryByLabelText('Desde')).toBeNull();
    expect((screen.getByLabelText('Periodo') as HTMLSelectElement).value).toBe('todo');
  });

  it('tells of the waiting payments the filters hide, and shows every trip on request', async () => {
    const { asked } = stubHistory((query) =>
      ok(
        query.get('status')
          ? makeDriverTripHistoryPage([], { awaiting_payment_answers: 2 })
          : makeDriverTripHistoryPage([YAPE_WAITING, { ...YAPE_WAITING, id: 42, trip_code: 'TRIP-42' }, CASH]),
      ),
    );
    renderHistory('/driver/trips?estado=cancelled_by_driver');
    const notice = await screen.findByTestId('awaiting-payments');
    expect(notice.textContent).toContain('Tienes 2 pagos con Yape o Plin por confirmar que no están en esta lista.');
    fireEvent.click(within(notice).getByRole('button', { name: 'Ver todos los viajes' }));
    await waitFor(() => expect(cards()).toHaveLength(3));
    expect(asked.at(-1)?.toString()).toBe('page=1');
    expect(screen.getAllByText('Confirma el pago')).toHaveLength(2);
    expect(screen.queryByTestId('awaiting-payments')).toBeNull();
  });

  it('starts from the filters in the address (coming back from a receipt keeps them)', async () => {
    const { asked } = stubHistory(() => ok(makeDriverTripHistoryPage([CASH])));
    renderHistory('/driver/trips?estado=completed&desde=2026-03-03&hasta=2026-03-20');
    await screen.findAllByTestId('driver-trip-card');
    expect(asked[0]?.toString()).toBe('page=1&status=completed&from=2026-03-03&to=2026-03-20');
    expect(screen.getByRole('button', { name: 'Completados' }).getAttribute('aria-pressed')).toBe('true');
    // Not a preset: the dates are open to read and change.
    expect((screen.getByLabelText('Periodo') as HTMLSelectElement).value).toBe('elegir');
    expect((screen.getByLabelText('Desde') as HTMLInputElement).value).toBe('2026-03-03');
    expect((screen.getByLabelText('Hasta') as HTMLInputElement).value).toBe('2026-03-20');
  });

  it("brings the next trips with 'Cargar más', listing a trip that shifted between pages once", async () => {
    const pages: Record<string, DriverTripHistoryPage> = {
      1: makeDriverTripHistoryPage([YAPE_WAITING, CASH], { page: 1, per_page: 2, total: 4, total_pages: 2 }),
      2: makeDriverTripHistoryPage([CASH, PLIN_CONFIRMED, CANCELLED], {
        page: 2,
        per_page: 2,
        total: 4,
        total_pages: 2,
      }),
    };
    const { asked } = stubHistory((query) => ok(pages[query.get('page') ?? '1']));
    renderHistory();
    await screen.findAllByTestId('driver-trip-card');
    expect(screen.getByText('Mostrando 2 de 4 viajes')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cargar más' }));
    await waitFor(() => expect(cards()).toHaveLength(4));
    expect(asked.at(-1)?.get('page')).toBe('2');
    expect(cards().map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'Viaje TRIP-41',
      'Viaje TRIP-40',
      'Viaje TRIP-39',
      'Viaje TRIP-38',
    ]);
    expect(screen.getByText('4 viajes')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cargar más' })).toBeNull();
  });

  it('says so in Spanish when the driver has no trips yet', async () => {
    stubHistory(() => ok(makeDriverTripHistoryPage([])));
    renderHistory();
    expect(
      await screen.findByText('Aún no tienes viajes. Cuando termines un viaje, aparecerá aquí con su recibo.'),
    ).toBeTruthy();
    expect(screen.queryByTestId('awaiting-payments')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Quitar fechas' })).toBeNull();
  });

  it("shows a refused date under its field, and a failed load with 'Reintentar'", async () => {
    let failing = true;
    stubHistory((query) =>
      query.get('from')
        ? fail(400, 'Revisa los datos.', { to: 'La fecha «hasta» no puede ser anterior a la fecha «desde».' })
        : failing
          ? fail(500, 'Servicio en mantenimiento')
          : ok(makeDriverTripHistoryPage([CASH])),
    );
    renderHistory('/driver/trips?desde=2026-03-10&hasta=2026-03-09');
    expect(await screen.findByText('La fecha «hasta» no puede ser anterior a la fecha «desde».')).toBeTruthy();
    expect(screen.getByLabelText('Hasta').getAttribute('aria-invalid')).toBe('true');

    fireEvent.click(screen.getByRole('button', { name: 'Quitar fechas' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Servicio en mantenimiento');
    failing = false;
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('1 viaje')).toBeTruthy();
  });
});
