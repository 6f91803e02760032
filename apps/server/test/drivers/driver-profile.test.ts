import { driverRegistrationMessage } from '@jala/contracts';
import { eq, schema } from '@jala/db';
import { expect } from 'vitest';

import { describeOnBackends } from '../support/backends';
import { api, registerUser } from '../support/http';
import { signUpDriver, uniqueLicense, uniquePlate, VALID_PROFILE } from './driver-test-kit';

// A fixed clock: Lima's 2026-03-10 (licence expiry and registration year depend on it).
const NOW = new Date('2026-03-10T15:00:00Z');
const NOT_A_DRIVER = 'Esta sección es solo para conductores. Regístrate como conductor para usarla.';

const DRIVER_ENDPOINTS: Array<[string, string, unknown?]> = [
  ['GET', '/driver/profile'],
  ['POST', '/driver/profile/update', VALID_PROFILE],
  ['GET', '/driver/vehicles'],
  [
    'POST',
    '/driver/vehicles/add',
    { vehicle_type: 'auto', brand: 'Kia', model: 'Rio', license_plate: 'ABC-999', color: 'Rojo' },
  ],
  ['PUT', '/driver/vehicles/1', { color: 'Azul' }],
  ['GET', '/driver/status'],
  ['POST', '/driver/status', { status: 'offline' }],
  ['GET', '/driver/stats'],
  ['GET', '/driver/earnings/summary'],
  ['GET', '/driver/earnings/records'],
];

function registrationBody(overrides: Record<string, unknown> = {}) {
  return {
    license_number: uniqueLicense(),
    license_expiry_date: '2029-05-01',
    vehicle_type: 'mototaxi',
    license_plate: uniquePlate('M'),
    brand: 'Bajaj',
    model: 'RE',
    color: 'Azul',
    ...overrides,
  };
}

