import type { DriverLedger } from '@jala/contracts';
import { makeUser } from '@jala/test-factories';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { EarningsSummaryCard } from '@/features/driver/components/earnings-summary-card';
import { DriverDashboardPage } from '@/features/driver/pages/dashboard-page';
import { DriverLedgerPage } from '@/features/driver-ledger/pages/driver-ledger-page';
import { RequestsError } from '@/features/live-trip/driver-view/components/requests-error';
import { DriverLedgerPanel } from '@/features/operators/components/driver-ledger-panel';

import { fail, noActiveTrip, ok, renderAt, renderDriverScreen, resetTestWorld, sentBody, stubFetch } from '../support';

const NBSP = '\u00a0';
const LEDGER: DriverLedger = {
  driver_id: 42,
  balance: -1.24,
  min_balance: 0,
  short_by: 1.24,
  entries: [
    {
      id: 3,
      kind: 'adjustment',
      amount: -0.5,
      trip_id: null,
      trip_code: null,
      reference: null,
      reason: 'Cobro de prueba devuelto',
      created_at: '2026-11-27T20:00:00.000Z',
    },
    {
      id: 2,
      kind: 'top_up',
      amount: 20,
      trip_id: null,
      trip_code: null,
      reference: '12345678',
      reason: null,
      created_at: '2026-11-27T18:00:00.000Z',
    },
    {
      id: 1,
      kind: 'trip_fee',
      amount: -20.74,
      trip_id: 9,
      trip_code: 'JL-000009',
      reference: null,
      reason: null,
      created_at: '2026-11-27T15:30:00.000Z',
    },
  ],
};

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(resetTestWorld);

describe("'Saldo con Jala' for the driver", () => {
  it('shows the balance, the floor, what is missing and every movement with its date and signed S/ amount', async () => {
    renderDriverScreen(<DriverLedgerPage />, {
      'GET /driver/ledger': ok(LEDGER),
      'GET /driver/trips/current': noActiveTrip(),
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Saldo con Jala' })).toBeTruthy();
    expect((await screen.findByTestId('ledger-balance')).textContent).toBe(`-S/${NBSP}1.24`);
    expect(screen.getByTestId('ledger-floor').textContent).toBe(`Saldo mínimo para recibir solicitudes: S/${NBSP}0.00`);
    expect(screen.getByTestId('ledger-short').textContent).toBe(
      `Recarga tu saldo para recibir solicitudes: te faltan S/${NBSP}1.24.`,
    );
    const rows = screen.getAllByTestId('ledger-entry');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining(`AjusteCobro de prueba devuelto`),
      expect.stringContaining('RecargaOperación Yape 12345678'),
      expect.stringContaining('Comisión del viajeViaje JL-000009'),
    ]);
    expect(rows[0]!.querySelector('.ledger-entry__amount')?.textContent).toBe(`-S/${NBSP}0.50`);
    expect(rows[1]!.querySelector('.ledger-entry__amount')?.textContent).toBe(`+S/${NBSP}20.00`);
    expect(rows[2]!.querySelector('.ledger-entry__amount')?.textContent).toBe(`-S/${NBSP}20.74`);
    // Lima time: 15:30 UTC is 10:30 in Lima.
    expect(rows[2]!.textContent).toContain('10:30');
  });

  it('says there are no movements yet and no floor when none is set', async () => {
    renderDriverScreen(<DriverLedgerPage />, {
      'GET /driver/ledger': ok({ ...LEDGER, balance: 0, min_balance: null, short_by: 0, entries: [] }),
      'GET /driver/trips/current': noActiveTrip(),
    });
    expect((await screen.findByTestId('ledger-balance')).textContent).toBe(`S/${NBSP}0.00`);
    expect(screen.getByText('Aún no hay movimientos.')).toBeTruthy();
    expect(screen.queryByTestId('ledger-floor')).toBeNull();
    expect(screen.queryByTestId('ledger-short')).toBeNull();
  });

  it('the dashboard tells a driver below the floor how much to top up, before any tap, linking to the balance', async () => {
    renderDriverScreen(<DriverDashboardPage />, {
      'GET /driver/ledger': ok(LEDGER),
      'GET /driver/trips/current': noActiveTrip(),
    });
    const notice = await screen.findByTestId('balance-floor-notice');
    expect(notice.textContent).toBe(`Recarga tu saldo para recibir solicitudes: te faltan S/${NBSP}1.24.`);
    expect(notice.getAttribute('href')).toBe('/driver/saldo');
    expect(screen.getByRole('link', { name: 'Saldo con Jala' }).getAttribute('href')).toBe('/driver/saldo');
  });

  it('the dashboard shows no floor notice at or above the floor', async () => {
    const fetchMock = renderDriverScreen(<DriverDashboardPage />, {
      'GET /driver/ledger': ok({ ...LEDGER, balance: 5, short_by: 0 }),
      'GET /driver/trips/current': noActiveTrip(),
    });
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/driver/ledger'))).toBe(true),
    );
    expect(screen.queryByTestId('balance-floor-notice')).toBeNull();
  });

  it("the requests list's refusal links to the balance", () => {
    renderAt('/', <RequestsError message={`Recarga tu saldo para recibir solicitudes: te faltan S/${NBSP}2.00.`} />);
    expect(screen.getByRole('alert').textContent).toContain(`te faltan S/${NBSP}2.00`);
    expect(screen.getByRole('link', { name: 'Ver mi Saldo con Jala' }).getAttribute('href')).toBe('/driver/saldo');
  });

  it('the earnings card shows gross, the Jala fee and net', () => {
    renderAt(
      '/',
      <EarningsSummaryCard
        summary={{
          total_earnings: 94.5,
          platform_fees: 9.45,
          net_earnings: 85.05,
          total_trips: 6,
          today_earnings: 32.5,
          last_week_earnings: 57.5,
        }}
      />,
    );
    expect(screen.getByTestId('gross-earnings').textContent).toBe(`S/${NBSP}94.50`);
    expect(screen.getByTestId('platform-fees').textContent).toBe(`S/${NBSP}9.45`);
    expect(screen.getByTestId('net-earnings').textContent).toBe(`S/${NBSP}85.05`);
  });
});

