import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';

import { describeOnBackends } from './support/backends';
import { api, registerUser, statusesInTurn } from './support/http';
import { useTestApp } from './support/use-test-app';

describeOnBackends('auth API on %s', ({ t, maybe }) => {
  maybe('registers a passenger and returns user and token', async () => {
    const res = await api<{
      user: { email: string; user_type: string; phone: string; roles: string[] };
      token: string;
    }>(t.baseUrl, 'POST', '/auth/register', {
      body: {
        first_name: 'María',
        last_name: 'Flores',
        email: 'Maria.Flores@Correo.pe',
        phone: '987 654 321',
        password: 'clave-segura',
        user_type: 'passenger',
        accept_terms: true,
      },
    });
    expect(res.status).toBe(201);
    expect(res.body.success).toBe(true);
    expect(res.body.data.user).toMatchObject({
      email: 'maria.flores@correo.pe',
      user_type: 'passenger',
      phone: '987654321',
      roles: ['passenger'],
    });
    expect(res.body.data.token.split('.')).toHaveLength(3);
  });

  maybe('refuses a duplicate e-mail, whatever its case', async () => {
    await registerUser(t.baseUrl, { email: 'repetido@correo.pe' });
    const res = await api(t.baseUrl, 'POST', '/auth/register', {
      body: {
        first_name: 'X',
        last_name: 'Y',
        email: 'REPETIDO@correo.pe',
        phone: '912345678',
        password: 'otraclave1',
        accept_terms: true,
      },
    });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      success: false,
      message: 'Ya existe una cuenta con ese correo.',
      code: 'EMAIL_TAKEN',
    });
  });

  maybe.each([
    ['email', { email: 'sin-arroba.pe' }, 'Ingresa un correo electrónico válido.'],
    ['email', { email: 'con espacio@correo.pe' }, 'Ingresa un correo electrónico válido.'],
    ['phone', { phone: '812345678' }, 'Ingresa un celular peruano de 9 dígitos que empiece con 9.'],
    ['phone', { phone: '98765432' }, 'Ingresa un celular peruano de 9 dígitos que empiece con 9.'],
    ['password', { password: 'corta' }, 'La contraseña debe tener al menos 8 caracteres.'],
    ['user_type', { user_type: 'admin' }, undefined],
  ])('refuses a bad %s with a Spanish 400 and creates nothing', async (field, override, message) => {
    const email = `valido${Math.random().toString(36).slice(2)}@correo.pe`;
    const res = await api(t.baseUrl, 'POST', '/auth/register', {
      body: {
        first_name: 'Ana',
        last_name: 'Paz',
        email,
        phone: '987654321',
        password: 'secreto123',
        accept_terms: true,
        ...override,
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION');
    expect(res.body.fields?.[field]).toBeTruthy();
    if (message) expect(res.body.fields?.[field]).toBe(message);
    if (field !== 'email') {
      const login = await api(t.baseUrl, 'POST', '/auth/login', { body: { email, password: 'secreto123' } });
      expect(login.status).toBe(401);
    }
  });

  maybe('logs in with the right password and refuses a wrong one', async () => {
    const user = await registerUser(t.baseUrl, { email: 'login@correo.pe' });
    const good = await api<{ token: string; user: { id: number } }>(t.baseUrl, 'POST', '/auth/login', {
      body: { email: 'LOGIN@correo.pe', password: user.password },
    });
    expect(good.status).toBe(200);
    expect(good.body.data.user.id).toBe(user.user.id);
    const bad = await api(t.baseUrl, 'POST', '/auth/login', {
      body: { email: 'login@correo.pe', password: 'incorrecta' },
    });
    expect(bad.status).toBe(401);
    expect(bad.body.message).toBe('Correo o contraseña incorrectos.');
    const unknown = await api(t.baseUrl, 'POST', '/auth/login', {
      body: { email: 'nadie@correo.pe', password: 'incorrecta' },
    });
    expect(unknown.status).toBe(401);
    expect(unknown.body.message).toBe(bad.body.message);
  });

  maybe('reads and updates the profile, validating what it changes', async () => {
    const { token } = await registerUser(t.baseUrl);
    const read = await api<{ first_name: string }>(t.baseUrl, 'GET', '/auth/profile', { token });
    expect(read.status).toBe(200);
    expect(read.body.data.first_name).toBe('Ana');
    const updated = await api<{ first_name: string; name: string; phone: string }>(t.baseUrl, 'PUT', '/auth/profile', {
      token,
      body: { first_name: 'Anita', phone: '+ 999-888-777' },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ first_name: 'Anita', name: 'Anita Torres', phone: '999888777' });
    const badPhone = await api(t.baseUrl, 'PUT', '/auth/profile', { token, body: { phone: '123' } });
    expect(badPhone.status).toBe(400);
    const after = await api<{ phone: string }>(t.baseUrl, 'GET', '/auth/profile', { token });
    expect(after.body.data.phone).toBe('999888777');
  });

  maybe("cannot take another account's e-mail through a profile update", async () => {
    const other = await registerUser(t.baseUrl);
    const { token } = await registerUser(t.baseUrl);
    const res = await api(t.baseUrl, 'PUT', '/auth/profile', { token, body: { email: other.user.email } });
    expect(res.status).toBe(409);
  });

  maybe('logout revokes that session only', async () => {
    const user = await registerUser(t.baseUrl);
    const second = await api<{ token: string }>(t.baseUrl, 'POST', '/auth/login', {
      body: { email: user.user.email, password: user.password },
    });
    const out = await api(t.baseUrl, 'POST', '/auth/logout', { token: user.token, body: {} });
    expect(out.status).toBe(200);
    expect((await api(t.baseUrl, 'GET', '/auth/profile', { token: user.token })).status).toBe(401);
    expect((await api(t.baseUrl, 'GET', '/auth/profile', { token: second.body.data.token })).status).toBe(200);
  });

  maybe('answers 401 to a missing, forged or expired token', async () => {
    const { token, user } = await registerUser(t.baseUrl);
    expect((await api(t.baseUrl, 'GET', '/auth/profile')).status).toBe(401);
    const [header, payload] = token.split('.');
    const tampered = `${header}.${payload}.${'A'.repeat(43)}`;
    expect((await api(t.baseUrl, 'GET', '/auth/profile', { token: tampered })).status).toBe(401);
    const forged = await new SignJWT({ sid: 'x' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(user.id))
      .setIssuer('jala')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('a-secret-the-server-does-not-know-000'));
    expect((await api(t.baseUrl, 'GET', '/auth/profile', { token: forged })).status).toBe(401);
    const { tokenSecret } = t.app.config;
    const sessionId = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()).sid as string;
    const expired = await new SignJWT({ sid: sessionId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(user.id))
      .setIssuer('jala')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(new TextEncoder().encode(tokenSecret));
    const res = await api(t.baseUrl, 'GET', '/auth/profile', { token: expired });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
  });

  maybe('registers a passenger as a driver pending verification', async () => {
    const { token } = await registerUser(t.baseUrl);
    const body = {
      license_number: 'q55555555',
      license_expiry_date: '2029-05-01',
      vehicle_type: 'mototaxi',
      license_plate: `MT-${Date.now() % 100000}`,
      brand: 'Bajaj',
      model: 'RE',
      color: 'Azul',
    };
    const res = await api<{ status: string }>(t.baseUrl, 'POST', '/auth/register-driver', { token, body });
    expect(res.status).toBe(201);
    expect(res.body.data.status).toBe('pending_verification');
    expect(res.body.message).toBe('Registro enviado. Espera verificación.');
    const profile = await api<{ user_type: string; driver: { can_drive: boolean } }>(
      t.baseUrl,
      'GET',
      '/auth/profile',
      { token },
    );
    expect(profile.body.data).toMatchObject({ user_type: 'both', driver: { can_drive: false } });
    const again = await api(t.baseUrl, 'POST', '/auth/register-driver', { token, body });
    expect(again.status).toBe(409);
  });

  maybe('answers malformed JSON and unknown API paths with Spanish envelopes, never 500', async () => {
    const bad = await api(t.baseUrl, 'POST', '/auth/login', { rawBody: '{"email":' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('El cuerpo de la solicitud no es JSON válido.');
    const missing = await api(t.baseUrl, 'GET', '/no-existe');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ success: false, data: null, code: 'ROUTE_NOT_FOUND' });
  });

  maybe('reports no active trip as a state (200, data null), not an error the browser would log', async () => {
    const { token } = await registerUser(t.baseUrl, { user_type: 'both' });
    for (const path of ['/trips/active', '/driver/trips/current']) {
      const res = await api(t.baseUrl, 'GET', path, { token });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ success: true, data: null, message: 'No hay viaje activo' });
    }
  });
});

describe('auth rate limit', () => {
  const t = useTestApp('pglite', () => ({ config: { authRateLimitPerMinute: 3 } }));

  it('answers 429 in Spanish after too many login attempts', async () => {
    const statuses = await statusesInTurn(5, () =>
      api(t.baseUrl, 'POST', '/auth/login', { body: { email: 'x@y.pe', password: 'incorrecta' } }),
    );
    expect(statuses.slice(0, 3)).toEqual([401, 401, 401]);
    const limited = await api(t.baseUrl, 'POST', '/auth/login', { body: { email: 'x@y.pe', password: 'incorrecta' } });
    expect(limited.status).toBe(429);
    expect(limited.body.message).toMatch(
      /^Demasiados intentos seguidos\. Inténtalo de nuevo (en unos segundos|en 1 minuto)\.$/,
    );
  });
});
