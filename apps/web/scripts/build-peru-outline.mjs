// Writes the web map's offline Peru outline (src/features/map/peru-outline.json) from the server's
// Natural Earth outline (apps/server/src/geo/data/peru-outline.json), simplified with Douglas-Peucker so
// the map chunk stays small. The map draws it under the tiles, so it is what users see without internet.
// Usage: node apps/web/scripts/build-peru-outline.mjs [toleranceDegrees=0.004]
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const source = fileURLToPath(new URL('../../server/src/geo/data/peru-outline.json', import.meta.url));
const target = fileURLToPath(new URL('../src/features/map/peru-outline.json', import.meta.url));
const tolerance = Number(process.argv[2] ?? 0.004);

/** Squared distance from p to the segment a-b, in degrees² (fine for simplification at this scale). */
function segmentDistanceSq([px, py], [ax, ay], [bx, by]) {
  let dx = bx - ax;
  let dy = by - ay;
  if (dx !== 0 || dy !== 0) {
    const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)));
    ax += t * dx;
    ay += t * dy;
  }
  dx = px - ax;
  dy = py - ay;
  return dx * dx + dy * dy;
}

function simplify(points, toleranceSq) {
  const keep = new Uint8Array(points.length);
  keep[0] = 1;
  keep[points.length - 1] = 1;
  const stack = [[0, points.length - 1]];
  while (stack.length > 0) {
    const [first, last] = stack.pop();
    let maxSq = 0;
    let index = -1;
    for (let i = first + 1; i < last; i++) {
      const d = segmentDistanceSq(points[i], points[first], points[last]);
      if (d > maxSq) {
        maxSq = d;
        index = i;
      }
    }
    if (index !== -1 && maxSq > toleranceSq) {
      keep[index] = 1;
      stack.push([first, index], [index, last]);
    }
  }
  return points.filter((_, i) => keep[i] === 1);
}

const round = (n) => Math.round(n * 1e4) / 1e4;
const outline = JSON.parse(readFileSync(source, 'utf8'));
const polygons = outline.polygons
  .map((rings) =>
    rings
      .map((ring) => simplify(ring, tolerance * tolerance).map(([x, y]) => [round(x), round(y)]))
      .filter((ring) => ring.length >= 4),
  )
  .filter((rings) => rings.length > 0);

const geojson = {
  type: 'Feature',
  properties: {
    name: 'Perú',
    source: `${outline.source}, simplified (tolerance ${tolerance}°)`,
    licence: outline.licence,
  },
  geometry: { type: 'MultiPolygon', coordinates: polygons },
};
writeFileSync(target, `${JSON.stringify(geojson)}\n`);
const vertices = polygons.flat(2).length;
console.info(
  `peru-outline.json: ${polygons.length} polygons, ${vertices} vertices, ${JSON.stringify(geojson).length} bytes`,
);
