import { MAP_SCRIPT_RETRIES } from '@jala/domain';

import type { TripMapView } from './view/trip-map-view';

export interface MapViewModule {
  TripMapView: typeof TripMapView;
}

/** Spec §8: the map script is retried up to 3 times, waiting count × 2^count ms before retry `count`. */
export function retryDelayMs(count: number): number {
  return count * 2 ** count;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Runs `load`, retrying failures up to `retries` times with the spec's delays; rethrows the last error. */
export async function loadWithRetries<T>(
  load: () => Promise<T>,
  retries = MAP_SCRIPT_RETRIES,
  delay = retryDelayMs,
): Promise<T> {
  for (let count = 0; ; count++) {
    try {
      return await load();
    } catch (error) {
      if (count >= retries) throw error;
      console.warn(`[map] could not load the map (attempt ${count + 1}), retrying`, error);
      await wait(delay(count + 1));
    }
  }
}

let modulePromise: Promise<MapViewModule> | null = null;

/** The lazily loaded Leaflet chunk, shared by every map on the page; a final failure can be retried later. */
export function loadMapView(): Promise<MapViewModule> {
  modulePromise ??= loadWithRetries(() => import('./view/trip-map-view')).catch((error: unknown) => {
    modulePromise = null;
    throw error;
  });
  return modulePromise;
}
