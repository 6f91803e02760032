import type { Kpis } from '@jala/contracts';

/** Half a cell (the server's ~1 km cells are 0.009° wide), so each square covers its own cell. */
const HALF_CELL = 0.0045;

/**
 * Where requests got no offer: each cell a square over the cells' own bounding box, darker with more
 * requests. Drawn without map tiles, like the live map, so it shows whatever the network does.
 */
export function UnmatchedMap({ cells }: { cells: Kpis['unmatched_cells'] }) {
  if (cells.length === 0) return null;
  const lats = cells.map((c) => c.latitude);
  const lngs = cells.map((c) => c.longitude);
  const pad = 0.01;
  const [minLat, maxLat, minLng, maxLng] = [
    Math.min(...lats) - pad,
    Math.max(...lats) + pad,
    Math.min(...lngs) - pad,
    Math.max(...lngs) + pad,
  ];
  const span = Math.max(maxLat - minLat, maxLng - minLng);
  const x = (lng: number) => ((lng - minLng) / span) * 100;
  const y = (lat: number) => ((maxLat - lat) / span) * 100;
  const most = Math.max(...cells.map((c) => c.requests));
  const size = ((2 * HALF_CELL) / span) * 100;
  return (
    <svg
      className="ops-plot kpi-map"
      viewBox="0 0 100 100"
      role="img"
      aria-label={`Mapa de ${cells.length} zonas con solicitudes sin oferta; la tabla de abajo las lista.`}
    >
      <rect x="0" y="0" width="100" height="100" className="ops-plot__ground" />
      {cells.map((c) => (
        <rect
          key={`${c.latitude},${c.longitude}`}
          x={x(c.longitude - HALF_CELL)}
          y={y(c.latitude + HALF_CELL)}
          width={Math.max(size, 1.5)}
          height={Math.max(size, 1.5)}
          className="kpi-map__cell"
          style={{ fillOpacity: 0.25 + 0.75 * (c.requests / most) }}
        >
          <title>{`${c.requests} solicitudes sin oferta cerca de ${c.latitude.toFixed(4)}, ${c.longitude.toFixed(4)}`}</title>
        </rect>
      ))}
    </svg>
  );
}