describe("'Saldo con Jala' in the operators' console", () => {
  const operator = makeUser({ roles: ['passenger', 'admin'] });

  it('records a top-up with its Yape operation number, then shows the new balance', async () => {
    let ledger = LEDGER;
    const fetchMock = stubFetch({
      'GET /admin/drivers/42/ledger': () => ok(ledger),
      'POST /admin/drivers/42/ledger/top-ups': () => {
        ledger = { ...LEDGER, balance: 3.76, short_by: 0 };
        return ok({ ...LEDGER.entries[1], id: 4, amount: 5, reference: '87654321' }, 'Recarga registrada.', 201);
      },
    });
    renderAt('/', <DriverLedgerPanel driverId={42} />, { user: operator });
    expect((await screen.findByTestId('ledger-balance')).textContent).toBe(`-S/${NBSP}1.24`);
    const form = screen.getByRole('form', { name: 'Registrar recarga' });
    fireEvent.change(within(form).getByLabelText('Número de operación Yape'), { target: { value: '87654321' } });
    fireEvent.change(within(form).getByLabelText('Monto (S/)'), { target: { value: '5,00' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Registrar recarga' }));
    expect(await screen.findByText('Recarga registrada.')).toBeTruthy();
    expect(sentBody(fetchMock, 'POST', '/admin/drivers/42/ledger/top-ups')).toEqual({
      reference: '87654321',
      amount: 5,
    });
    await waitFor(() => expect(screen.getByTestId('ledger-balance').textContent).toBe(`S/${NBSP}3.76`));
  });

  it("checks the forms with the contract's Spanish messages and shows the server's refusal", async () => {
    const fetchMock = stubFetch({
      'GET /admin/drivers/42/ledger': ok(LEDGER),
      'POST /admin/drivers/42/ledger/top-ups': fail(
        409,
        'Esa operación de Yape ya fue registrada como recarga. Revisa el número de operación.',
      ),
    });
    renderAt('/', <DriverLedgerPanel driverId={42} />, { user: operator });
    await screen.findByTestId('ledger-balance');
    const topUp = screen.getByRole('form', { name: 'Registrar recarga' });
    fireEvent.click(within(topUp).getByRole('button', { name: 'Registrar recarga' }));
    expect(await within(topUp).findByText('Escribe el número de operación de Yape.')).toBeTruthy();
    expect(within(topUp).getByText('El monto debe ser un número.')).toBeTruthy();

    const adjust = screen.getByRole('form', { name: 'Ajustar saldo' });
    fireEvent.change(within(adjust).getByLabelText('Monto (S/, negativo para descontar)'), { target: { value: '0' } });
    fireEvent.click(within(adjust).getByRole('button', { name: 'Registrar ajuste' }));
    expect(await within(adjust).findByText('El monto no puede ser cero.')).toBeTruthy();
    expect(within(adjust).getByText('Escribe el motivo del ajuste.')).toBeTruthy();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(0);

    fireEvent.change(within(topUp).getByLabelText('Número de operación Yape'), { target: { value: '12345678' } });
    fireEvent.change(within(topUp).getByLabelText('Monto (S/)'), { target: { value: '20' } });
    fireEvent.click(within(topUp).getByRole('button', { name: 'Registrar recarga' }));
    expect(
      await within(topUp).findByText(
        'Esa operación de Yape ya fue registrada como recarga. Revisa el número de operación.',
      ),
    ).toBeTruthy();
  });

  it('records an adjustment of either sign with its reason', async () => {
    const fetchMock = stubFetch({
      'GET /admin/drivers/42/ledger': ok(LEDGER),
      'POST /admin/drivers/42/ledger/adjustments': ok(LEDGER.entries[0], 'Ajuste registrado.', 201),
    });
    renderAt('/', <DriverLedgerPanel driverId={42} />, { user: operator });
    await screen.findByTestId('ledger-balance');
    const adjust = screen.getByRole('form', { name: 'Ajustar saldo' });
    fireEvent.change(within(adjust).getByLabelText('Monto (S/, negativo para descontar)'), {
      target: { value: '-0.50' },
    });
    fireEvent.change(within(adjust).getByLabelText('Motivo del ajuste'), {
      target: { value: 'Cobro de prueba devuelto' },
    });
    fireEvent.click(within(adjust).getByRole('button', { name: 'Registrar ajuste' }));
    expect(await screen.findByText('Ajuste registrado.')).toBeTruthy();
    expect(sentBody(fetchMock, 'POST', '/admin/drivers/42/ledger/adjustments')).toEqual({
      amount: -0.5,
      reason: 'Cobro de prueba devuelto',
    });
  });
});
