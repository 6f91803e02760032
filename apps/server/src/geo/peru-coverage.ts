import outline from './data/peru-outline.json' with { type: 'json' };
import { distanceToSegmentKm, isValidLatLng } from './geo-math';
import type { LatLng } from './geo-provider';

/**
 * Is a point in Jala's service area (Peru)? Uses Natural Earth's 1:10m outline. That outline is
 * generalised (its coast can be off by several hundred metres), so points just offshore, on a pier or
 * at the tip of La Punta, still count: anything within COAST_TOLERANCE_KM of the outline is in.
 */
const COAST_TOLERANCE_KM = 3;

type Ring = [number, number][];
const polygons = outline.polygons as Ring[][];

const BOUNDS = polygons.flat(2).reduce(
  (box, [lng, lat]) => ({
    west: Math.min(box.west, lng),
    east: Math.max(box.east, lng),
    south: Math.min(box.south, lat),
    north: Math.max(box.north, lat),
  }),
  { west: Infinity, east: -Infinity, south: Infinity, north: -Infinity },
);
/** ~0.03° ≈ 3 km: the bounding box grown by the tolerance, for a cheap first rejection. */
const BOX_MARGIN_DEG = 0.03;

/** Ray casting; ring is [lng, lat][] and need not repeat its first point. */
function isInsideRing(point: LatLng, ring: Ring): boolean {
  let inside = false;
  const x = point.longitude;
  const y = point.latitude;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i] as [number, number];
    const [xj, yj] = ring[j] as [number, number];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

function isInsideOutline(point: LatLng): boolean {
  return polygons.some(
    ([outer, ...holes]) =>
      outer !== undefined && isInsideRing(point, outer) && !holes.some((hole) => isInsideRing(point, hole)),
  );
}

function isNearOutline(point: LatLng): boolean {
  for (const ring of polygons.flat()) {
    for (let i = 1; i < ring.length; i++) {
      const [aLng, aLat] = ring[i - 1] as [number, number];
      const [bLng, bLat] = ring[i] as [number, number];
      const a = { latitude: aLat, longitude: aLng };
      const b = { latitude: bLat, longitude: bLng };
      if (distanceToSegmentKm(point, a, b) <= COAST_TOLERANCE_KM) return true;
    }
  }
  return false;
}

export function isInPeru(point: LatLng): boolean {
  if (!isValidLatLng(point)) return false;
  if (
    point.latitude < BOUNDS.south - BOX_MARGIN_DEG ||
    point.latitude > BOUNDS.north + BOX_MARGIN_DEG ||
    point.longitude < BOUNDS.west - BOX_MARGIN_DEG ||
    point.longitude > BOUNDS.east + BOX_MARGIN_DEG
  ) {
    return false;
  }
  return isInsideOutline(point) || isNearOutline(point);
}

/** Peru's bounding box, for services that take a box to restrict results (Photon's bbox). */
export const PERU_BOUNDS: Readonly<{ west: number; east: number; south: number; north: number }> =
  Object.freeze(BOUNDS);
