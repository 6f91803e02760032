import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { DriverEarningsPage } from '@/features/driver/pages/earnings-page';

import { jsonResponse, noActiveTrip, ok, renderDriverScreen, resetTestWorld } from '../support';

const SUMMARY = { total_earnings: 94.5, total_trips: 6, today_earnings: 32.5, last_week_earnings: 57.5 };
const RECORDS = Array.from({ length: 30 }, (_, i) => ({
  date: `2026-02-${String(i + 1).padStart(2, '0')}`,
  earnings: i % 3 === 0 ? 12.5 : 0,
}));

beforeEach(() => {
  // jsdom has no canvas: chart.js gets no context and draws nothing (it logs once; keep the output clean).
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(resetTestWorld);

describe('driver earnings page', () => {
  it('shows "Cargando ganancias..." and then the summary card and the 30-day chart', async () => {
    renderDriverScreen(<DriverEarningsPage />, {
      'GET /driver/earnings/summary': ok(SUMMARY),
      'GET /driver/earnings/records': ok(RECORDS),
      'GET /driver/trips/current': noActiveTrip(),
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Mis Ganancias' })).toBeTruthy();
    expect(screen.getByText('Revisa tu rendimiento como conductor')).toBeTruthy();
    expect(screen.getByText('Cargando ganancias...')).toBeTruthy();
    expect((await screen.findByTestId('total-earnings')).textContent).toBe('S/\u00a094.50');
    expect(screen.getByText('Ganancias totales')).toBeTruthy();
    expect(screen.getByText('Viajes completados')).toBeTruthy();
    expect(screen.getByTestId('total-trips').textContent).toBe('6');
    expect(screen.getByText('Ganado hoy')).toBeTruthy();
    expect(screen.getByTestId('today-earnings').textContent).toBe('S/\u00a032.50');
    expect(screen.getByText('Últimos 7 días')).toBeTruthy();
    expect(screen.getByTestId('week-earnings').textContent).toBe('S/\u00a057.50');
    expect(await screen.findByRole('heading', { name: 'Historial 30 días' })).toBeTruthy();
    const chartBox = document.querySelector('.drv-chart') as HTMLElement;
    expect(chartBox.style.height).toBe('140px');
    expect(chartBox.querySelector('canvas')).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Navegación de conductor' })).toBeTruthy();
  });

  it('replaces the content with the server message in red when a call fails', async () => {
    renderDriverScreen(<DriverEarningsPage />, {
      'GET /driver/earnings/summary': jsonResponse(500, {
        success: false,
        data: null,
        message: 'Base de datos no disponible',
      }),
      'GET /driver/earnings/records': ok(RECORDS),
      'GET /driver/trips/current': noActiveTrip(),
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Base de datos no disponible');
    expect(alert.className).toContain('drv-error-text');
    expect(screen.queryByText('Ganancias totales')).toBeNull();
  });

  it('falls back to "Error al cargar historial" when success is false without a message', async () => {
    renderDriverScreen(<DriverEarningsPage />, {
      'GET /driver/earnings/summary': ok(SUMMARY),
      'GET /driver/earnings/records': jsonResponse(200, { success: false, data: null, message: '' }),
      'GET /driver/trips/current': noActiveTrip(),
    });
    expect((await screen.findByRole('alert')).textContent).toContain('Error al cargar historial');
  });
});
