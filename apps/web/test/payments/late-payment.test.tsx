/**
 * Payments never fall through, on the driver's phone: a 'Ya pagué' the driver has not answered is a banner on
 * every driver screen (after they left the trip, after a reload), it appears live when notifications/{driver}
 * says a payment moved and goes once answered; the earnings card says 'Por confirmar' instead of counting it;
 * the live trip's fare line names the trip's own method.
 */
import { type PendingPayment, topics, type TripPayment } from '@jala/contracts';
import { formatSoles } from '@jala/domain';
import { makeDriverTrip, makeDriverUser, makePendingPayment, makeTripReceipt, makeUser } from '@jala/test-factories';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { DriverEarningsPage } from '@/features/driver/pages/earnings-page';
import { FareAdjustmentPanel } from '@/features/live-trip/driver-view/components/fare-adjustment-panel';

import {
  fakeRealtime,
  noActiveTrip,
  ok,
  renderApp,
  renderAt,
  renderDriverScreen,
  resetTestWorld,
  setSession,
  stubFetch,
} from '../support';

const DRIVER_ID = 7;
const ANA = makePendingPayment({ trip_id: 40, passenger_first_name: 'Ana', amount: 38, method: 'yape' });
const LUIS = makePendingPayment({
  trip_id: 41,
  passenger_first_name: 'Luis',
  amount: 21.5,
  method: 'plin',
  reported_at: '2026-03-01T15:50:00.000Z',
});
// As Testing Library reads text (whitespace normalised, so the formatter's no-break space reads as a space).
const ANA_TEXT = 'Ana dice que ya te pagó S/ 38.00 por Yape. Confirma si lo recibiste.';
const LUIS_TEXT = 'Luis dice que ya te pagó S/ 21.50 por Plin. Confirma si lo recibiste.';
const SUMMARY = { total_earnings: 94.5, total_trips: 6, today_earnings: 32.5, last_week_earnings: 57.5 };
const RECORDS = Array.from({ length: 30 }, (_, i) => ({
  date: `2026-02-${String(i + 1).padStart(2, '0')}`,
  earnings: 0,
}));

const banner = () => screen.queryByTestId('pending-payment-banner');
const currentPath = () => screen.getByTestId('location').textContent;

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  // jsdom has no canvas: the earnings chart gets no context and draws nothing.
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(resetTestWorld);

/** The driver's server: `claims` is what GET /driver/pending-payments answers now; answering a claim removes it. */
function driverServer(initial: PendingPayment[]) {
  const server = { claims: [...initial], pendingReads: 0 };
  stubFetch({
    'GET /trips/active': () => noActiveTrip(),
    'GET /driver/trips/current': () => noActiveTrip(),
    'GET /driver/earnings/summary': () => ok(SUMMARY),
    'GET /driver/earnings/records': () => ok(RECORDS),
    'GET /driver/pending-payments': () => {
      server.pendingReads += 1;
      return ok(server.claims);
    },
    'GET /trips/40/receipt': () =>
      ok(
        makeTripReceipt({
          trip_id: 40,
          total: 38,
          payment_method: 'Yape',
          payment_text: 'Yape · pendiente de confirmación',
          payment: { method: 'yape', cash_note: null, cash_change: null, status: 'reported', payee: null },
        }),
      ),
    'POST /driver/trips/40/payment/received': () => {
      server.claims = server.claims.filter((claim) => claim.trip_id !== 40);
      return ok({ trip_id: 40, method: 'yape', status: 'confirmed', case_id: null }, 'Pago confirmado.');
    },
  });
  return { server };
}

