import { DEFAULT_MAP_ZOOM, ROUTE_FIT_PADDING_PX } from '@jala/domain';
import { latLngBounds, type LatLngTuple } from 'leaflet';
import { useEffect, useRef } from 'react';
import { useMap } from 'react-leaflet';

import type { MapFitMode, MapPoint } from '@/features/map/model/types';

export interface FitTarget {
  /** Changes exactly when the view should be fitted again. */
  key: string;
  points: LatLngTuple[];
}

const tuple = (p: MapPoint): LatLngTuple => [p.latitude, p.longitude];
const place = (p: MapPoint | null | undefined): string =>
  p ? `${p.latitude.toFixed(5)},${p.longitude.toFixed(5)}` : '-';

/** What the view should show for a fit mode, or null when nothing is to be fitted. */
export function fitTarget(
  mode: MapFitMode,
  content: { origin?: MapPoint | null; destination?: MapPoint | null; driver?: MapPoint | null; route: LatLngTuple[] },
): FitTarget | null {
  if (mode === 'none') return null;
  const { origin, destination, driver, route } = content;
  if (mode === 'route') {
    if (route.length > 1) return { key: `route:${place(origin)}:${place(destination)}:${route.length}`, points: route };
    const points = [origin, destination].filter((p): p is MapPoint => Boolean(p));
    if (points.length === 0) return null;
    return { key: `points:${place(origin)}:${place(destination)}`, points: points.map(tuple) };
  }
  const markers = [origin, destination, driver].filter((p): p is MapPoint => Boolean(p));
  const points = [...markers.map(tuple), ...route];
  if (points.length === 0) return null;
  // The driver's presence counts, not its every move: the view is not yanked around while it drives.
  return { key: `markers:${place(origin)}:${place(destination)}:${driver ? 'driver' : '-'}:${route.length}`, points };
}

/**
 * Moves the view to its fit target (a single point: centred at no less than zoom 14; several: fitted
 * with the spec's 50 px margin). Keeps Leaflet's size in step with its container; after a resize (e.g.
 * the form below grows) the target is fitted again unless the user has moved the map since.
 */
export function ViewFitter({ target }: { target: FitTarget | null }) {
  const map = useMap();
  const lastFitKey = useRef<string | null>(null);
  const untouched = useRef(true);
  const fitting = useRef(false);
  const targetRef = useRef(target);
  const targetKey = target?.key;

  useEffect(() => {
    targetRef.current = target;
  }, [target]);

  useEffect(() => {
    const onUserMove = (): void => {
      if (!fitting.current) untouched.current = false;
    };
    map.on('dragstart zoomstart', onUserMove);
    return () => {
      map.off('dragstart zoomstart', onUserMove);
    };
  }, [map]);

  useEffect(() => {
    const fit = (force: boolean): void => {
      const current = targetRef.current;
      if (!current || (!force && current.key === lastFitKey.current)) return;
      const size = map.getSize();
      if (size.x === 0 || size.y === 0) return; // not laid out yet: the resize observer retries
      lastFitKey.current = current.key;
      untouched.current = true;
      fitting.current = true;
      try {
        const [first] = current.points;
        if (current.points.length === 1 && first) {
          map.setView(first, Math.max(map.getZoom(), DEFAULT_MAP_ZOOM));
        } else {
          map.fitBounds(latLngBounds(current.points), { padding: [ROUTE_FIT_PADDING_PX, ROUTE_FIT_PADDING_PX] });
        }
      } finally {
        fitting.current = false;
      }
    };
    fit(false);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      map.invalidateSize();
      fit(untouched.current);
    });
    observer.observe(map.getContainer());
    return () => observer.disconnect();
  }, [map, targetKey]);

  return null;
}
