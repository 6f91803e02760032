/**
 * The header's 'Jala Online' / 'Jala Off' pill and the 'Sin conexión · mostrando lo último conocido' banner read
 * one connectivity state (lib/realtime/connectivity.ts), so they change together: the banner used to wait for the
 * session's own re-check (up to 15 s) after the pill already showed the link back.
 */
import { makeUser } from '@jala/test-factories';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { ConnectionIndicator } from '../src/components/layout/connection-indicator';
import { OfflineBanner } from '../src/components/layout/offline-banner';
import { useSession } from '../src/lib/session-store';
import { fakeRealtime, resetTestWorld, setSession } from './support';

function setBrowserOnline(online: boolean): void {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

/** What the phone shows: the pill's label and whether the banner is there. */
function shown(): { pill: string | null; banner: boolean } {
  return {
    pill: screen.getByTestId('connection-indicator').textContent,
    banner: screen.queryByTestId('offline-banner') !== null,
  };
}

function renderFrame(): void {
  render(
    <>
      <ConnectionIndicator />
      <OfflineBanner />
    </>,
  );
}

afterEach(() => {
  setBrowserOnline(true);
  resetTestWorld();
});

describe('connection pill and offline banner', () => {
  it('flip together when a session opened with no signal gets its link back (no wait for the session re-check)', () => {
    setSession(makeUser({ id: 51 }));
    useSession.setState({ offline: true }); // opened on the remembered profile; its re-check has not answered
    const link = fakeRealtime(false);
    setBrowserOnline(false);
    renderFrame();
    expect(shown()).toEqual({ pill: 'Jala Off', banner: true });

    // The network is back but the link is not up yet: still offline on both.
    act(() => setBrowserOnline(true));
    expect(shown()).toEqual({ pill: 'Jala Off', banner: true });

    act(() => link.setConnected(true));
    expect(shown()).toEqual({ pill: 'Jala Online', banner: false });
    expect(useSession.getState().offline).toBe(true); // the banner did not wait for it
  });

  it('flip together when the link drops and comes back while the browser still claims a network', () => {
    setSession(makeUser({ id: 52 }));
    const link = fakeRealtime(true);
    renderFrame();
    expect(shown()).toEqual({ pill: 'Jala Online', banner: false });

    act(() => link.setConnected(false));
    expect(shown()).toEqual({ pill: 'Jala Off', banner: true });

    act(() => link.setConnected(true));
    expect(shown()).toEqual({ pill: 'Jala Online', banner: false });

    act(() => setBrowserOnline(false));
    expect(shown()).toEqual({ pill: 'Jala Off', banner: true });
    act(() => setBrowserOnline(true));
    expect(shown()).toEqual({ pill: 'Jala Online', banner: false });
  });

  it('shows no banner while the first connection after sign-in is still being made', () => {
    setSession(makeUser({ id: 53 }));
    fakeRealtime(false);
    renderFrame();
    expect(shown()).toEqual({ pill: 'Jala Off', banner: false });
  });
});
