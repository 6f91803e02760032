/**
 * An account change heard app-wide on the user's notifications/{user} (`account_changed`): the profile is read
 * again and the session follows without a reload — a session made an operator by `npm run create-operator`
 * gets 'Consola de operadores' in its profile menu. The server's side: apps/server/test/admin/account-news.test.ts.
 */
import { topics } from '@jala/contracts';
import { makeUser } from '@jala/test-factories';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { useSession } from '../src/lib/session-store';
import { fakeRealtime, jsonResponse, noActiveTrip, renderApp, resetTestWorld, setSession, stubFetch } from './support';

const ok = <T,>(data: T) => jsonResponse(200, { success: true, data, message: '' });

describe('account news heard app-wide', () => {
  beforeEach(() => {
    vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  });
  afterEach(resetTestWorld);

  it("shows 'Consola de operadores' once the open session hears it was made an operator", async () => {
    const live = fakeRealtime();
    const before = makeUser({ id: 12, user_type: 'passenger', roles: [] });
    let profile = before;
    const fetchMock = stubFetch({ 'GET /auth/profile': () => ok(profile), 'GET /trips/active': noActiveTrip });
    setSession(before);
    renderApp('/passenger/dashboard');
    await waitFor(() => expect(live.follows(topics.notifications(12))).toBe(true));
    fireEvent.click(await screen.findByRole('button', { name: 'Menú de perfil' }));
    expect(screen.queryByRole('menuitem', { name: 'Consola de operadores' })).toBeNull();
    const profileReads = () => fetchMock.mock.calls.filter(([url]) => String(url) === '/api/auth/profile').length;
    expect(profileReads()).toBe(0); // the first grant, right after sign-in, reads nothing more

    profile = { ...before, roles: ['admin'] }; // `npm run create-operator` ran on the server
    act(() => live.deliver(topics.notifications(12), { type: 'account_changed' }));
    expect(await screen.findByRole('menuitem', { name: 'Consola de operadores' })).toBeTruthy();
    expect(useSession.getState().user?.roles).toEqual(['admin']);

    // A change missed while the link was down is read when the broker grants the topic again.
    profile = { ...before, roles: [] };
    act(() => live.setConnected(false));
    act(() => live.setConnected(true));
    await waitFor(() => expect(screen.queryByRole('menuitem', { name: 'Consola de operadores' })).toBeNull());
    expect(profileReads()).toBe(2);
  });
});
