import { DRIVER_GEO_WATCH } from '@jala/domain';
import { useEffect, useState } from 'react';

/**
 * The driver's live position (spec §7 'Browser geolocation'): a continuous watchPosition with high
 * accuracy, maximum age 5 s and timeout 10 s. Unsupported → 'Geolocalización no soportada'.
 */

export const GEOLOCATION_UNSUPPORTED = 'Geolocalización no soportada';

export interface WatchedPosition {
  latitude: number;
  longitude: number;
  /** Degrees clockwise from north, or null when the device does not know (standing still). */
  heading: number | null;
  /** Metres. */
  accuracy: number;
  timestamp: number;
}

export interface WatchedPositionState {
  position: WatchedPosition | null;
  /** Spanish message of the last failure; cleared by the next fix. */
  error: string | null;
}

/** What this hook needs of navigator.geolocation (tests pass a fake). */
export type GeolocationLike = Pick<Geolocation, 'watchPosition' | 'clearWatch'>;

// GeolocationPositionError codes.
const PERMISSION_DENIED = 1;
const POSITION_UNAVAILABLE = 2;
const TIMEOUT = 3;

/**
 * The failure as the driver reads it. Browsers write their message in English ('User denied
 * Geolocation'), so the standard codes get a Spanish text; an unknown code shows the browser's message.
 */
export function geolocationErrorMessage(error: Pick<GeolocationPositionError, 'code' | 'message'>): string {
  switch (error.code) {
    case PERMISSION_DENIED:
      return 'Permiso de ubicación denegado.';
    case POSITION_UNAVAILABLE:
      return 'No se pudo determinar tu ubicación.';
    case TIMEOUT:
      return 'Se agotó el tiempo de espera para obtener tu ubicación.';
    default:
      return error.message || 'No se pudo obtener tu ubicación.';
  }
}

function toWatchedPosition({ coords, timestamp }: GeolocationPosition): WatchedPosition {
  const heading = typeof coords.heading === 'number' && Number.isFinite(coords.heading) ? coords.heading : null;
  return { latitude: coords.latitude, longitude: coords.longitude, heading, accuracy: coords.accuracy, timestamp };
}

function defaultGeolocation(): GeolocationLike | undefined {
  return typeof navigator === 'undefined' ? undefined : navigator.geolocation;
}

export function useWatchedPosition(
  geolocation: GeolocationLike | undefined = defaultGeolocation(),
): WatchedPositionState {
  const [state, setState] = useState<WatchedPositionState>(() => ({
    position: null,
    error: geolocation ? null : GEOLOCATION_UNSUPPORTED,
  }));

  useEffect(() => {
    if (!geolocation) return;
    const watchId = geolocation.watchPosition(
      (fix) => setState({ position: toWatchedPosition(fix), error: null }),
      (failure) => {
        console.warn('[driver-position] geolocation failed', failure.code, failure.message);
        // A denied permission ends tracking; a timeout or a lost fix keeps the last known position.
        setState((previous) => ({
          position: failure.code === PERMISSION_DENIED ? null : previous.position,
          error: geolocationErrorMessage(failure),
        }));
      },
      { ...DRIVER_GEO_WATCH },
    );
    return () => geolocation.clearWatch(watchId);
  }, [geolocation]);

  return state;
}
