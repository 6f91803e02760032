import { limaDateKey } from '@jala/domain';
import { makeUser } from '@jala/test-factories';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { DriverProfilePage } from '@/features/driver/pages/profile-page';
import { useSession } from '@/lib/session-store';

import {
  fail,
  fieldByLabel,
  fillFields,
  ok,
  renderDriverScreen,
  resetTestWorld,
  sentBody,
  typeInField,
} from '../support';

const PROFILE = {
  license_number: 'Q12345678',
  license_expiry_date: '2030-06-30',
  emergency_contact_name: 'Rosa Vargas',
  emergency_contact_phone: '912345678',
  search_radius_km: 5,
  verification_status: 'pending_verification',
};
const VEHICLE = {
  id: 3,
  vehicle_type: 'auto',
  brand: 'Toyota',
  model: 'Yaris',
  license_plate: 'ABC-123',
  color: 'Blanco',
  year: 2022,
  passenger_capacity: 4,
  vehicle_status: 'active',
};

afterEach(resetTestWorld);

describe('driver profile tab', () => {
  it("a new driver's first visit asks nothing about documents: the 'Documentos' tab says to register first", async () => {
    const fetchMock = renderDriverScreen(<DriverProfilePage />, { 'GET /driver/profile': () => ok(null) });
    expect(await screen.findByRole('heading', { name: 'Bienvenido, registra tu perfil de conductor' })).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Documentos' }));
    expect(await screen.findByTestId('documents-need-profile')).toBeTruthy();
    // Nothing was asked that the server can only refuse (409) before a driver profile exists.
    expect(
      fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/driver/documents')),
    ).toEqual([]);
  });

  it('registers a new profile: shows each required message first, then posts the five fields', async () => {
    let stored: typeof PROFILE | null = null;
    const fetchMock = renderDriverScreen(<DriverProfilePage />, {
      'GET /driver/profile': () => ok(stored),
      'POST /driver/profile/update': () => {
        stored = PROFILE;
        return ok(PROFILE, 'Perfil de conductor registrado. Espera la verificación de tus documentos.', 201);
      },
    });
    expect(await screen.findByRole('heading', { name: 'Bienvenido, registra tu perfil de conductor' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Perfil' }).getAttribute('aria-selected')).toBe('true');
    const radius = fieldByLabel('Radio de búsqueda (km)');
    expect(radius.placeholder).toBe('5');
    expect(radius.min).toBe('1');
    expect(screen.getByText('Rango en kilómetros desde tu ubicación actual.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Registrar perfil de conductor' }));
    for (const message of [
      'Este campo es obligatorio.',
      'Fecha requerida.',
      'Ingresa un nombre.',
      'Número requerido.',
      'Debes especificar el radio.',
    ]) {
      expect(await screen.findByText(message)).toBeTruthy();
    }
    expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/driver/profile/update')).toBe(false);

    fillFields({
      'Número de licencia': 'q12345678',
      'Fecha de vencimiento de la licencia': '2030-06-30',
      'Nombre del contacto de emergencia': 'Rosa Vargas',
      'Teléfono del contacto de emergencia': '912 345 678',
      'Radio de búsqueda (km)': '0',
    });
    fireEvent.click(screen.getByRole('button', { name: 'Registrar perfil de conductor' }));
    expect(await screen.findByText('El radio mínimo es 1 km.')).toBeTruthy();
    typeInField('Radio de búsqueda (km)', '5');
    fireEvent.click(screen.getByRole('button', { name: 'Registrar perfil de conductor' }));
    expect(
      await screen.findByText('Perfil de conductor registrado. Espera la verificación de tus documentos.'),
    ).toBeTruthy();
    // The form turns into the edit form and the confirmation stays visible.
    expect(await screen.findByRole('heading', { name: 'Editar Perfil' })).toBeTruthy();
    expect(screen.getByText('Perfil de conductor registrado. Espera la verificación de tus documentos.')).toBeTruthy();
    expect(sentBody(fetchMock, 'POST', '/driver/profile/update')).toEqual({
      license_number: 'Q12345678',
      license_expiry_date: '2030-06-30',
      emergency_contact_name: 'Rosa Vargas',
      emergency_contact_phone: '912345678',
      search_radius_km: 5,
    });
  });

  it('edits an existing profile without sending the licence number, and shows server field errors inline', async () => {
    const fetchMock = renderDriverScreen(
      <DriverProfilePage />,
      {
        'GET /driver/profile': ok(PROFILE),
        'POST /driver/profile/update': (init) => {
          const body = JSON.parse(String(init?.body)) as { emergency_contact_phone: string };
          return body.emergency_contact_phone === '999999999'
            ? fail(409, 'Conflicto raro', { emergency_contact_phone: 'Número bloqueado por el servidor.' })
            : ok({ ...PROFILE, ...body }, 'Perfil actualizado correctamente.');
        },
      },
      { path: '/driver/profile?edit=1' },
    );
    expect(await screen.findByRole('heading', { name: 'Editar Perfil' })).toBeTruthy();
    expect(fieldByLabel('Número de licencia').readOnly).toBe(true);
    expect(document.activeElement).toBe(fieldByLabel('Fecha de vencimiento de la licencia'));
    typeInField('Radio de búsqueda (km)', '12.5');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('Perfil actualizado correctamente.')).toBeTruthy();
    expect(sentBody(fetchMock, 'POST', '/driver/profile/update')).toEqual({
      license_expiry_date: '2030-06-30',
      emergency_contact_name: 'Rosa Vargas',
      emergency_contact_phone: '912345678',
      search_radius_km: 12.5,
    });
    typeInField('Teléfono del contacto de emergencia', '999999999');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('Número bloqueado por el servidor.')).toBeTruthy();
  });

  it('shows "Guardando..." while saving', async () => {
    let release: (r: Response) => void = () => undefined;
    renderDriverScreen(<DriverProfilePage />, {
      'GET /driver/profile': ok(PROFILE),
      'POST /driver/profile/update': () =>
        new Promise<Response>((resolve) => {
          release = resolve;
        }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Guardar cambios' }));
    const busy = await screen.findByRole('button', { name: 'Guardando...' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    release(ok(PROFILE, 'Perfil actualizado correctamente.'));
    expect(await screen.findByRole('button', { name: 'Guardar cambios' })).toBeTruthy();
  });

  it('lets a passenger register as a driver and shows the pending message', async () => {
    const passenger = makeUser({ id: 8, user_type: 'passenger' });
    const fetchMock = renderDriverScreen(
      <DriverProfilePage />,
      {
        'POST /driver/register': ok(
          { status: 'pending_verification', driver_id: 8, vehicle_id: 1 },
          'Registro enviado. Espera verificación.',
          201,
        ),
        'GET /auth/profile': ok({ ...passenger, user_type: 'both', roles: ['passenger', 'driver'] }),
        'GET /driver/profile': ok(PROFILE),
      },
      { user: passenger },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Registrarme como conductor' }));
    expect(await screen.findByText('Este campo es obligatorio.')).toBeTruthy();
    expect(screen.getAllByText('Requerido')).toHaveLength(4);
    fillFields({
      'Número de licencia': 'Q55555555',
      'Fecha de vencimiento de la licencia': '2031-01-01',
      Marca: 'Bajaj',
      Modelo: 'RE',
      Placa: 'm1-2345',
      Color: 'Azul',
    });
    fireEvent.click(screen.getByRole('button', { name: 'Registrarme como conductor' }));
    expect(await screen.findByText('Registro enviado. Espera verificación.')).toBeTruthy();
    expect(sentBody(fetchMock, 'POST', '/driver/register')).toEqual({
      license_number: 'Q55555555',
      license_expiry_date: '2031-01-01',
      vehicle_type: 'mototaxi',
      license_plate: 'M1-2345',
      brand: 'Bajaj',
      model: 'RE',
      color: 'Azul',
    });
    expect(useSession.getState().user?.user_type).toBe('both');
    expect(await screen.findByRole('heading', { name: 'Editar Perfil' })).toBeTruthy();
  });
});

describe('driver vehicles tab', () => {
  it('lists vehicles with coloured status badges', async () => {
    renderDriverScreen(
      <DriverProfilePage />,
      {
        'GET /driver/vehicles': ok([
          VEHICLE,
          { ...VEHICLE, id: 4, license_plate: 'XYZ-987', vehicle_status: 'maintenance' },
          { ...VEHICLE, id: 5, license_plate: 'MTX-555', vehicle_status: 'inactive', vehicle_type: 'mototaxi' },
        ]),
      },
      { path: '/driver/profile?tab=vehiculos' },
    );
    const first = await screen.findByTestId('vehicle-3');
    expect(within(first).getByText('ABC-123')).toBeTruthy();
    expect(within(first).getByText(/Auto · 2022/)).toBeTruthy();
    expect(within(first).getByText('Activo').className).toContain('drv-badge--active');
    expect(within(screen.getByTestId('vehicle-4')).getByText('Mantenimiento').className).toContain(
      'drv-badge--maintenance',
    );
    expect(within(screen.getByTestId('vehicle-5')).getByText('Inactivo').className).toContain('drv-badge--inactive');
  });

  it('adds a vehicle: "Requerido" for the five texts, then posts with this year and capacity 2', async () => {
    const vehicles = [VEHICLE];
    const fetchMock = renderDriverScreen(
      <DriverProfilePage />,
      {
        'GET /driver/vehicles': () => ok(vehicles),
        'POST /driver/vehicles/add': (init) => {
          const created = { id: 9, vehicle_status: 'active', ...JSON.parse(String(init?.body)) };
          vehicles.push(created);
          return ok(created, 'Vehículo agregado correctamente.', 201);
        },
      },
      { path: '/driver/profile?tab=vehiculos' },
    );
    await screen.findByTestId('vehicle-3');
    fireEvent.click(screen.getByRole('button', { name: 'Agregar vehículo' }));
    expect(screen.getByRole('button', { name: 'Cancelar' })).toBeTruthy();
    const form = screen.getByRole('form', { name: 'Agregar vehículo' });
    fireEvent.click(within(form).getByRole('button', { name: 'Agregar vehículo' }));
    expect(await within(form).findAllByText('Requerido')).toHaveLength(5);
    expect((within(form).getByLabelText('Año') as HTMLInputElement).value).toBe(limaDateKey(new Date()).slice(0, 4));
    expect((within(form).getByLabelText('Pasajeros') as HTMLInputElement).value).toBe('2');

    fireEvent.change(within(form).getByLabelText('Tipo'), { target: { value: 'mototaxi' } });
    fireEvent.change(within(form).getByLabelText('Marca'), { target: { value: 'Bajaj' } });
    fireEvent.change(within(form).getByLabelText('Modelo'), { target: { value: 'RE' } });
    fireEvent.change(within(form).getByLabelText('Placa'), { target: { value: 'mt 1234' } });
    fireEvent.change(within(form).getByLabelText('Color'), { target: { value: 'Rojo' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Agregar vehículo' }));
    expect(await screen.findByText('Vehículo agregado correctamente.')).toBeTruthy();
    expect(sentBody(fetchMock, 'POST', '/driver/vehicles/add')).toEqual({
      vehicle_type: 'mototaxi',
      brand: 'Bajaj',
      model: 'RE',
      license_plate: 'MT-1234',
      color: 'Rojo',
      year: Number(limaDateKey(new Date()).slice(0, 4)),
      passenger_capacity: 2,
    });
    expect(await screen.findByTestId('vehicle-9')).toBeTruthy();
  });

  it("shows the server's duplicate-plate message on the plate field", async () => {
    renderDriverScreen(
      <DriverProfilePage />,
      {
        'GET /driver/vehicles': ok([]),
        'POST /driver/vehicles/add': fail(409, 'Ya existe un vehículo registrado con esa placa.', {
          license_plate: 'Ya existe un vehículo registrado con esa placa.',
        }),
      },
      { path: '/driver/profile?tab=vehiculos' },
    );
    expect(await screen.findByText(/Aún no registras vehículos/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Agregar vehículo' }));
    const form = screen.getByRole('form', { name: 'Agregar vehículo' });
    fireEvent.change(within(form).getByLabelText('Tipo'), { target: { value: 'auto' } });
    for (const [label, value] of [
      ['Marca', 'Kia'],
      ['Modelo', 'Rio'],
      ['Placa', 'ABC-123'],
      ['Color', 'Gris'],
    ] as const) {
      fireEvent.change(within(form).getByLabelText(label), { target: { value } });
    }
    fireEvent.click(within(form).getByRole('button', { name: 'Agregar vehículo' }));
    expect(await within(form).findByText('Ya existe un vehículo registrado con esa placa.')).toBeTruthy();
  });

  it('edits colour and status with "Editar"', async () => {
    let current = VEHICLE;
    const fetchMock = renderDriverScreen(
      <DriverProfilePage />,
      {
        'GET /driver/vehicles': () => ok([current]),
        'PUT /driver/vehicles/3': (init) => {
          current = { ...current, ...JSON.parse(String(init?.body)) };
          return ok(current, 'Vehículo actualizado correctamente.');
        },
      },
      { path: '/driver/profile?tab=vehiculos' },
    );
    const card = await screen.findByTestId('vehicle-3');
    fireEvent.click(within(card).getByRole('button', { name: 'Editar' }));
    fireEvent.change(within(card).getByLabelText('Color'), { target: { value: 'Negro' } });
    fireEvent.change(within(card).getByLabelText('Estado'), { target: { value: 'maintenance' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Vehículo actualizado correctamente.')).toBeTruthy();
    expect(sentBody(fetchMock, 'PUT', '/driver/vehicles/3')).toEqual({ color: 'Negro', vehicle_status: 'maintenance' });
    expect(await within(screen.getByTestId('vehicle-3')).findByText('Mantenimiento')).toBeTruthy();
  });
});

describe('tabs', () => {
  it('switches between Perfil and Vehículos', async () => {
    renderDriverScreen(<DriverProfilePage />, {
      'GET /driver/profile': ok(PROFILE),
      'GET /driver/vehicles': ok([VEHICLE]),
    });
    await screen.findByRole('heading', { name: 'Editar Perfil' });
    fireEvent.click(screen.getByRole('tab', { name: 'Vehículos' }));
    expect(await screen.findByRole('heading', { name: 'Tus vehículos' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Vehículos' }).getAttribute('aria-selected')).toBe('true');
  });

  it('keeps what was typed in Perfil while the driver looks at Vehículos', async () => {
    renderDriverScreen(<DriverProfilePage />, {
      'GET /driver/profile': ok(PROFILE),
      'GET /driver/vehicles': ok([VEHICLE]),
    });
    await screen.findByRole('heading', { name: 'Editar Perfil' });
    fireEvent.change(fieldByLabel('Radio de búsqueda (km)'), { target: { value: '12' } });
    fireEvent.click(screen.getByRole('tab', { name: 'Vehículos' }));
    await screen.findByRole('heading', { name: 'Tus vehículos' });
    fireEvent.click(screen.getByRole('tab', { name: 'Perfil' }));
    expect(fieldByLabel('Radio de búsqueda (km)').value).toBe('12');
  });
});
