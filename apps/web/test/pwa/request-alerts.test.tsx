/**
 * The driver's in-front cues on 'Solicitudes de Viaje': a request arriving after the list loaded sounds
 * and vibrates once (not the list the driver opened, not twice for the same request), never while muted
 * in the profile; the profile's switch persists on the device; the tab title counts unanswered requests.
 */
import type { DriverTripRequest } from '@jala/contracts';
import { makeDriverTripRequest } from '@jala/test-factories';
import { act, fireEvent, renderHook, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { AppLayout } from '@/components/layout/app-layout';
import { RequestAlertSwitch } from '@/features/driver/components/request-alert-switch';
import { REQUEST_ALERTS_MUTED_KEY } from '@/features/driver/model/request-alert-preference';
import { useNewRequestAlert } from '@/features/live-trip/driver-view/hooks/use-new-request-alert';
import { unansweredCount } from '@/features/live-trip/driver-view/model/request-alert';

import { renderAt, resetTestWorld } from '../support';

const request = (id: number, offered: number | null = null): DriverTripRequest =>
  makeDriverTripRequest({ id, my_offer_price: offered });

describe('new-request alerts', () => {
  beforeEach(resetTestWorld);
  afterEach(resetTestWorld);

  it('announces only requests that arrive after the list loaded, each once', () => {
    const alert = vi.fn();
    const { rerender } = renderHook(({ list, loaded }) => useNewRequestAlert(list, loaded, alert), {
      initialProps: { list: [] as DriverTripRequest[], loaded: false },
    });
    rerender({ list: [request(1), request(2)], loaded: true }); // the list the driver opened
    expect(alert).not.toHaveBeenCalled();
    rerender({ list: [request(1), request(2), request(3)], loaded: true });
    expect(alert).toHaveBeenCalledTimes(1);
    rerender({ list: [request(1), request(3)], loaded: true }); // one left
    rerender({ list: [request(1), request(3), request(2)], loaded: true }); // back (raised price): not news
    expect(alert).toHaveBeenCalledTimes(1);
    rerender({ list: [request(1), request(3), request(2), request(4), request(5)], loaded: true });
    expect(alert).toHaveBeenCalledTimes(2); // two at once: one cue
  });

  it('stays quiet while muted in the profile, and the switch persists on this device', () => {
    const alert = vi.fn();
    renderAt('/driver/profile', <RequestAlertSwitch />);
    const toggle = screen.getByRole('switch', { name: 'Sonar y vibrar con cada solicitud nueva' });
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    expect(localStorage.getItem(REQUEST_ALERTS_MUTED_KEY)).toBe('true');
    screen.getByText(/^Silenciado/);

    const { rerender } = renderHook(({ list }) => useNewRequestAlert(list, true, alert), {
      initialProps: { list: [request(1)] },
    });
    rerender({ list: [request(1), request(2)] });
    expect(alert).not.toHaveBeenCalled();

    act(() => fireEvent.click(toggle));
    expect(localStorage.getItem(REQUEST_ALERTS_MUTED_KEY)).toBeNull();
    rerender({ list: [request(1), request(2), request(3)] });
    expect(alert).toHaveBeenCalledTimes(1);
  });

  it('shows the unanswered requests in the tab title', () => {
    const list = [request(1), request(2, 15), request(3)];
    expect(unansweredCount(list)).toBe(2);
    renderAt(
      '/driver/trip-request',
      <AppLayout title="Solicitudes de Viaje" titleCount={unansweredCount(list)}>
        lista
      </AppLayout>,
    );
    expect(document.title).toBe('(2) Solicitudes de Viaje · Jala');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Solicitudes de Viaje'); // the page's own title has no count
  });
});
