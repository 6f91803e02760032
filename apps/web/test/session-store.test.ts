import { makeUser } from '@jala/test-factories';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { realtime } from '../src/lib/realtime/realtime';
import { useSession } from '../src/lib/session-store';
import { jsonResponse, stubFetch } from './support';

describe('session store', () => {
  let connect: ReturnType<typeof vi.spyOn>;
  let disconnect: ReturnType<typeof vi.spyOn>;

  beforeEach(() => {
    localStorage.clear();
    useSession.setState({ status: 'idle', user: null, token: null });
    connect = vi.spyOn(realtime, 'connect').mockResolvedValue(undefined);
    disconnect = vi.spyOn(realtime, 'disconnect').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('starts unauthenticated without a stored token, without calling the server', async () => {
    const fetchMock = stubFetch({});
    await useSession.getState().initialize();
    expect(useSession.getState().status).toBe('unauthenticated');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('restores a stored token by fetching the profile, then opens the realtime link', async () => {
    const user = makeUser({ id: 7 });
    localStorage.setItem('jala_token', 'stored');
    const fetchMock = stubFetch({ 'GET /auth/profile': jsonResponse(200, { success: true, data: user, message: '' }) });
    const pending = useSession.getState().initialize();
    expect(useSession.getState().status).toBe('loading');
    await pending;
    expect(useSession.getState()).toMatchObject({ status: 'authenticated', user, token: 'stored' });
    expect(fetchMock.mock.calls[0]?.[1]?.headers).toMatchObject({ Authorization: 'Bearer stored' });
    expect(connect).toHaveBeenCalledWith({ userId: 7, token: 'stored' });
  });

  it('discards the stored token when the server refuses it (401)', async () => {
    localStorage.setItem('jala_token', 'old');
    stubFetch({
      'GET /auth/profile': jsonResponse(401, {
        success: false,
        data: null,
        message: 'Sesión expirada',
        code: 'UNAUTHORIZED',
      }),
    });
    await useSession.getState().initialize();
    expect(useSession.getState().status).toBe('unauthenticated');
    expect(localStorage.getItem('jala_token')).toBeNull();
    expect(connect).not.toHaveBeenCalled();
  });

  it('keeps the stored token for the next visit when the server errs or the network is down', async () => {
    localStorage.setItem('jala_token', 'still-good');
    stubFetch({
      'GET /auth/profile': jsonResponse(500, {
        success: false,
        data: null,
        message: 'Error interno',
        code: 'INTERNAL',
      }),
    });
    await useSession.getState().initialize();
    expect(useSession.getState().status).toBe('unauthenticated');
    expect(localStorage.getItem('jala_token')).toBe('still-good');

    useSession.setState({ status: 'idle', user: null, token: null });
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('offline')));
    await useSession.getState().initialize();
    expect(useSession.getState().status).toBe('unauthenticated');
    expect(localStorage.getItem('jala_token')).toBe('still-good');
    expect(connect).not.toHaveBeenCalled();
  });

  it('login stores user and token under jala_token and opens the realtime link for the user', async () => {
    const user = makeUser({ id: 11, user_type: 'driver' });
    const fetchMock = stubFetch({
      'POST /auth/login': jsonResponse(200, { success: true, data: { user, token: 'new' }, message: '' }),
    });
    await useSession.getState().login({ email: 'ana@example.pe', password: 'secreto123' });
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({
      email: 'ana@example.pe',
      password: 'secreto123',
    });
    expect(localStorage.getItem('jala_token')).toBe('new');
    expect(useSession.getState()).toMatchObject({ status: 'authenticated', user, token: 'new' });
    expect(connect).toHaveBeenCalledWith({ userId: 11, token: 'new' });
  });

  it('a failed login keeps the user signed out and surfaces the server message', async () => {
    useSession.setState({ status: 'unauthenticated' });
    stubFetch({
      'POST /auth/login': jsonResponse(401, {
        success: false,
        data: null,
        message: 'Correo o contraseña incorrectos.',
        code: 'INVALID_CREDENTIALS',
      }),
    });
    await expect(useSession.getState().login({ email: 'a@b.pe', password: 'x' })).rejects.toThrow(
      'Correo o contraseña incorrectos.',
    );
    expect(useSession.getState().status).toBe('unauthenticated');
    expect(localStorage.getItem('jala_token')).toBeNull();
  });

  it('register stores the session like login', async () => {
    const user = makeUser({ id: 12 });
    stubFetch({
      'POST /auth/register': jsonResponse(201, { success: true, data: { user, token: 'reg' }, message: '' }),
    });
    await useSession.getState().register({
      first_name: 'Ana',
      last_name: 'Quispe',
      email: 'ana@example.pe',
      phone: '987654321',
      password: 'secreto123',
      user_type: 'passenger',
      accept_terms: true,
    });
    expect(localStorage.getItem('jala_token')).toBe('reg');
    expect(useSession.getState().status).toBe('authenticated');
  });

  it('logout ignores a failing server call and still clears token, user and realtime', async () => {
    localStorage.setItem('jala_token', 'tok');
    useSession.setState({ status: 'authenticated', user: makeUser(), token: 'tok' });
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('offline')));
    await useSession.getState().logout();
    expect(useSession.getState()).toMatchObject({ status: 'unauthenticated', user: null, token: null });
    expect(localStorage.getItem('jala_token')).toBeNull();
    expect(disconnect).toHaveBeenCalled();
  });

  it('updating the profile refreshes the user', async () => {
    useSession.setState({ status: 'authenticated', user: makeUser(), token: 'tok' });
    const updated = makeUser({ first_name: 'Rosa', name: 'Rosa Quispe' });
    stubFetch({ 'PUT /auth/profile': jsonResponse(200, { success: true, data: updated, message: '' }) });
    await useSession.getState().updateProfile({ first_name: 'Rosa' });
    expect(useSession.getState().user?.first_name).toBe('Rosa');
  });
});
