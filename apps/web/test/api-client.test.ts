import * as endpoints from '@jala/contracts/endpoints';
import { makeCreatedTrip } from '@jala/test-factories';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import {
  api,
  ApiError,
  apiRequest,
  requireData,
  resetApiClient,
  setUnauthorizedHandler,
} from '../src/lib/api/api-client';
import { jsonResponse, stubFetch } from './support';

describe('api client response handling (spec §7)', () => {
  beforeEach(() => {
    resetApiClient();
    localStorage.clear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  async function caught(promise: Promise<unknown>): Promise<ApiError> {
    try {
      await promise;
    } catch (error) {
      expect(error).toBeInstanceOf(ApiError);
      return error as ApiError;
    }
    throw new Error('expected the call to fail');
  }

  it('returns the envelope of an OK JSON response', async () => {
    stubFetch({ 'GET /things': jsonResponse(200, { success: true, data: { id: 1 }, message: 'ok' }) });
    await expect(apiRequest('/things')).resolves.toEqual({ success: true, data: { id: 1 }, message: 'ok' });
  });

  it('sends JSON with the bearer token when one is stored, and none without', async () => {
    const fetchMock = stubFetch({ 'POST /things': jsonResponse(200, { success: true, data: null, message: '' }) });
    await apiRequest('/things', { method: 'POST', body: { a: 1 } });
    localStorage.setItem('jala_token', 'abc');
    await apiRequest('/things', { method: 'POST', body: { a: 2 } });

    const [firstUrl, first] = fetchMock.mock.calls[0] ?? [];
    const [, second] = fetchMock.mock.calls[1] ?? [];
    expect(firstUrl).toBe('/api/things');
    expect(first?.headers).toMatchObject({ 'Content-Type': 'application/json' });
    expect(first?.headers).not.toHaveProperty('Authorization');
    expect(first?.body).toBe('{"a":1}');
    expect(second?.headers).toMatchObject({ Authorization: 'Bearer abc' });
  });

  it('a non-JSON response is "Invalid response format", shown in Spanish', async () => {
    stubFetch({
      'GET /page': new Response('<html>hola</html>', { status: 200, headers: { 'Content-Type': 'text/html' } }),
    });
    const error = await caught(apiRequest('/page'));
    expect(error.code).toBe('Invalid response format');
    expect(error.message).toBe('Respuesta inválida del servidor');
  });

  it('a JSON content type with a broken body is also an invalid format', async () => {
    stubFetch({
      'GET /broken': new Response('{"success":', { status: 200, headers: { 'Content-Type': 'application/json' } }),
    });
    const error = await caught(apiRequest('/broken'));
    expect(error.code).toBe('Invalid response format');
  });

  it('a non-OK response carries the server message, code, status and fields', async () => {
    stubFetch({
      'POST /auth/register': jsonResponse(400, {
        success: false,
        data: null,
        message: 'Datos inválidos',
        code: 'VALIDATION_ERROR',
        fields: { phone: 'Ingresa un celular peruano de 9 dígitos que empiece con 9.' },
      }),
    });
    const error = await caught(apiRequest('/auth/register', { method: 'POST', body: {} }));
    expect(error.message).toBe('Datos inválidos');
    expect(error.status).toBe(400);
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.fields).toEqual({ phone: 'Ingresa un celular peruano de 9 dígitos que empiece con 9.' });
  });

  it('a non-OK response without a message is "API error", shown as "Error del servidor"', async () => {
    stubFetch({ 'GET /boom': jsonResponse(500, { success: false, data: null }) });
    const error = await caught(apiRequest('/boom'));
    expect(error.code).toBe('API error');
    expect(error.message).toBe('Error del servidor');
    expect(error.status).toBe(500);
  });

  it("a 404 'No hay viaje activo' is not an error: unsuccessful result with null data", async () => {
    stubFetch({
      'GET /trips/active': jsonResponse(404, {
        success: false,
        data: null,
        message: 'No hay viaje activo',
        code: 'NO_ACTIVE_TRIP',
      }),
    });
    await expect(apiRequest('/trips/active')).resolves.toEqual({
      success: false,
      data: null,
      message: 'No hay viaje activo',
    });
  });

  it("'no active trip' is recognised by the server's NO_ACTIVE_TRIP code, not by its text", async () => {
    stubFetch({
      'GET /trips/active': jsonResponse(404, {
        success: false,
        data: null,
        message: 'Sin viaje en curso',
        code: 'NO_ACTIVE_TRIP',
      }),
      'GET /trips/8': jsonResponse(404, {
        success: false,
        data: null,
        message: 'No hay viaje activo',
        code: 'TRIP_NOT_FOUND',
      }),
    });
    await expect(apiRequest('/trips/active')).resolves.toEqual({
      success: false,
      data: null,
      message: 'Sin viaje en curso',
    });
    await expect(apiRequest('/trips/8')).rejects.toMatchObject({
      status: 404,
      code: 'TRIP_NOT_FOUND',
      message: 'No hay viaje activo',
    });
  });

  it('any other 404 is an error', async () => {
    stubFetch({
      'GET /trips/9': jsonResponse(404, {
        success: false,
        data: null,
        message: 'Viaje no encontrado',
        code: 'NOT_FOUND',
      }),
    });
    const error = await caught(apiRequest('/trips/9'));
    expect(error.status).toBe(404);
    expect(error.message).toBe('Viaje no encontrado');
  });

  it('a network failure is "Network error", shown in Spanish', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const error = await caught(apiRequest('/anything'));
    expect(error.code).toBe('Network error');
    expect(error.message).toBe('Error de red. Revisa tu conexión.');
    expect(error.status).toBe(0);
  });

  it('a 401 runs the unauthorized handler (logout) and still rejects', async () => {
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    stubFetch({
      'GET /auth/profile': jsonResponse(401, {
        success: false,
        data: null,
        message: 'Sesión expirada',
        code: 'UNAUTHORIZED',
      }),
    });
    const error = await caught(apiRequest('/auth/profile'));
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(error.status).toBe(401);
    expect(error.message).toBe('Sesión expirada');
  });

  it('a 401 on a call that opts out (login) does not log out', async () => {
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    stubFetch({
      'POST /auth/login': jsonResponse(401, {
        success: false,
        data: null,
        message: 'Correo o contraseña incorrectos.',
        code: 'INVALID_CREDENTIALS',
      }),
    });
    const error = await caught(apiRequest('/auth/login', { method: 'POST', body: {}, onUnauthorized: 'ignore' }));
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(error.message).toBe('Correo o contraseña incorrectos.');
  });

  it('requireData: success false counts as failure with the server message or the fallback', () => {
    expect(requireData({ success: true, data: 5, message: '' }, 'x')).toBe(5);
    expect(() => requireData({ success: false, data: null, message: 'No hay viaje activo' }, 'x')).toThrow(
      'No hay viaje activo',
    );
    expect(() => requireData({ success: false, data: null, message: '' }, 'Error al obtener perfil')).toThrow(
      'Error al obtener perfil',
    );
  });

  it('api(): builds the path from the endpoint (parameters encoded, unset query values left out) and sends {} for a bodiless POST', async () => {
    const fetchMock = stubFetch({
      'GET /share/a%20b': jsonResponse(404, {
        success: false,
        data: null,
        message: 'Este enlace ya no está disponible.',
        code: 'SHARE_LINK_NOT_FOUND',
      }),
      'GET /trips/7/chat/5/messages': jsonResponse(200, {
        success: true,
        data: { messages: [], next_before: null },
        message: '',
      }),
      'POST /trips/7/publish': jsonResponse(200, {
        success: true,
        data: makeCreatedTrip(),
        message: 'Viaje publicado',
      }),
    });
    await caught(api(endpoints.sharedTrip, { params: { token: 'a b' } }));
    await api(endpoints.chatMessages, { params: { id: 7, driverId: 5 }, query: { before: 40, limit: undefined } });
    await expect(api(endpoints.publishTrip, { params: { id: 7 } })).resolves.toMatchObject({
      success: true,
      data: { id: 7 },
    });

    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual([
      '/api/share/a%20b',
      '/api/trips/7/chat/5/messages?before=40',
      '/api/trips/7/publish',
    ]);
    expect(fetchMock.mock.calls[2]?.[1]).toMatchObject({ method: 'POST', body: '{}' });
  });

  it("api(): in tests an answer that does not match the endpoint's answer schema is an invalid response", async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubFetch({ 'POST /trips/7/publish': jsonResponse(200, { success: true, data: { id: 'siete' }, message: '' }) });
    const error = await caught(api(endpoints.publishTrip, { params: { id: 7 } }));
    expect(error.message).toBe('Respuesta inválida del servidor');
    expect(error.code).toBe('Invalid response format');
    expect(logged).toHaveBeenCalled();
  });
});