describe("a 'Ya pagué' waiting for the driver", () => {
  it('is a banner on every driver screen, also after a reload, with the way to the receipt', async () => {
    driverServer([ANA]);
    setSession(makeDriverUser({ id: DRIVER_ID }));
    renderApp('/driver/earnings');
    expect(await screen.findByText(ANA_TEXT)).toBeTruthy();
    const link = within(banner() as HTMLElement).getByRole('link', { name: 'Confirmar pago' });
    expect(link.getAttribute('href')).toBe('/trips/40/receipt');
    expect(screen.getByRole('heading', { level: 1, name: 'Mis Ganancias' })).toBeTruthy();

    // A reload: a fresh app and query cache read it again from the server.
    cleanup();
    renderApp('/driver/status');
    expect(await screen.findByText(ANA_TEXT)).toBeTruthy();
  });

  it('is not on the passenger screens of an account that also drives', async () => {
    const { server } = driverServer([ANA]);
    setSession(makeUser({ id: DRIVER_ID, user_type: 'both', roles: ['passenger', 'driver'] }));
    renderApp('/passenger/trip-history');
    await screen.findByRole('heading', { level: 1, name: 'Historial de viajes' });
    expect(banner()).toBeNull();
    expect(server.pendingReads).toBe(0);
  });

  it('appears live when the passenger taps it after the driver left the trip, and goes when answered on another phone', async () => {
    const live = fakeRealtime();
    const { server } = driverServer([]);
    setSession(makeDriverUser({ id: DRIVER_ID }));
    renderApp('/driver/earnings');
    await screen.findByTestId('total-earnings');
    await waitFor(() => expect(live.follows(topics.notifications(DRIVER_ID))).toBe(true));
    await waitFor(() => expect(server.pendingReads).toBeGreaterThan(0));
    expect(banner()).toBeNull();

    server.claims = [ANA];
    act(() =>
      live.deliver(topics.notifications(DRIVER_ID), {
        type: 'payment_changed',
        trip_id: 40,
        payment_status: 'reported',
      }),
    );
    expect(await screen.findByText(ANA_TEXT)).toBeTruthy();

    server.claims = [];
    act(() =>
      live.deliver(topics.notifications(DRIVER_ID), {
        type: 'payment_changed',
        trip_id: 40,
        payment_status: 'confirmed',
      }),
    );
    await waitFor(() => expect(banner()).toBeNull());
  });

  it('leads to the receipt, which answers it; the banner then shows only what is left', async () => {
    fakeRealtime();
    driverServer([ANA, LUIS]);
    setSession(makeDriverUser({ id: DRIVER_ID }));
    renderApp('/driver/earnings');
    expect(await screen.findByText(ANA_TEXT)).toBeTruthy();
    expect(screen.getByText('Tienes 1 pago más por confirmar.')).toBeTruthy();

    fireEvent.click(within(banner() as HTMLElement).getByRole('link', { name: 'Confirmar pago' }));
    await waitFor(() => expect(currentPath()).toBe('/trips/40/receipt'));
    // The receipt of that trip asks itself; the banner names the other claim.
    const panel = await screen.findByTestId('wallet-payment');
    expect(await screen.findByText(LUIS_TEXT)).toBeTruthy();
    expect(screen.queryByText(ANA_TEXT)).toBeNull();
    fireEvent.click(within(panel).getByRole('button', { name: 'Pago recibido' }));

    fireEvent.click(
      within(screen.getByRole('navigation', { name: 'Navegación de conductor' })).getByRole('link', {
        name: /Ganancias/,
      }),
    );
    await waitFor(() => expect(currentPath()).toBe('/driver/earnings'));
    await waitFor(() => expect(screen.queryByText('Tienes 1 pago más por confirmar.')).toBeNull());
    expect(screen.getByText(LUIS_TEXT)).toBeTruthy();
    expect(screen.queryByText(ANA_TEXT)).toBeNull();
  });
});

describe("the driver's earnings", () => {
  it("say 'Por confirmar' and 'En revisión' apart from what was earned", async () => {
    renderDriverScreen(<DriverEarningsPage />, {
      'GET /driver/earnings/summary': ok({
        ...SUMMARY,
        unconfirmed: { earnings: 50, trips: 2 },
        in_review: { earnings: 18, trips: 1 },
      }),
      'GET /driver/earnings/records': ok(RECORDS),
      'GET /driver/trips/current': noActiveTrip(),
    });
    expect((await screen.findByTestId('earnings-unconfirmed')).textContent).toBe(formatSoles(50));
    expect(screen.getByText('Por confirmar')).toBeTruthy();
    expect(screen.getByText('2 viajes')).toBeTruthy();
    expect(screen.getByTestId('earnings-in-review').textContent).toBe(formatSoles(18));
    expect(screen.getByText('1 viaje')).toBeTruthy();
    expect(screen.getByTestId('total-earnings').textContent).toBe(formatSoles(94.5));
  });

  it('say nothing of it when every payment is confirmed', async () => {
    renderDriverScreen(<DriverEarningsPage />, {
      'GET /driver/earnings/summary': ok({
        ...SUMMARY,
        unconfirmed: { earnings: 0, trips: 0 },
        in_review: { earnings: 0, trips: 0 },
      }),
      'GET /driver/earnings/records': ok(RECORDS),
      'GET /driver/trips/current': noActiveTrip(),
    });
    await screen.findByTestId('total-earnings');
    expect(screen.queryByText('Por confirmar')).toBeNull();
    expect(screen.queryByText('En revisión')).toBeNull();
  });
});

describe("the live trip's fare line", () => {
  const payment = (method: TripPayment['method']): TripPayment => ({
    method,
    cash_note: null,
    cash_change: null,
    status: null,
    payee: null,
  });

  it.each([
    ['cash', 'Cobrarás (efectivo)'],
    ['yape', 'Cobrarás (Yape)'],
    ['plin', 'Cobrarás (Plin)'],
  ] as const)("names the trip's method: %s → %s", (method, label) => {
    renderAt(
      '/driver/active-trip',
      <FareAdjustmentPanel
        trip={makeDriverTrip({ trip_status: 'in_progress', actual_fare: 38, payment: payment(method) })}
        onChanged={() => undefined}
      />,
      { user: makeDriverUser() },
    );
    const panel = screen.getByTestId('fare-panel');
    expect(within(panel).getByText(label)).toBeTruthy();
    expect(within(panel).getByTestId('binding-fare').textContent).toBe(formatSoles(38));
    if (method !== 'cash') expect(within(panel).queryByText(/efectivo/)).toBeNull();
  });
});