describeOnBackends(
  'driver registration and profile on %s',
  ({ t, maybe }) => {
    maybe('answers 403 in Spanish to a passenger on every driver endpoint, and 401 without a session', async () => {
      const { token } = await registerUser(t.baseUrl);
      for (const [method, path, body] of DRIVER_ENDPOINTS) {
        const res = await api(t.baseUrl, method, path, { token, body });
        expect(res.status, `${method} ${path}`).toBe(403);
        expect(res.body).toMatchObject({ success: false, code: 'FORBIDDEN', message: NOT_A_DRIVER });
        expect((await api(t.baseUrl, method, path, { body })).status, `${method} ${path} anonymous`).toBe(401);
      }
      const rows = await t.app.database.db.select().from(schema.driverProfiles);
      expect(rows.filter((row) => row.licenseNumber === VALID_PROFILE.license_number)).toHaveLength(0);
    });

    maybe(
      'POST /driver/register makes a passenger a driver pending verification, with their first vehicle',
      async () => {
        const { token, user } = await registerUser(t.baseUrl);
        const body = registrationBody({
          license_plate: 'm1 2345'.replace('2345', String(Date.now() % 10000).padStart(4, '0')),
        });
        const res = await api<{ status: string; driver_id: number; vehicle_id: number }>(
          t.baseUrl,
          'POST',
          '/driver/register',
          { token, body },
        );
        expect(res.status).toBe(201);
        expect(res.body).toMatchObject({
          success: true,
          message: 'Registro enviado. Espera verificación.',
          data: { status: 'pending_verification', driver_id: user.id },
        });
        const session = await api<{ user_type: string; driver: { can_drive: boolean } }>(
          t.baseUrl,
          'GET',
          '/auth/profile',
          { token },
        );
        expect(session.body.data).toMatchObject({ user_type: 'both', driver: { can_drive: false } });
        const vehicles = await api<Array<{ id: number; license_plate: string; year: number; vehicle_type: string }>>(
          t.baseUrl,
          'GET',
          '/driver/vehicles',
          { token },
        );
        expect(vehicles.body.data).toEqual([
          expect.objectContaining({
            id: res.body.data.vehicle_id,
            license_plate: body.license_plate.toUpperCase().replace(' ', '-'),
            year: 2026,
            vehicle_type: 'mototaxi',
          }),
        ]);
        const profile = await api<{ license_number: string; verification_status: string }>(
          t.baseUrl,
          'GET',
          '/driver/profile',
          { token },
        );
        expect(profile.body.data).toMatchObject({
          license_number: body.license_number,
          verification_status: 'pending_verification',
        });
        const again = await api(t.baseUrl, 'POST', '/driver/register', { token, body: registrationBody() });
        expect(again.status).toBe(409);
        expect(again.body.message).toBe('Ya estás registrado como conductor.');
      },
    );

    maybe('shows "Conductor registrado correctamente." for any status other than pending', async () => {
      // New registrations are always pending (an operator verifies later), so the route can only produce the
      // first message today; the rule it applies is the shared contract function, pinned here for every status.
      expect(driverRegistrationMessage('verified')).toBe('Conductor registrado correctamente.');
      expect(driverRegistrationMessage('rejected')).toBe('Conductor registrado correctamente.');
      expect(driverRegistrationMessage('pending_verification')).toBe('Registro enviado. Espera verificación.');
    });

    maybe.each([
      ['license_number', { license_number: '' }, 'Este campo es obligatorio.'],
      ['license_expiry_date', { license_expiry_date: '2026-02-30' }, 'Fecha no válida.'],
      [
        'license_expiry_date',
        { license_expiry_date: '2026-03-09' },
        'La licencia está vencida. Ingresa la fecha de vencimiento de una licencia vigente.',
      ],
      ['license_plate', { license_plate: '' }, 'Requerido'],
      ['license_plate', { license_plate: 'A!' }, 'Placa no válida: usa de 5 a 10 letras, números o guiones.'],
      ['brand', { brand: '  ' }, 'Requerido'],
      ['vehicle_type', { vehicle_type: 'bus' }, undefined],
    ])(
      'POST /driver/register refuses a bad %s with a Spanish 400 and registers nothing',
      async (field, override, message) => {
        const { token } = await registerUser(t.baseUrl);
        const res = await api(t.baseUrl, 'POST', '/driver/register', { token, body: registrationBody(override) });
        expect(res.status).toBe(400);
        expect(res.body.code).toBe('VALIDATION');
        expect(res.body.fields?.[field]).toBeTruthy();
        if (message) expect(res.body.fields?.[field]).toBe(message);
        const session = await api<{ user_type: string }>(t.baseUrl, 'GET', '/auth/profile', { token });
        expect(session.body.data.user_type).toBe('passenger');
      },
    );

    maybe('refuses a plate or licence already registered by someone else (409) and changes nothing', async () => {
      const first = await registerUser(t.baseUrl);
      const body = registrationBody();
      expect((await api(t.baseUrl, 'POST', '/driver/register', { token: first.token, body })).status).toBe(201);
      const second = await registerUser(t.baseUrl);
      const samePlate = await api(t.baseUrl, 'POST', '/driver/register', {
        token: second.token,
        body: registrationBody({ license_plate: body.license_plate.toLowerCase() }),
      });
      expect(samePlate.status).toBe(409);
      expect(samePlate.body.fields?.license_plate).toBe('Ya existe un vehículo registrado con esa placa.');
      const sameLicense = await api(t.baseUrl, 'POST', '/driver/register', {
        token: second.token,
        body: registrationBody({ license_number: body.license_number.toLowerCase() }),
      });
      expect(sameLicense.status).toBe(409);
      expect(sameLicense.body.fields?.license_number).toBe('Esa licencia ya está registrada.');
      const [profile] = await t.app.database.db
        .select()
        .from(schema.driverProfiles)
        .where(eq(schema.driverProfiles.userId, second.user.id));
      expect(profile).toBeUndefined();
    });

    maybe('GET /driver/profile answers data null (not 404) before the profile exists', async () => {
      const driver = await signUpDriver(t.baseUrl);
      const res = await api(t.baseUrl, 'GET', '/driver/profile', { token: driver.token });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ success: true, data: null });
    });

    maybe.each([
      ['license_expiry_date', 'Fecha requerida.'],
      ['emergency_contact_name', 'Ingresa un nombre.'],
      ['emergency_contact_phone', 'Número requerido.'],
      ['search_radius_km', 'Debes especificar el radio.'],
    ])('refuses a missing or empty %s with the spec message', async (field, message) => {
      const driver = await signUpDriver(t.baseUrl);
      const missing: Record<string, unknown> = { ...VALID_PROFILE, license_number: uniqueLicense() };
      delete missing[field];
      const res = await api(t.baseUrl, 'POST', '/driver/profile/update', { token: driver.token, body: missing });
      expect(res.status).toBe(400);
      expect(res.body.fields?.[field]).toBe(message);
      if (field !== 'search_radius_km') {
        const empty = await api(t.baseUrl, 'POST', '/driver/profile/update', {
          token: driver.token,
          body: { ...missing, [field]: '   ' },
        });
        expect(empty.status).toBe(400);
        expect(empty.body.fields?.[field]).toBe(message);
      }
      expect((await api(t.baseUrl, 'GET', '/driver/profile', { token: driver.token })).body.data).toBeNull();
    });

    maybe('requires the licence number ("Este campo es obligatorio.") when the profile is created', async () => {
      const driver = await signUpDriver(t.baseUrl);
      const { license_number: _omit, ...withoutLicense } = VALID_PROFILE;
      const res = await api(t.baseUrl, 'POST', '/driver/profile/update', { token: driver.token, body: withoutLicense });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        message: 'Este campo es obligatorio.',
        fields: { license_number: 'Este campo es obligatorio.' },
      });
      expect((await api(t.baseUrl, 'GET', '/driver/profile', { token: driver.token })).body.data).toBeNull();
    });

    maybe.each([
      [
        'emergency_contact_phone',
        { emergency_contact_phone: '812345678' },
        'Ingresa un celular peruano de 9 dígitos que empiece con 9.',
      ],
      [
        'emergency_contact_phone',
        { emergency_contact_phone: '98765432' },
        'Ingresa un celular peruano de 9 dígitos que empiece con 9.',
      ],
      ['search_radius_km', { search_radius_km: 0.5 }, 'El radio mínimo es 1 km.'],
      ['search_radius_km', { search_radius_km: 101 }, 'El radio máximo es 100 km.'],
      ['search_radius_km', { search_radius_km: '5' }, 'Debes especificar el radio.'],
      ['license_expiry_date', { license_expiry_date: '2026-02-30' }, 'Fecha no válida.'],
      ['license_expiry_date', { license_expiry_date: '30/06/2030' }, 'Fecha no válida.'],
      [
        'license_expiry_date',
        { license_expiry_date: '2026-03-09' },
        'La licencia está vencida. Ingresa la fecha de vencimiento de una licencia vigente.',
      ],
      [
        'license_expiry_date',
        { license_expiry_date: '2205-01-01' },
        'La fecha de vencimiento no puede ser posterior al año 2046.',
      ],
      [
        'license_number',
        { license_number: 'Q-1' },
        'Número de licencia no válido: usa de 5 a 20 letras, números o guiones.',
      ],
    ])('refuses an invalid %s with a Spanish message and creates nothing', async (field, override, message) => {
      const driver = await signUpDriver(t.baseUrl);
      const res = await api(t.baseUrl, 'POST', '/driver/profile/update', {
        token: driver.token,
        body: { ...VALID_PROFILE, license_number: uniqueLicense(), ...override },
      });
      expect(res.status).toBe(400);
      expect(res.body.fields?.[field]).toBe(message);
      expect((await api(t.baseUrl, 'GET', '/driver/profile', { token: driver.token })).body.data).toBeNull();
    });

    maybe('creates the profile, then updates the four fields without the licence number', async () => {
      const driver = await signUpDriver(t.baseUrl);
      const license = uniqueLicense().toLowerCase();
      const created = await api(t.baseUrl, 'POST', '/driver/profile/update', {
        token: driver.token,
        body: { ...VALID_PROFILE, license_number: license, search_radius_km: 7.25 },
      });
      expect(created.status).toBe(201);
      expect(created.body.data).toEqual({
        license_number: license.toUpperCase(),
        license_expiry_date: '2030-06-30',
        emergency_contact_name: 'Rosa Vargas',
        emergency_contact_phone: '912345678',
        search_radius_km: 7.3,
        verification_status: 'pending_verification',
      });
      const update = {
        license_expiry_date: '2031-01-15',
        emergency_contact_name: 'Luis Vargas',
        emergency_contact_phone: '998877665',
        search_radius_km: 12,
      };
      const updated = await api(t.baseUrl, 'POST', '/driver/profile/update', { token: driver.token, body: update });
      expect(updated.status).toBe(200);
      expect(updated.body.message).toBe('Perfil actualizado correctamente.');
      expect(updated.body.data).toMatchObject({ ...update, license_number: license.toUpperCase() });
      const read = await api(t.baseUrl, 'GET', '/driver/profile', { token: driver.token });
      expect(read.body.data).toEqual(updated.body.data);
      // Sending the same licence is harmless; a different one is refused and nothing changes.
      const same = await api(t.baseUrl, 'POST', '/driver/profile/update', {
        token: driver.token,
        body: { ...update, license_number: license },
      });
      expect(same.status).toBe(200);
      const changed = await api(t.baseUrl, 'POST', '/driver/profile/update', {
        token: driver.token,
        body: { ...update, emergency_contact_name: 'Otro', license_number: 'Z99999999' },
      });
      expect(changed.status).toBe(400);
      expect(changed.body.fields?.license_number).toBe(
        'El número de licencia no se puede cambiar. Escribe a soporte si necesitas corregirlo.',
      );
      expect((await api(t.baseUrl, 'GET', '/driver/profile', { token: driver.token })).body.data).toEqual(
        updated.body.data,
      );
    });

    maybe('refuses a licence another driver already registered', async () => {
      const first = await signUpDriver(t.baseUrl);
      const license = uniqueLicense();
      expect(
        (
          await api(t.baseUrl, 'POST', '/driver/profile/update', {
            token: first.token,
            body: { ...VALID_PROFILE, license_number: license },
          })
        ).status,
      ).toBe(201);
      const second = await signUpDriver(t.baseUrl);
      const res = await api(t.baseUrl, 'POST', '/driver/profile/update', {
        token: second.token,
        body: { ...VALID_PROFILE, license_number: license.toLowerCase() },
      });
      expect(res.status).toBe(409);
      expect(res.body.fields?.license_number).toBe('Esa licencia ya está registrada.');
    });

    maybe('documents every driver and admin endpoint in the OpenAPI description', async () => {
      const res = await fetch(`${t.baseUrl}/docs/json`);
      expect(res.status).toBe(200);
      const paths = Object.keys(((await res.json()) as { paths: Record<string, unknown> }).paths);
      for (const path of [
        '/driver/register',
        '/driver/profile',
        '/driver/profile/update',
        '/driver/vehicles',
        '/driver/vehicles/add',
        '/driver/vehicles/{id}',
        '/driver/status',
        '/driver/stats',
        '/driver/earnings/summary',
        '/driver/earnings/records',
        '/admin/drivers',
        '/admin/drivers/{id}/verify',
      ]) {
        expect(paths).toContain(`/api${path}`);
      }
    });

    maybe('never answers 500 to malformed bodies', async () => {
      const driver = await signUpDriver(t.baseUrl);
      for (const rawBody of ['{"license_number":', '[]', 'null', '"texto"']) {
        const res = await api(t.baseUrl, 'POST', '/driver/profile/update', { token: driver.token, rawBody });
        expect(res.status, rawBody).toBe(400);
        expect(res.body.success).toBe(false);
      }
    });
  },
  { start: () => ({ app: { now: () => NOW } }) },
);
