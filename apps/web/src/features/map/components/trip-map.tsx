import '../trip-map-shell.css';

import { Component, type ReactNode, useCallback, useEffect, useRef, useState } from 'react';

import { Button } from '@/components/ui/button';

import type { MapStatus, TripMapProps } from '../model/types';
import { loadMapView, type MapViewModule } from './load-map-view';

export const MAP_LOADING_TEXT = 'Cargando mapa...';
export const MAP_ERROR_TEXT = 'No se pudo cargar el mapa';

class MapErrorBoundary extends Component<
  { onError: (error: unknown) => void; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.error('[map] the map crashed', error);
    this.props.onError(error);
  }

  override render(): ReactNode {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * The trip map (see index.ts for the API). Loads the Leaflet chunk on first use, shows 'Cargando mapa...'
 * until the map is ready and 'No se pudo cargar el mapa' (with 'Reintentar') when it cannot load.
 */
export function TripMap({ className, label = 'Mapa', onStatusChange, ...props }: TripMapProps) {
  const [module, setModule] = useState<MapViewModule | null>(null);
  const [status, setStatus] = useState<MapStatus>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const onStatusChangeRef = useRef(onStatusChange);
  useEffect(() => {
    onStatusChangeRef.current = onStatusChange;
  }, [onStatusChange]);

  const report = useCallback((next: MapStatus) => {
    setStatus(next);
    onStatusChangeRef.current?.(next);
  }, []);

  useEffect(() => {
    let active = true;
    report({ state: 'loading' });
    loadMapView().then(
      (loaded) => {
        if (active) setModule(loaded);
      },
      (error: unknown) => {
        console.error('[map] could not load', error);
        if (active) report({ state: 'error', message: MAP_ERROR_TEXT });
      },
    );
    return () => {
      active = false;
    };
  }, [attempt, report]);

  const onReady = useCallback(() => report({ state: 'ready' }), [report]);
  const onCrash = useCallback(() => report({ state: 'error', message: MAP_ERROR_TEXT }), [report]);
  const retry = (): void => {
    setModule(null);
    setAttempt((n) => n + 1);
  };

  const View = module?.TripMapView;
  return (
    <section
      className={`trip-map${className ? ` ${className}` : ''}`}
      aria-label={label}
      aria-busy={status.state === 'loading'}
    >
      {View && status.state !== 'error' && (
        <MapErrorBoundary key={attempt} onError={onCrash}>
          <View {...props} onReady={onReady} />
        </MapErrorBoundary>
      )}
      {status.state === 'loading' && (
        <div className="trip-map__overlay" role="status">
          <span className="spinner" aria-hidden="true" />
          <p>{MAP_LOADING_TEXT}</p>
        </div>
      )}
      {status.state === 'error' && (
        <div className="trip-map__overlay trip-map__overlay--error" role="alert">
          <p>{status.message}</p>
          <Button variant="ghost" onClick={retry}>
            Reintentar
          </Button>
        </div>
      )}
    </section>
  );
}
