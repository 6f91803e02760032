import type { GeoJsonObject } from 'geojson';
import { svg } from 'leaflet';
import { useState } from 'react';
import { GeoJSON, Pane } from 'react-leaflet';

import outline from '@/features/map/peru-outline.json';

/** Below the tile pane (200): once tiles load they cover it; without tiles it is the map. */
const OUTLINE_PANE_Z = 150;
const OUTLINE_PANE = 'jala-outline';
const OUTLINE_STYLE = { color: '#9aa9bd', weight: 1.2, fillColor: '#f6f4ee', fillOpacity: 1 } as const;
const OUTLINE_ATTRIBUTION = 'Contorno: Natural Earth';

/** JSON imports type `type` as a plain string; this checks the bundled outline is GeoJSON instead of casting it. */
function isGeoJson(value: unknown): value is GeoJsonObject {
  return typeof value === 'object' && value !== null && 'type' in value && typeof value.type === 'string';
}

const OUTLINE: GeoJsonObject | null = isGeoJson(outline) ? outline : null;

/**
 * Peru's land outline (Natural Earth, simplified: scripts/build-peru-outline.mjs), drawn on the plain
 * background of the map container so the map stays readable and tappable with no tiles (no internet).
 * Not interactive: taps go through to the map.
 */
export function PeruOutlineLayer() {
  // Drawn well beyond the view (Leaflet's default is 10 %), so zooming and panning never uncover blank
  // sea. One renderer per map. Leaflet hands GeoJSON options to each polygon, `renderer` included; the
  // typings only lack it.
  const [rendererOptions] = useState<Record<string, unknown>>(() => ({
    renderer: svg({ padding: 1, pane: OUTLINE_PANE }),
  }));
  if (!OUTLINE) return null;
  return (
    <Pane name={OUTLINE_PANE} style={{ zIndex: OUTLINE_PANE_Z }}>
      <GeoJSON
        data={OUTLINE}
        style={OUTLINE_STYLE}
        interactive={false}
        attribution={OUTLINE_ATTRIBUTION}
        {...rendererOptions}
      />
    </Pane>
  );
}
