import { PASSENGER_GEO } from '@jala/domain';

import type { MapPoint } from './types';

/** Spec §5 geolocation messages. */
export const GEOLOCATION_UNSUPPORTED = 'Tu navegador no soporta geolocalización';
export const GEOLOCATION_FAILED = 'No se pudo obtener tu ubicación actual';

/** A geolocation failure whose message is the Spanish text to show. */
export class GeolocationError extends Error {
  override readonly name = 'GeolocationError';
}

/**
 * The passenger's position, once (spec §9: high accuracy, timeout 10 s, cached up to 300,000 ms).
 * Rejects with a GeolocationError carrying one of the two Spanish messages.
 */
export function getCurrentPosition(
  geolocation: Geolocation | undefined = globalThis.navigator?.geolocation,
): Promise<MapPoint> {
  if (!geolocation) return Promise.reject(new GeolocationError(GEOLOCATION_UNSUPPORTED));
  return new Promise((resolve, reject) => {
    geolocation.getCurrentPosition(
      (position) => resolve({ latitude: position.coords.latitude, longitude: position.coords.longitude }),
      (error) => {
        console.warn('[geolocation] failed', error.code, error.message);
        reject(new GeolocationError(GEOLOCATION_FAILED));
      },
      { ...PASSENGER_GEO },
    );
  });
}
