import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { DriverStatusPage } from '@/features/driver/pages/status-page';

import { fail, jsonResponse, ok, renderDriverScreen, resetTestWorld, sentBody } from '../support';

const OFFLINE = {
  driver_status: 'offline',
  active_vehicle_id: null,
  documents_verified: false,
  last_status_change: null,
};
const VEHICLES = [
  {
    id: 3,
    vehicle_type: 'auto',
    brand: 'Toyota',
    model: 'Yaris',
    license_plate: 'ABC-123',
    color: 'Blanco',
    year: 2022,
    passenger_capacity: 4,
    vehicle_status: 'active',
  },
  {
    id: 4,
    vehicle_type: 'mototaxi',
    brand: 'Bajaj',
    model: 'RE',
    license_plate: 'M1-2345',
    color: 'Rojo',
    year: 2021,
    passenger_capacity: 2,
    vehicle_status: 'maintenance',
  },
];

afterEach(resetTestWorld);

const selector = () => screen.getByLabelText('Vehículo activo:') as HTMLSelectElement;

describe('driver status page', () => {
  it('shows "Cargando estado..." and then the state, vehicles, documents and last change', async () => {
    renderDriverScreen(<DriverStatusPage />, {
      'GET /driver/status': ok({
        driver_status: 'online',
        active_vehicle_id: 3,
        documents_verified: true,
        last_status_change: '2026-03-10T15:00:00.000Z',
      }),
      'GET /driver/vehicles': ok(VEHICLES),
    });
    expect(screen.getByText('Cargando estado...')).toBeTruthy();
    expect((await screen.findByTestId('status-label')).textContent).toBe('Conectado');
    expect(screen.getByRole('button', { name: 'Desconectarse' })).toBeTruthy();
    await waitFor(() => expect(selector().options).toHaveLength(3));
    expect([...selector().options].map((o) => o.textContent)).toEqual([
      'Selecciona vehículo',
      'Toyota Yaris ABC-123',
      'Bajaj RE M1-2345 (mantenimiento)',
    ]);
    expect(selector().value).toBe('3');
    expect(screen.getByText('Verificados')).toBeTruthy();
    expect(screen.getByText('10 mar 2026, 10:00')).toBeTruthy();
  });

  it('says "No hay vehículos registrados." without vehicles, and "No verificados" before verification', async () => {
    renderDriverScreen(<DriverStatusPage />, { 'GET /driver/status': ok(OFFLINE), 'GET /driver/vehicles': ok([]) });
    await waitFor(() => expect(selector().options[0]?.textContent).toBe('No hay vehículos registrados.'));
    expect(screen.getByTestId('status-label').textContent).toBe('Desconectado');
    expect(screen.getByText('No verificados')).toBeTruthy();
    expect(screen.getByText('Último cambio:').nextSibling?.textContent).toBe('—');
  });

  it('picking a vehicle only chooses it; "Conectarse" goes online with the chosen one', async () => {
    const twoActive = [VEHICLES[0]!, { ...VEHICLES[1]!, vehicle_status: 'active' }];
    const fetchMock = renderDriverScreen(<DriverStatusPage />, {
      'GET /driver/status': ok(OFFLINE),
      'GET /driver/vehicles': ok(twoActive),
      'POST /driver/status': ok(
        {
          driver_status: 'online',
          active_vehicle_id: 4,
          documents_verified: false,
          last_status_change: '2026-03-10T15:00:00.000Z',
        },
        'Estás conectado. Recibirás solicitudes cuando verifiquemos tus documentos.',
      ),
    });
    await waitFor(() => expect(selector().options).toHaveLength(3));
    // Two active vehicles: nothing is chosen for the driver.
    expect(selector().value).toBe('');
    fireEvent.change(selector(), { target: { value: '4' } });
    expect(selector().value).toBe('4');
    expect(fetchMock.mock.calls.some(([, init]) => (init as RequestInit | undefined)?.method === 'POST')).toBe(false);
    expect(screen.getByTestId('status-label').textContent).toBe('Desconectado');
    fireEvent.click(screen.getByRole('button', { name: 'Conectarse' }));
    expect(
      await screen.findByText('Estás conectado. Recibirás solicitudes cuando verifiquemos tus documentos.'),
    ).toBeTruthy();
    expect(sentBody(fetchMock, 'POST', '/driver/status')).toEqual({ status: 'online', vehicle_id: 4 });
    expect(screen.getByTestId('status-label').textContent).toBe('Conectado');
  });

  it('a driver whose one vehicle is active finds it chosen, and "Conectarse" uses it', async () => {
    const fetchMock = renderDriverScreen(<DriverStatusPage />, {
      'GET /driver/status': ok(OFFLINE),
      'GET /driver/vehicles': ok(VEHICLES),
      'POST /driver/status': ok(
        {
          driver_status: 'online',
          active_vehicle_id: 3,
          documents_verified: true,
          last_status_change: '2026-03-10T15:00:00.000Z',
        },
        'Estás conectado. Ya puedes recibir solicitudes.',
      ),
    });
    await waitFor(() => expect(selector().value).toBe('3'));
    fireEvent.click(screen.getByRole('button', { name: 'Conectarse' }));
    expect(await screen.findByText('Estás conectado. Ya puedes recibir solicitudes.')).toBeTruthy();
    expect(sentBody(fetchMock, 'POST', '/driver/status')).toEqual({ status: 'online', vehicle_id: 3 });
  });

  it('"Conectarse" shows the server refusal, and "Desconectarse" posts offline', async () => {
    const fetchMock = renderDriverScreen(<DriverStatusPage />, {
      'GET /driver/status': ok(OFFLINE),
      'GET /driver/vehicles': ok([]),
      'POST /driver/status': (init) =>
        JSON.parse(String(init?.body)).status === 'online'
          ? fail(
              400,
              'Necesitas un vehículo activo para conectarte. Selecciona uno o registra un vehículo en tu perfil.',
              { vehicle_id: 'x' },
            )
          : ok(OFFLINE, 'Estás desconectado.'),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Conectarse' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Necesitas un vehículo activo para conectarte. Selecciona uno o registra un vehículo en tu perfil.',
    );
    expect(sentBody(fetchMock, 'POST', '/driver/status')).toEqual({ status: 'online', vehicle_id: null });
    expect(screen.getByTestId('status-label').textContent).toBe('Desconectado');
  });

  it('uses the spec fallbacks when the server gives no message', async () => {
    renderDriverScreen(<DriverStatusPage />, {
      'GET /driver/status': jsonResponse(200, { success: false, data: null, message: '' }),
    });
    expect((await screen.findByRole('alert')).textContent).toContain('Error obteniendo status');
    cleanup();
    renderDriverScreen(<DriverStatusPage />, {
      'GET /driver/status': ok(OFFLINE),
      'GET /driver/vehicles': ok(VEHICLES),
      'POST /driver/status': jsonResponse(200, { success: false, data: null, message: '' }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Conectarse' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Error actualizando estado');
  });
});
