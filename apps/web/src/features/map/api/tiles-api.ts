import * as endpoints from '@jala/contracts/endpoints';

import { api } from '@/lib/api/api-client';

/**
 * The tile URL template the server is configured with (GET /api/health → data.tile_url), fetched once
 * per page load and shared by every map. Resolves null when it cannot be read: the map then works
 * without tiles (Peru outline on a plain background).
 */
let tileUrlPromise: Promise<string | null> | null = null;

function isTileTemplate(value: unknown): value is string {
  return typeof value === 'string' && /^(https?:)?\/\//.test(value) && value.includes('{z}');
}

export function loadTileUrl(): Promise<string | null> {
  tileUrlPromise ??= api(endpoints.health, { onUnauthorized: 'ignore' })
    .then((response) => (isTileTemplate(response.data?.tile_url) ? response.data.tile_url : null))
    .catch((error: unknown) => {
      console.warn('[map] could not read the tile URL; the map shows the offline outline only', error);
      tileUrlPromise = null; // try again on the next map
      return null;
    });
  return tileUrlPromise;
}

/** Forgets the cached value (tests). */
export function resetTileUrlCache(): void {
  tileUrlPromise = null;
}
