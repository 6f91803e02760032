/** Coordinates: validity (spec §5), parsing of decimal strings (spec §3), distances and Peru's map frame. */

export interface Coordinates {
  latitude: number;
  longitude: number;
}

/** Mean Earth radius used for every distance (spec §9). */
export const EARTH_RADIUS_KM = 6371;

/** Bounding box of Peru, in degrees (inclusive). */
export const PERU_BOUNDS = Object.freeze({ south: -18.35, north: -0.03, west: -81.33, east: -68.65 });

/** Default map centre: a point in central Peru (spec §2 "Map view"). */
export const DEFAULT_MAP_CENTER: Readonly<Coordinates> = Object.freeze({ latitude: -9.19, longitude: -75.0152 });

/** Initial map zoom (spec §9). */
export const DEFAULT_MAP_ZOOM = 14;

/** Zoom after 'Mi ubicación' (spec §9). */
export const MY_LOCATION_ZOOM = 16;

/**
 * Spec §5: a coordinate pair is valid only when both are numbers, not NaN, with |latitude| ≤ 90 and
 * |longitude| ≤ 180. Strings are not numbers here: parse them first with {@link parseCoordinate}.
 */
export function isValidCoordinate(lat: unknown, lng: unknown): boolean {
  return (
    typeof lat === 'number' &&
    typeof lng === 'number' &&
    !Number.isNaN(lat) &&
    !Number.isNaN(lng) &&
    Math.abs(lat) <= 90 &&
    Math.abs(lng) <= 180
  );
}

const DECIMAL_DEGREES = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;

/**
 * A coordinate component as a number: finite numbers pass through, plain decimal strings such as
 * '-12.0464' or ' 77.03 ' are parsed (spec §3: trip coordinates arrive as decimal strings).
 * Anything else (empty, '12,5', '1e3', NaN, ±Infinity, null, objects) gives null. No range check.
 */
export function parseCoordinate(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (!DECIMAL_DEGREES.test(text)) return null;
  return Number(text);
}

/** Parses both components and checks them (spec §5); null when either is missing or out of range. */
export function toValidCoordinates(lat: unknown, lng: unknown): Coordinates | null {
  const latitude = parseCoordinate(lat);
  const longitude = parseCoordinate(lng);
  if (!isValidCoordinate(latitude, longitude)) return null;
  return { latitude: latitude as number, longitude: longitude as number };
}

const toRadians = (degrees: number): number => (degrees * Math.PI) / 180;

/** Great-circle distance in km by the haversine formula on a sphere of radius 6371 km. */
export function haversineKm(a: Coordinates, b: Coordinates): number {
  const dLat = toRadians(b.latitude - a.latitude);
  const dLng = toRadians(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRadians(a.latitude)) * Math.cos(toRadians(b.latitude)) * Math.sin(dLng / 2) ** 2;
  // Clamp: rounding can push h a hair above 1 for antipodal points, and asin(>1) is NaN.
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.sqrt(Math.min(1, h)));
}

/** True when the (valid) point lies inside {@link PERU_BOUNDS}, edges included. */
export function isInPeru(lat: unknown, lng: unknown): boolean {
  if (!isValidCoordinate(lat, lng)) return false;
  const latitude = lat as number;
  const longitude = lng as number;
  return (
    latitude >= PERU_BOUNDS.south &&
    latitude <= PERU_BOUNDS.north &&
    longitude >= PERU_BOUNDS.west &&
    longitude <= PERU_BOUNDS.east
  );
}
