import { SAVED_PLACES_MAX } from '@jala/contracts';
import { schema } from '@jala/db';
import { expect } from 'vitest';

import { describeOnBackends } from '../support/backends';
import { api } from '../support/http';
import { registerPassenger } from './passenger-fixtures';

interface Place {
  id: number;
  name: string;
  address: string;
  latitude: number;
  longitude: number;
}

const casa = { name: 'Casa', address: 'Av. Larco 1150, Miraflores', latitude: -12.1301, longitude: -77.0289 };

describeOnBackends('saved locations API on %s', ({ t, maybe }) => {
  const list = (token: string) => api<Place[]>(t.baseUrl, 'GET', '/passenger/saved-locations', { token });

  maybe('starts empty, adds places with numeric coordinates and lists them in order', async () => {
    const { token } = await registerPassenger(t);
    expect((await list(token)).body.data).toEqual([]);
    const added = await api<Place>(t.baseUrl, 'POST', '/passenger/saved-locations', {
      token,
      body: { ...casa, name: '  Casa  ' },
    });
    expect(added.status).toBe(201);
    expect(added.body.message).toBe('Ubicación guardada');
    expect(added.body.data).toEqual({ id: expect.any(Number), ...casa });
    const work = await api<Place>(t.baseUrl, 'POST', '/passenger/saved-locations', {
      token,
      body: {
        name: 'Trabajo',
        address: 'Jr. de la Unión 300, Cercado de Lima',
        latitude: -12.0464123456,
        longitude: -77.0301,
      },
    });
    expect(work.body.data.latitude).toBe(-12.046412); // numeric(9,6)
    const listed = await list(token);
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((p) => p.name)).toEqual(['Casa', 'Trabajo']);
    expect(typeof listed.body.data[0]?.latitude).toBe('number');
  });

  maybe.each([
    ['name', { name: '' }, 'El nombre es obligatorio.'],
    ['address', { address: '   ' }, 'La dirección es obligatoria.'],
    ['address', { address: undefined }, 'La dirección es obligatoria.'],
    ['latitude', { latitude: 91 }, 'La latitud debe estar entre -90 y 90.'],
    ['latitude', { latitude: '-12.13' }, 'La latitud debe ser un número.'],
    ['longitude', { longitude: -180.5 }, 'La longitud debe estar entre -180 y 180.'],
    ['longitude', { longitude: null }, 'La longitud debe ser un número.'],
    ['latitude', { latitude: 40.4168, longitude: -3.7038 }, 'La ubicación debe estar dentro del Perú.'],
    ['name', { name: 'x'.repeat(61) }, 'El nombre es demasiado largo.'],
  ])('refuses a bad %s with a Spanish 400 and saves nothing', async (field, override, message) => {
    const { token } = await registerPassenger(t);
    const res = await api(t.baseUrl, 'POST', '/passenger/saved-locations', { token, body: { ...casa, ...override } });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION');
    expect(res.body.fields?.[field]).toBe(message);
    expect((await list(token)).body.data).toEqual([]);
  });

  maybe("deletes its own place; another passenger's place or an unknown id is a 404 that deletes nothing", async () => {
    const owner = await registerPassenger(t);
    const stranger = await registerPassenger(t);
    const place = (
      await api<Place>(t.baseUrl, 'POST', '/passenger/saved-locations', { token: owner.token, body: casa })
    ).body.data;

    const foreign = await api(t.baseUrl, 'DELETE', `/passenger/saved-locations/${place.id}`, { token: stranger.token });
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe('Ubicación no encontrada.');
    expect((await list(stranger.token)).body.data).toEqual([]);
    expect((await list(owner.token)).body.data).toHaveLength(1);

    const removed = await api<{ id: number }>(t.baseUrl, 'DELETE', `/passenger/saved-locations/${place.id}`, {
      token: owner.token,
    });
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ success: true, data: { id: place.id }, message: 'Ubicación eliminada' });
    expect((await list(owner.token)).body.data).toEqual([]);
    expect(
      (await api(t.baseUrl, 'DELETE', `/passenger/saved-locations/${place.id}`, { token: owner.token })).status,
    ).toBe(404);
  });

  maybe.each(['abc', '0', '-3', '1.5', '99999999999'])('refuses the id %s with a Spanish 400', async (id) => {
    const { token } = await registerPassenger(t);
    const res = await api(t.baseUrl, 'DELETE', `/passenger/saved-locations/${id}`, { token });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Identificador no válido.');
  });

  maybe(`refuses more than ${SAVED_PLACES_MAX} places with a Spanish 409`, async () => {
    const { token, id } = await registerPassenger(t);
    await t.app.database.db.insert(schema.savedLocations).values(
      Array.from({ length: SAVED_PLACES_MAX }, (_, i) => ({
        userId: id,
        name: `Lugar ${i}`,
        address: 'Lima',
        latitude: '-12.05',
        longitude: '-77.04',
      })),
    );
    const res = await api(t.baseUrl, 'POST', '/passenger/saved-locations', { token, body: casa });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/^Puedes guardar hasta 50 ubicaciones/);
    expect((await list(token)).body.data).toHaveLength(SAVED_PLACES_MAX);
  });
});
