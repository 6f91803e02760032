import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { ANONYMOUS_RETURN_TTL_MS, type LoginRedirectState, returnPathFor } from '../src/app/route-guards';
import { logoutEpoch, noteLogout } from '../src/lib/logout-epoch';
import { realtime } from '../src/lib/realtime/realtime';
import { useSession } from '../src/lib/session-store';
import { stubFetch } from './support';

/** What ProtectedRoute records for a visitor with no session (a deep link opened on a signed-out phone). */
const anonymous = (from: string): LoginRedirectState => ({ from, recordedAt: Date.now(), logoutEpoch: logoutEpoch() });

describe('where a person lands after signing in', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it("sends the expired session's own user back to their page, and anyone else to their dashboard", () => {
    const state: LoginRedirectState = { from: '/trips/2/receipt', expired: true, forUser: 7 };
    expect(returnPathFor(state, 7, 'passenger')).toBe('/trips/2/receipt');
    expect(returnPathFor(state, 8, 'passenger')).toBeNull();
  });

  it("keeps a signed-out visitor's page for the next sign-in only until a logout happens on this phone", () => {
    const state = anonymous('/trips/2/receipt');
    expect(returnPathFor(state, 7, 'passenger')).toBe('/trips/2/receipt');
    noteLogout();
    expect(returnPathFor(state, 7, 'passenger')).toBeNull();
  });

  it("forgets a signed-out visitor's page after a while", () => {
    vi.useFakeTimers({ now: new Date('2026-11-27T10:00:00Z') });
    const state = anonymous('/trips/2/receipt');
    vi.setSystemTime(Date.now() + ANONYMOUS_RETURN_TTL_MS + 1);
    expect(returnPathFor(state, 7, 'passenger')).toBeNull();
  });

  it('counts a logout of the session store, which outlives a reload (localStorage)', async () => {
    vi.spyOn(realtime, 'disconnect').mockImplementation(() => {});
    stubFetch({});
    const before = logoutEpoch();
    useSession.setState({ status: 'authenticated', token: null, user: null });
    await useSession.getState().logout();
    expect(logoutEpoch()).toBe(before + 1);
    expect(localStorage.getItem('jala_logout_epoch')).toBe(String(before + 1));
  });

  it('never honours a path of another role or another site', () => {
    const state = anonymous('/driver/active-trip');
    expect(returnPathFor(state, 7, 'passenger')).toBeNull();
    expect(returnPathFor(anonymous('//evil.example/x'), 7, 'passenger')).toBeNull();
  });
});
