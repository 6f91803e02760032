import { eq, schema } from '@jala/db';
import { expect } from 'vitest';

import { describeOnBackends } from '../support/backends';
import { api, registerUser } from '../support/http';
import { registerPassenger } from './passenger-fixtures';

interface Profile {
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  emergency_contact_name: string | null;
  emergency_contact_phone: string | null;
}

const validUpdate = {
  first_name: 'Rosa',
  last_name: 'Quispe',
  email: 'rosa.quispe@correo.pe',
  phone: '912 345 678',
  emergency_contact_name: 'Juan Quispe',
  emergency_contact_phone: '998-877-665',
};

describeOnBackends('passenger profile API on %s', ({ t, maybe }) => {
  maybe('reads the six profile fields of the session passenger', async () => {
    const { token, email } = await registerPassenger(t, {
      first_name: 'Lucía',
      last_name: 'Mendoza',
      phone: '987111222',
    });
    const res = await api<Profile>(t.baseUrl, 'GET', '/passenger/profile', { token });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      first_name: 'Lucía',
      last_name: 'Mendoza',
      email,
      phone: '987111222',
      emergency_contact_name: null,
      emergency_contact_phone: null,
    });
  });

  maybe('updates the profile and emergency contact, normalising e-mail and phones', async () => {
    const { token } = await registerPassenger(t);
    const email = `Rosa.${Date.now()}@Correo.pe`;
    const res = await api<Profile>(t.baseUrl, 'POST', '/passenger/profile/update', {
      token,
      body: { ...validUpdate, email },
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Perfil actualizado');
    expect(res.body.data).toEqual({
      first_name: 'Rosa',
      last_name: 'Quispe',
      email: email.toLowerCase(),
      phone: '912345678',
      emergency_contact_name: 'Juan Quispe',
      emergency_contact_phone: '998877665',
    });
    const read = await api<Profile>(t.baseUrl, 'GET', '/passenger/profile', { token });
    expect(read.body.data).toEqual(res.body.data);
    // The session user (PUT /auth/profile's source) sees the same change.
    const session = await api<{ name: string }>(t.baseUrl, 'GET', '/auth/profile', { token });
    expect(session.body.data.name).toBe('Rosa Quispe');
  });

  maybe('keeps the emergency contact when its fields are absent and clears it with empty strings', async () => {
    const { token } = await registerPassenger(t);
    const email = `keep${Date.now()}@correo.pe`;
    await api(t.baseUrl, 'POST', '/passenger/profile/update', { token, body: { ...validUpdate, email } });
    const { emergency_contact_name: _n, emergency_contact_phone: _p, ...withoutContact } = validUpdate;
    const kept = await api<Profile>(t.baseUrl, 'POST', '/passenger/profile/update', {
      token,
      body: { ...withoutContact, email, first_name: 'Rosita' },
    });
    expect(kept.status).toBe(200);
    expect(kept.body.data).toMatchObject({
      first_name: 'Rosita',
      emergency_contact_name: 'Juan Quispe',
      emergency_contact_phone: '998877665',
    });
    const cleared = await api<Profile>(t.baseUrl, 'POST', '/passenger/profile/update', {
      token,
      body: { ...validUpdate, email, emergency_contact_name: '', emergency_contact_phone: '' },
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body.data).toMatchObject({ emergency_contact_name: null, emergency_contact_phone: null });
  });

  maybe.each([
    ['email', { email: 'sin-arroba.pe' }, 'Ingresa un correo electrónico válido.'],
    ['email', { email: 'con espacio@correo.pe' }, 'Ingresa un correo electrónico válido.'],
    ['phone', { phone: '812345678' }, 'Ingresa un celular peruano de 9 dígitos que empiece con 9.'],
    ['phone', { phone: '' }, 'Ingresa un celular peruano de 9 dígitos que empiece con 9.'],
    [
      'emergency_contact_phone',
      { emergency_contact_phone: '12345' },
      'Ingresa un celular peruano de 9 dígitos que empiece con 9.',
    ],
    ['emergency_contact_phone', { emergency_contact_phone: '' }, 'Ingresa el teléfono del contacto de emergencia.'],
    ['emergency_contact_name', { emergency_contact_name: null }, 'Ingresa el nombre del contacto de emergencia.'],
    ['first_name', { first_name: '   ' }, 'El nombre es obligatorio.'],
    ['last_name', { last_name: undefined }, 'El apellido es obligatorio.'],
  ])('refuses a bad %s with a Spanish 400 and changes nothing', async (field, override, message) => {
    const { token } = await registerPassenger(t, { first_name: 'Original' });
    const before = await api<Profile>(t.baseUrl, 'GET', '/passenger/profile', { token });
    const res = await api(t.baseUrl, 'POST', '/passenger/profile/update', {
      token,
      body: { ...validUpdate, email: `x${Date.now()}${Math.random()}@correo.pe`.replace('0.', ''), ...override },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, code: 'VALIDATION' });
    expect(res.body.fields?.[field]).toBe(message);
    const after = await api<Profile>(t.baseUrl, 'GET', '/passenger/profile', { token });
    expect(after.body.data).toEqual(before.body.data);
  });

  maybe('refuses an e-mail another account uses (any case) with 409, and accepts its own', async () => {
    const other = await registerUser(t.baseUrl, { email: `ocupado${Date.now()}@correo.pe` });
    const { token, email } = await registerPassenger(t);
    const taken = await api(t.baseUrl, 'POST', '/passenger/profile/update', {
      token,
      body: { ...validUpdate, email: other.user.email.toUpperCase() },
    });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ code: 'EMAIL_TAKEN', message: 'Ya existe una cuenta con ese correo.' });
    const same = await api(t.baseUrl, 'POST', '/passenger/profile/update', { token, body: { ...validUpdate, email } });
    expect(same.status).toBe(200);
  });

  maybe('needs a session (401) and a passenger account (403 in Spanish)', async () => {
    const anonymous = await api(t.baseUrl, 'GET', '/passenger/profile');
    expect(anonymous.status).toBe(401);
    const driver = await registerUser(t.baseUrl, { user_type: 'driver' });
    for (const [method, path, body] of [
      ['GET', '/passenger/profile', undefined],
      ['POST', '/passenger/profile/update', validUpdate],
      ['GET', '/passenger/stats', undefined],
      ['GET', '/passenger/saved-locations', undefined],
      ['GET', '/passenger/trip-history', undefined],
    ] as const) {
      const res = await api(t.baseUrl, method, path, { token: driver.token, body });
      expect(res.status, path).toBe(403);
      expect(res.body.message).toBe('Esta sección es solo para pasajeros.');
    }
    const [row] = await t.app.database.db.select().from(schema.users).where(eq(schema.users.id, driver.user.id));
    expect(row?.firstName).toBe('Ana');
    const both = await registerUser(t.baseUrl, { user_type: 'both' });
    expect((await api(t.baseUrl, 'GET', '/passenger/profile', { token: both.token })).status).toBe(200);
  });

  maybe('answers malformed JSON with a Spanish 400', async () => {
    const { token } = await registerPassenger(t);
    const res = await fetch(`${t.baseUrl}/passenger/profile/update`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{"first_name":',
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe('El cuerpo de la solicitud no es JSON válido.');
  });
});
