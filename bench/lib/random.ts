/** A small seeded PRNG (mulberry32) so every run times the same driver positions. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface Box {
  south: number;
  north: number;
  west: number;
  east: number;
}

/** Central Lima, where most requests and drivers are (Callao to Ate, Independencia to Chorrillos). */
export const LIMA_CORE: Box = { south: -12.2, north: -11.95, west: -77.1, east: -76.95 };
/** Metropolitan Lima and Callao, Ancón to Lurín. */
export const LIMA_METRO: Box = { south: -12.3, north: -11.75, west: -77.2, east: -76.75 };
/** Peru's bounding box. */
export const PERU: Box = { south: -18.3, north: -3.4, west: -81.3, east: -68.7 };

export function pointIn(box: Box, random: () => number): { latitude: number; longitude: number } {
  return {
    latitude: box.south + (box.north - box.south) * random(),
    longitude: box.west + (box.east - box.west) * random(),
  };
}
