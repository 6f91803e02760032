import { MY_LOCATION_ZOOM } from '@jala/domain';
import { Control, DomEvent, DomUtil } from 'leaflet';
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { Marker, useMap } from 'react-leaflet';

import { GEOLOCATION_FAILED, GeolocationError, getCurrentPosition } from '@/features/map/model/geolocation';
import type { MapPoint } from '@/features/map/model/types';

import { userIcon } from './map-markers';

const MESSAGE_MS = 5_000;

/** A Leaflet control whose content React renders through a portal. */
function useControlContainer(position: 'bottomright'): HTMLElement | null {
  const map = useMap();
  const [container, setContainer] = useState<HTMLElement | null>(null);
  useEffect(() => {
    const control = new Control({ position });
    control.onAdd = () => {
      const element = DomUtil.create('div', 'leaflet-bar jala-map-control');
      DomEvent.disableClickPropagation(element);
      setContainer(element);
      return element;
    };
    control.addTo(map);
    return () => {
      control.remove();
      setContainer(null);
    };
  }, [map, position]);
  return container;
}

/** 'Mi ubicación' at the bottom right: pans to the user at zoom 16 and marks the spot. */
export function MyLocationControl() {
  const map = useMap();
  const container = useControlContainer('bottomright');
  const [locating, setLocating] = useState(false);
  const [position, setPosition] = useState<MapPoint | null>(null);
  const [message, setMessage] = useState<string | null>(null);

  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(() => setMessage(null), MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [message]);

  const locate = async (): Promise<void> => {
    setLocating(true);
    setMessage(null);
    try {
      const point = await getCurrentPosition();
      setPosition(point);
      map.setView([point.latitude, point.longitude], MY_LOCATION_ZOOM);
    } catch (error) {
      setMessage(error instanceof GeolocationError ? error.message : GEOLOCATION_FAILED);
    } finally {
      setLocating(false);
    }
  };

  return (
    <>
      {position && (
        <Marker
          position={[position.latitude, position.longitude]}
          icon={userIcon}
          interactive={false}
          keyboard={false}
          title="Tu ubicación"
        />
      )}
      {container &&
        createPortal(
          <>
            <button
              type="button"
              className="jala-map-control__button"
              onClick={() => void locate()}
              aria-label="Mi ubicación"
              title="Mi ubicación"
              aria-busy={locating}
              disabled={locating}
            >
              <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
                <path
                  fill="currentColor"
                  d="M11 2h2v2.06A8 8 0 0 1 19.94 11H22v2h-2.06A8 8 0 0 1 13 19.94V22h-2v-2.06A8 8 0 0 1 4.06 13H2v-2h2.06A8 8 0 0 1 11 4.06V2Zm1 4a6 6 0 1 0 0 12 6 6 0 0 0 0-12Zm0 3a3 3 0 1 1 0 6 3 3 0 0 1 0-6Z"
                />
              </svg>
            </button>
            {message && (
              <p className="jala-map-control__message" role="alert">
                {message}
              </p>
            )}
          </>,
          container,
        )}
    </>
  );
}
