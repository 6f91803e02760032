import { DRIVER_GEO_WATCH } from '@jala/domain';
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import {
  GEOLOCATION_UNSUPPORTED,
  geolocationErrorMessage,
  useWatchedPosition,
} from '@/features/live-trip/driver-view/hooks/use-watched-position';

import { FakeGeolocation } from '../../support';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('useWatchedPosition', () => {
  it('watches continuously with high accuracy, maximum age 5 s and timeout 10 s, and stops on unmount', () => {
    const geo = new FakeGeolocation();
    const { result, unmount } = renderHook(() => useWatchedPosition(geo));
    expect(geo.options).toEqual({ enableHighAccuracy: true, maximumAge: 5_000, timeout: 10_000 });
    expect(geo.options).toEqual(DRIVER_GEO_WATCH);
    expect(result.current).toEqual({ position: null, error: null });
    act(() => geo.fix(-12.1211, -77.0297, 90));
    expect(result.current.position).toMatchObject({ latitude: -12.1211, longitude: -77.0297, heading: 90 });
    act(() => geo.fix(-12.12, -77.03));
    expect(result.current.position).toMatchObject({ latitude: -12.12, longitude: -77.03, heading: null });
    unmount();
    expect(geo.cleared).toBe(true);
  });

  it("reports 'Geolocalización no soportada' without navigator.geolocation", () => {
    const { result } = renderHook(() => useWatchedPosition(undefined));
    expect(result.current).toEqual({ position: null, error: GEOLOCATION_UNSUPPORTED });
    expect(GEOLOCATION_UNSUPPORTED).toBe('Geolocalización no soportada');
  });

  it('keeps the last fix on a timeout but drops it when permission is denied', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const geo = new FakeGeolocation();
    const { result } = renderHook(() => useWatchedPosition(geo));
    act(() => geo.fix(-12.1211, -77.0297));
    act(() => geo.fail(3, 'Timeout expired'));
    expect(result.current.position).not.toBeNull();
    expect(result.current.error).toBe('Se agotó el tiempo de espera para obtener tu ubicación.');
    act(() => geo.fail(1, 'User denied Geolocation'));
    expect(result.current).toEqual({ position: null, error: 'Permiso de ubicación denegado.' });
    act(() => geo.fix(-12.1211, -77.0297));
    expect(result.current.error).toBeNull();
  });

  it('shows the browser message for a failure code it does not know', () => {
    expect(geolocationErrorMessage({ code: 2, message: 'x' })).toBe('No se pudo determinar tu ubicación.');
    expect(geolocationErrorMessage({ code: 9, message: 'Algo raro pasó' })).toBe('Algo raro pasó');
  });
});
