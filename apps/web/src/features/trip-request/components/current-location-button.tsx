import { useState } from 'react';

import { Button } from '@/components/ui/button';
import { GEOLOCATION_FAILED, GeolocationError, getCurrentPosition, reverseGeocode } from '@/features/map';
import { errorMessage, isApiError } from '@/lib/api/api-client';

import { useTripRequest } from '../model/trip-request-context';
import { UNKNOWN_ADDRESS } from '../model/trip-request-store';

/**
 * 'Mi ubicación' (spec §2 step 1): the browser's position once, then its address from the server
 * ('Mi ubicación actual' when none is known). Shows 'Obteniendo...' meanwhile and the spec's Spanish
 * messages when geolocation is unsupported or fails.
 */
export function CurrentLocationButton({ field }: { field: 'origin' | 'destination' }) {
  const setLocation = useTripRequest((s) => s.setLocation);
  const [locating, setLocating] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  const locate = async (): Promise<void> => {
    setLocating(true);
    setMessage(null);
    try {
      const point = await getCurrentPosition();
      let address = UNKNOWN_ADDRESS;
      try {
        address = (await reverseGeocode(point)).address.trim() || UNKNOWN_ADDRESS;
      } catch (error) {
        // Outside Peru (400) cannot be requested at all; any other lookup failure keeps the generic name.
        if (isApiError(error) && error.status === 400) throw error;
        console.warn('[trip-request] reverse geocoding of my position failed', error);
      }
      setLocation(field, { coordinates: point, address });
    } catch (error) {
      setMessage(error instanceof GeolocationError ? error.message : errorMessage(error, GEOLOCATION_FAILED));
    } finally {
      setLocating(false);
    }
  };

  return (
    <div className="stack stack--close">
      <Button variant="ghost" className="trq-locate__button" onClick={() => void locate()} disabled={locating}>
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
          <path
            fill="currentColor"
            d="M11 2h2v2.06A8 8 0 0 1 19.94 11H22v2h-2.06A8 8 0 0 1 13 19.94V22h-2v-2.06A8 8 0 0 1 4.06 13H2v-2h2.06A8 8 0 0 1 11 4.06V2Zm1 4a6 6 0 1 0 0 12 6 6 0 0 0 0-12Zm0 3a3 3 0 1 1 0 6 3 3 0 0 1 0-6Z"
          />
        </svg>
        {locating ? 'Obteniendo...' : 'Mi ubicación'}
      </Button>
      {message && (
        <p className="field__error" role="alert">
          {message}
        </p>
      )}
    </div>
  );
}
