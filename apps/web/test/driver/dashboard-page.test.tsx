import { MOTIVATION_ROTATION_MS } from '@jala/domain';
import { makeDriverTrip } from '@jala/test-factories';
import { act, cleanup, renderHook, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { MOTIVATION_PHRASES } from '@/features/driver/model/motivation-phrases';
import { DriverDashboardPage } from '@/features/driver/pages/dashboard-page';
import { useRotatingIndex } from '@/lib/use-rotating-index';

import { jsonResponse, noActiveTrip, ok, renderDriverScreen, resetTestWorld } from '../support';

const STATS = {
  today_earnings: 32.5,
  today_trips: 2,
  online_hours_today: 4.75,
  acceptance_rate: 75,
  completion_rate: null,
};
const PROFILE = {
  license_number: 'Q1',
  license_expiry_date: '2030-01-01',
  emergency_contact_name: 'A',
  emergency_contact_phone: '912345678',
  search_radius_km: 5,
  verification_status: 'verified',
};
const STATUS = {
  driver_status: 'online',
  active_vehicle_id: 3,
  documents_verified: true,
  last_status_change: '2026-03-10T15:00:00.000Z',
};

afterEach(resetTestWorld);

describe('driver dashboard', () => {
  it('shows today\'s card from GET /driver/stats, with "—" for a rate with nothing to measure', async () => {
    renderDriverScreen(<DriverDashboardPage />, {
      'GET /driver/stats': ok(STATS),
      'GET /driver/profile': ok(PROFILE),
      'GET /driver/status': ok(STATUS),
      'GET /driver/trips/current': noActiveTrip(),
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Panel del Conductor' })).toBeTruthy();
    expect(screen.getByText('Monitorea tu progreso y maximiza tus ganancias')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Hoy: S/\u00a032.50' })).toBeTruthy();
    expect(screen.getByTestId('today-trips').textContent).toBe('2');
    expect(screen.getByTestId('online-hours').textContent).toBe('4 h 45 min');
    expect(screen.getByTestId('acceptance-rate').textContent).toBe('75%');
    expect(screen.getByTestId('completion-rate').textContent).toBe('—');
    expect(screen.getByText('Aceptación')).toBeTruthy();
    expect(screen.getByText('Finalización')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Empezar a ganar/ }).getAttribute('href')).toBe('/driver/trip-request');
    expect(screen.getByRole('link', { name: /Consulta tus ingresos detallados/ }).getAttribute('href')).toBe(
      '/driver/earnings',
    );
    expect(screen.getByRole('link', { name: /Mis viajes y recibos/ }).getAttribute('href')).toBe('/driver/trips');
    expect(MOTIVATION_PHRASES).toContain(screen.getByTestId('motivation').textContent?.replace('“', ''));
  });

  it('uses the spec fallback when the stats call fails without a message, and the server message otherwise', async () => {
    renderDriverScreen(<DriverDashboardPage />, {
      'GET /driver/stats': jsonResponse(200, { success: false, data: null, message: '' }),
      'GET /driver/trips/current': noActiveTrip(),
    });
    expect((await screen.findByRole('alert')).textContent).toContain('Error al obtener estadísticas');
    cleanup();
    renderDriverScreen(<DriverDashboardPage />, {
      'GET /driver/stats': jsonResponse(500, { success: false, data: null, message: 'Servicio en mantenimiento' }),
      'GET /driver/trips/current': noActiveTrip(),
    });
    expect((await screen.findByRole('alert')).textContent).toContain('Servicio en mantenimiento');
  });

  it('asks a driver without a profile to complete it', async () => {
    renderDriverScreen(<DriverDashboardPage />, {
      'GET /driver/stats': ok(STATS),
      'GET /driver/profile': ok(null),
      'GET /driver/trips/current': noActiveTrip(),
    });
    const link = await screen.findByRole('link', { name: /Completa tu perfil de conductor/ });
    expect(link.getAttribute('href')).toBe('/driver/profile');
  });

  it('shows the Solicitud badge 1 only while GET /driver/trips/current returns a trip', async () => {
    renderDriverScreen(<DriverDashboardPage />, {
      'GET /driver/stats': ok(STATS),
      'GET /driver/trips/current': ok(makeDriverTrip({ id: 9, trip_status: 'en_route' })),
    });
    const nav = screen.getByRole('navigation', { name: 'Navegación de conductor' });
    expect((await within(nav).findByTestId('badge-request')).textContent).toBe('1');
    cleanup();
    const fetchMock = renderDriverScreen(<DriverDashboardPage />, {
      'GET /driver/stats': ok(STATS),
      'GET /driver/trips/current': noActiveTrip(),
    });
    await screen.findByRole('heading', { name: 'Hoy: S/\u00a032.50' });
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/driver/trips/current')).toBe(true),
    );
    expect(screen.queryByTestId('badge-request')).toBeNull();
  });
});

describe('motivational rotation', () => {
  it('has 10 Spanish phrases and moves to the next one every 30 minutes', () => {
    expect(MOTIVATION_PHRASES).toHaveLength(10);
    expect(new Set(MOTIVATION_PHRASES).size).toBe(10);
    vi.useFakeTimers();
    const start = 3 * MOTIVATION_ROTATION_MS + 1000; // slot 3
    const { result } = renderHook(() =>
      useRotatingIndex(MOTIVATION_PHRASES.length, MOTIVATION_ROTATION_MS, () => start),
    );
    expect(result.current).toBe(3);
    act(() => {
      vi.advanceTimersByTime(MOTIVATION_ROTATION_MS - 1);
    });
    expect(result.current).toBe(3);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(result.current).toBe(4);
    act(() => {
      vi.advanceTimersByTime(6 * MOTIVATION_ROTATION_MS);
    });
    expect(result.current).toBe(0);
  });
});
