import { useEffect, useMemo, useState } from 'react';
import { TileLayer } from 'react-leaflet';

import { loadTileUrl } from '@/features/map/api/tiles-api';

/** Plain text like the rest of the map's credits (trip-map-view.tsx): no link too small to tap. */
const TILE_ATTRIBUTION = '&copy; colaboradores de OpenStreetMap';

/**
 * The configured street tiles. Reports when they fail (no internet, tile server down) before any has
 * loaded, so the map can say so; the outline, markers, route and taps keep working underneath.
 */
export function BaseTileLayer({ onFailingChange }: { onFailingChange: (failing: boolean) => void }) {
  const [url, setUrl] = useState<string | null>(null);

  useEffect(() => {
    let active = true;
    void loadTileUrl().then((value) => {
      if (active) setUrl(value);
    });
    return () => {
      active = false;
    };
  }, []);

  const handlers = useMemo(() => {
    let loadedAny = false;
    return {
      tileload: () => {
        loadedAny = true;
        onFailingChange(false);
      },
      tileerror: () => {
        if (!loadedAny) onFailingChange(true);
      },
    };
  }, [onFailingChange]);

  return url ? <TileLayer url={url} attribution={TILE_ATTRIBUTION} maxZoom={19} eventHandlers={handlers} /> : null;
}
