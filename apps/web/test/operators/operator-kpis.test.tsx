import type { Kpis } from '@jala/contracts';
import { formatSoles, lastNDaysKeys } from '@jala/domain';
import { makeUser } from '@jala/test-factories';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { labelLines } from '@/features/operator-kpis/model/kpi-format';
import { OperatorsConsolePage } from '@/features/operators/pages/operators-console-page';

import { fail, ok, renderAt, stubFetch } from '../support';

beforeEach(() => {
  // jsdom has no canvas: chart.js gets no context and draws nothing (it logs once; keep the output clean).
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const figures = (from: string, to: string, district: string | null): Kpis => ({
  period: { from, to, days: 1, district },
  districts: ['Barranco', 'Miraflores', 'Rímac'],
  requests: { total: 7, with_offer: 4, accepted: 2, completed: 1 },
  waits: { first_offer_median: 60, first_offer_p90: 84, acceptance_median: 160, acceptance_p90: 192 },
  cancellations: [
    { side: 'passenger', reason: 'passenger_request', trips: 2 },
    { side: 'driver', reason: 'Llanta baja, "no puedo"', trips: 1 },
  ],
  no_shows: { passenger: 1, driver: 0 },
  bookings: {
    total: 2,
    completed: 0,
    cancelled_by_passenger: 1,
    cancelled_by_driver: 0,
    cancelled_by_system: 0,
    open: 1,
    driver_releases: 1,
  },
  prices: { agreed_trips: 2, agreed_vs_asked: 1.05, agreed_vs_estimated: 0.875, agreed_median: 1234.5 },
  payment_methods: [{ method: 'cash', trips: 1, amount: 22 }],
  payment_cases: { open: 1, resolved_paid: 0, resolved_unpaid: 0 },
  drivers_online: Array.from({ length: 24 }, (_, hour) => ({
    hour,
    average: hour === 11 ? 1.5 : 0,
    peak: hour === 11 ? 2 : 0,
  })),
  active_passengers: 7,
  active_drivers: 1,
  sos: { total: 1, resolved: 0 },
  unmatched_cells: [{ latitude: -12.1185, longitude: -77.0265, requests: 2 }],
});

const LIVE = { drivers: [], trips: [], open_alerts: 0, at: '2026-11-23T15:00:00.000Z' };

/** The console at 'Indicadores' against a stub that answers each GET /admin/kpis for the period it asks. */
function openIndicadores(answer?: (query: URLSearchParams) => Response) {
  const asked: URLSearchParams[] = [];
  stubFetch({
    'GET /admin/live': ok(LIVE),
    'GET /admin/kpis': (_init, url) => {
      const query = new URLSearchParams(url.split('?')[1]);
      asked.push(query);
      return answer?.(query) ?? ok(figures(query.get('from') ?? '', query.get('to') ?? '', query.get('district')));
    },
  });
  renderAt('/operators?seccion=indicadores', <OperatorsConsolePage />, {
    user: makeUser({ roles: ['passenger', 'admin'] }),
  });
  return asked;
}

const rowOf = (table: HTMLElement, header: string) =>
  within(table).getByRole('rowheader', { name: header }).closest('tr') as HTMLElement;

describe('Indicadores', () => {
  it("opens on today's figures: a summary, each chart's table, and the no-offer zones as a list too", async () => {
    const asked = openIndicadores();
    expect(await screen.findByRole('heading', { name: 'Indicadores' })).toBeTruthy();
    const today = lastNDaysKeys(1)[0];
    await waitFor(() => expect(asked.length).toBeGreaterThan(0));
    expect(Object.fromEntries(asked[0] ?? [])).toEqual({ from: today, to: today });
    expect(screen.getByRole('button', { name: 'Hoy' }).getAttribute('aria-pressed')).toBe('true');

    const requests = await screen.findByRole('table', { name: 'Solicitudes' });
    expect(
      within(rowOf(requests, 'Con al menos una oferta'))
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['4', '57.1%']);
    const waits = screen.getByRole('table', { name: 'Tiempos de espera (solicitudes inmediatas)' });
    expect(
      within(rowOf(waits, 'Hasta la aceptación'))
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['2 min 40 s', '3 min 12 s']);
    const prices = screen.getByRole('table', { name: 'Precio acordado' });
    expect(within(rowOf(prices, 'Mediana del precio acordado (S/)')).getByRole('cell').textContent).toBe(
      formatSoles(1234.5),
    );
    expect(within(rowOf(prices, 'Mediana de acordado ÷ pedido')).getByRole('cell').textContent).toBe('1.05 ×');
    const cancellations = screen.getByRole('table', { name: 'Cancelaciones por lado y motivo' });
    expect(
      within(rowOf(cancellations, 'Pasajero'))
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['El pasajero canceló', '2']);
    const zones = screen.getByRole('table', { name: 'Solicitudes sin oferta por zona (celdas de ~1 km)' });
    expect(
      within(rowOf(zones, '-12.1185'))
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['-77.0265', '2']);
    expect(screen.getByRole('img', { name: /Mapa de 1 zonas con solicitudes sin oferta/ })).toBeTruthy();
    const online = screen.getByRole('table', { name: 'Conductores en línea por hora del día' });
    expect(
      within(rowOf(online, '11:00'))
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['1.5', '2']);
    // The charts come with their own lazily loaded module.
    expect(await screen.findByRole('img', { name: /Gráfico: Solicitudes, con oferta/ })).toBeTruthy();
  });

  it('asks again for 7 days, a district, and a custom period; a refused date shows under its field', async () => {
    const asked = openIndicadores((query) =>
      query.get('from') === '2026-03-10' && query.get('to') === '2026-03-01'
        ? fail(400, 'Los datos enviados no son válidos.', {
            to: 'La fecha «hasta» no puede ser anterior a la fecha «desde».',
          })
        : ok(figures(query.get('from') ?? '', query.get('to') ?? '', query.get('district'))),
    );
    await screen.findByRole('table', { name: 'Solicitudes' });
    fireEvent.click(screen.getByRole('button', { name: '7 días' }));
    const week = lastNDaysKeys(7);
    await waitFor(() => expect(Object.fromEntries(asked.at(-1) ?? [])).toEqual({ from: week[0], to: week[6] }));

    fireEvent.change(screen.getByRole('combobox', { name: 'Distrito' }), { target: { value: 'Miraflores' } });
    await waitFor(() => expect(asked.at(-1)?.get('district')).toBe('Miraflores'));
    expect(await screen.findByText(/· Miraflores ·/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Personalizado' }));
    expect(await screen.findByText('Elige las dos fechas del período.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Desde'), { target: { value: '2026-03-10' } });
    fireEvent.change(screen.getByLabelText('Hasta'), { target: { value: '2026-03-01' } });
    expect(await screen.findByText('La fecha «hasta» no puede ser anterior a la fecha «desde».')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Hasta'), { target: { value: '2026-03-12' } });
    await waitFor(() =>
      expect(Object.fromEntries(asked.at(-1) ?? [])).toEqual({
        from: '2026-03-10',
        to: '2026-03-12',
        district: 'Miraflores',
      }),
    );
    expect(await screen.findByText(/Del 10 mar 2026 al 12 mar 2026/)).toBeTruthy();
  });

  it('downloads the table behind a chart as CSV: BOM, Spanish headers, values as numbers, quotes where needed', async () => {
    const saved: { blob: Blob; name: string }[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: (blob: Blob) => {
          saved.push({ blob, name: '' });
          return 'blob:csv';
        },
        revokeObjectURL: () => undefined,
      }),
    );
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    openIndicadores();
    await screen.findByRole('table', { name: 'Solicitudes' });
    fireEvent.change(screen.getByRole('combobox', { name: 'Distrito' }), { target: { value: 'Rímac' } });
    await screen.findByText(/· Rímac ·/);

    fireEvent.click(screen.getByRole('button', { name: 'Descargar CSV: Solicitudes' }));
    fireEvent.click(screen.getByRole('button', { name: 'Descargar CSV: Cancelaciones por lado y motivo' }));
    fireEvent.click(screen.getByRole('button', { name: 'Descargar CSV: Precio acordado' }));
    const today = lastNDaysKeys(1)[0];
    expect(names).toEqual([
      `indicadores-solicitudes-${today}-a-${today}-rimac.csv`,
      `indicadores-cancelaciones-${today}-a-${today}-rimac.csv`,
      `indicadores-precios-${today}-a-${today}-rimac.csv`,
    ]);
    const texts = await Promise.all(saved.map(({ blob }) => blob.text()));
    const bytes = new Uint8Array(await (saved[0] as { blob: Blob }).blob.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(saved[0]?.blob.type).toBe('text/csv;charset=utf-8');
    // Blob.text() decodes UTF-8 and drops the BOM, checked above as bytes.
    expect(texts[0]).toBe(
      'Indicador,Viajes,% de las solicitudes\r\n' +
        'Solicitudes,7,100\r\n' +
        'Con al menos una oferta,4,57.1\r\n' +
        'Aceptadas,2,28.6\r\n' +
        'Completadas,1,14.3\r\n',
    );
    expect(texts[1]).toBe(
      'Lado,Motivo,Viajes\r\nPasajero,El pasajero canceló,2\r\nConductor,"Llanta baja, ""no puedo""",1\r\n',
    );
    expect(texts[2]).toBe(
      'Medida,Valor\r\n' +
        'Viajes con precio acordado,2\r\n' +
        'Mediana del precio acordado (S/),1234.5\r\n' +
        'Mediana de acordado ÷ pedido,1.05\r\n' +
        'Mediana de acordado ÷ estimado,0.875\r\n',
    );
  });
});

describe('labelLines', () => {
  it('breaks a chart label between words and cuts what does not fit on its lines', () => {
    expect(labelLines('Encontré otro transporte')).toEqual(['Encontré otro', 'transporte']);
    expect(labelLines('Nadie ofertó a tiempo')).toEqual(['Nadie ofertó a tiempo']);
    expect(labelLines('El pasajero no respondía los mensajes ni las llamadas del conductor')).toEqual([
      'El pasajero no',
      'respondía los…',
    ]);
    expect(labelLines('Supercalifragilísticoespialidoso')).toEqual(['Supercalifragilístico…']);
  });
});
