/**
 * A returning user with no signal: the session opens on the profile this device remembered for
 * the same token, the pages get the last kept answers, the screen says it shows the last known state, and
 * all of it heals by itself when the network is back (or ends, if the server refuses the token then).
 */
import { makeUser } from '@jala/test-factories';
import { onlineManager, QueryClient } from '@tanstack/react-query';
import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { OfflineBanner } from '@/components/layout/offline-banner';
import { QUERY_SNAPSHOT_KEY, REMEMBERED_USER_KEY, rememberedUser } from '@/lib/offline-storage';
import { createQueryClient } from '@/lib/query-client';
import { restoreQuerySnapshot, saveQuerySnapshot, SNAPSHOT_MAX_AGE_MS } from '@/lib/query-snapshot';
import { realtime } from '@/lib/realtime/realtime';
import { useSession } from '@/lib/session-store';

import { jsonResponse, renderAt, resetTestWorld, setSession, stubFetch } from '../support';

const TOKEN = 'header.payload.signature-of-this-session';

function setBrowserOnline(online: boolean): void {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

describe('starting with no signal', () => {
  beforeEach(() => {
    resetTestWorld();
    vi.spyOn(realtime, 'connect').mockResolvedValue(undefined);
    vi.spyOn(realtime, 'disconnect').mockImplementation(() => {});
  });
  afterEach(() => {
    setBrowserOnline(true);
    onlineManager.setOnline(true);
    resetTestWorld();
  });

  it('opens the session on the profile remembered for this token, then checks it again when the network returns', async () => {
    const user = makeUser({ id: 31, first_name: 'Lucía' });
    localStorage.setItem('jala_token', TOKEN);
    rememberedUser.write(TOKEN, user);
    setBrowserOnline(false);
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await useSession.getState().initialize();
    expect(useSession.getState()).toMatchObject({ status: 'authenticated', user: { id: 31 }, offline: true });
    expect(realtime.connect).toHaveBeenCalledWith({ userId: 31, token: TOKEN });

    const fresh = makeUser({ id: 31, first_name: 'Lucía Fernanda' });
    stubFetch({ 'GET /auth/profile': jsonResponse(200, { success: true, data: fresh, message: '' }) });
    await act(async () => setBrowserOnline(true));
    await vi.waitFor(() => expect(useSession.getState().offline).toBe(false));
    expect(useSession.getState().user?.first_name).toBe('Lucía Fernanda');
    expect(rememberedUser.read(TOKEN)?.first_name).toBe('Lucía Fernanda');
  });

  it('ends the session when the server refuses the token once the network is back', async () => {
    localStorage.setItem('jala_token', TOKEN);
    rememberedUser.write(TOKEN, makeUser({ id: 32 }));
    setBrowserOnline(false);
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await useSession.getState().initialize();
    expect(useSession.getState().status).toBe('authenticated');

    stubFetch({
      'GET /auth/profile': jsonResponse(401, {
        success: false,
        data: null,
        message: 'Sesión expirada',
        code: 'UNAUTHORIZED',
      }),
    });
    await act(async () => setBrowserOnline(true));
    await vi.waitFor(() => expect(useSession.getState().status).toBe('unauthenticated'));
    expect(localStorage.getItem('jala_token')).toBeNull();
    expect(localStorage.getItem(REMEMBERED_USER_KEY)).toBeNull();
  });

  it('never opens on a profile remembered for another token, nor after a server error', async () => {
    rememberedUser.write('another.session.token-of-someone-else', makeUser({ id: 33 }));
    localStorage.setItem('jala_token', TOKEN);
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await useSession.getState().initialize();
    expect(useSession.getState().status).toBe('unauthenticated');

    rememberedUser.write(TOKEN, makeUser({ id: 33 }));
    useSession.setState({ status: 'idle' });
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
  });

  it('logging out forgets the remembered profile and the kept answers', async () => {
    setSession(makeUser({ id: 34 }), TOKEN);
    rememberedUser.write(TOKEN, makeUser({ id: 34 }));
    localStorage.setItem(QUERY_SNAPSHOT_KEY, '{}');
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await useSession.getState().logout();
    expect(localStorage.getItem(REMEMBERED_USER_KEY)).toBeNull();
    expect(localStorage.getItem(QUERY_SNAPSHOT_KEY)).toBeNull();
  });

  it('keeps the last successful answers for the same user only, and not when too old', () => {
    const source = new QueryClient();
    source.setQueryData(['passenger', 'stats'], { total_trips: 4 });
    saveQuerySnapshot(source, 40, 1_000);

    const sameUser = new QueryClient();
    expect(restoreQuerySnapshot(sameUser, 40, 2_000)).toBe(1_000);
    expect(sameUser.getQueryData(['passenger', 'stats'])).toEqual({ total_trips: 4 });

    const otherUser = new QueryClient();
    expect(restoreQuerySnapshot(otherUser, 41, 2_000)).toBeNull();
    expect(otherUser.getQueryData(['passenger', 'stats'])).toBeUndefined();
    expect(restoreQuerySnapshot(new QueryClient(), 40, 1_000 + SNAPSHOT_MAX_AGE_MS + 1)).toBeNull();
  });

  it('starts the query cache paused when the browser has no network (no failing fetches, kept data shown)', () => {
    setBrowserOnline(false);
    const client = createQueryClient();
    client.mount(); // as QueryClientProvider does: the cache now follows the browser's online/offline events
    expect(onlineManager.isOnline()).toBe(false);
    setBrowserOnline(true);
    expect(onlineManager.isOnline()).toBe(true);
    client.unmount();
  });

  it('marks the screen while offline and clears the mark when the network returns', async () => {
    setSession(makeUser({ id: 35 }), TOKEN);
    setBrowserOnline(false);
    renderAt('/passenger/dashboard', <OfflineBanner />);
    expect(screen.getByTestId('offline-banner').textContent).toContain('Sin conexión · mostrando lo último conocido');
    await act(async () => setBrowserOnline(true));
    expect(screen.queryByText('Sin conexión · mostrando lo último conocido')).toBeNull();
  });
});
