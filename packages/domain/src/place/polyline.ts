/**
 * Google encoded polyline algorithm
 * (https://developers.google.com/maps/documentation/utilities/polylinealgorithm), precision 5 by default
 * (spec §9). Pure implementation: each coordinate is rounded to `precision` decimals (half away from
 * zero), the difference from the previous point is zigzag-encoded and written in 5-bit chunks,
 * least significant first, each chunk offset by 63 and flagged with 0x20 when more follow.
 */

export type LatLngTuple = [latitude: number, longitude: number];

export const POLYLINE_PRECISION = 5;

function factorFor(precision: number): number {
  if (!Number.isInteger(precision) || precision < 0 || precision > 10) {
    throw new RangeError(`Precisión de polilínea inválida: ${String(precision)}`);
  }
  return 10 ** precision;
}

function roundHalfAwayFromZero(value: number): number {
  return Math.sign(value) * Math.round(Math.abs(value));
}

function encodeSigned(value: number): string {
  // Zigzag: non-negative n → 2n, negative n → −2n − 1 (arithmetic, safe beyond 32 bits).
  let rest = value < 0 ? -2 * value - 1 : 2 * value;
  let out = '';
  while (rest >= 0x20) {
    out += String.fromCharCode((0x20 | (rest % 0x20)) + 63);
    rest = Math.floor(rest / 0x20);
  }
  return out + String.fromCharCode(rest + 63);
}

export function encodePolyline(
  points: ReadonlyArray<readonly [number, number]>,
  precision = POLYLINE_PRECISION,
): string {
  const factor = factorFor(precision);
  let previousLat = 0;
  let previousLng = 0;
  let out = '';
  for (const [lat, lng] of points) {
    if (!Number.isFinite(lat) || !Number.isFinite(lng)) {
      throw new RangeError(`Coordenada inválida en polilínea: ${String(lat)}, ${String(lng)}`);
    }
    const scaledLat = roundHalfAwayFromZero(lat * factor);
    const scaledLng = roundHalfAwayFromZero(lng * factor);
    out += encodeSigned(scaledLat - previousLat) + encodeSigned(scaledLng - previousLng);
    previousLat = scaledLat;
    previousLng = scaledLng;
  }
  return out;
}

/** @throws Error('Polilínea inválida') on characters outside '?'..'~', truncated values or an odd value count. */
export function decodePolyline(encoded: string, precision = POLYLINE_PRECISION): LatLngTuple[] {
  const factor = factorFor(precision);
  const values: number[] = [];
  let index = 0;
  while (index < encoded.length) {
    let result = 0;
    let multiplier = 1;
    let chunk: number;
    do {
      if (index >= encoded.length) throw new Error('Polilínea inválida: valor incompleto');
      chunk = encoded.charCodeAt(index++) - 63;
      if (chunk < 0 || chunk > 0x3f) throw new Error('Polilínea inválida: carácter no permitido');
      result += (chunk & 0x1f) * multiplier;
      multiplier *= 0x20;
      if (multiplier > 2 ** 60) throw new Error('Polilínea inválida: valor demasiado largo');
    } while (chunk >= 0x20);
    if (!Number.isSafeInteger(result)) throw new Error('Polilínea inválida: valor demasiado largo');
    values.push(result % 2 === 1 ? -(result + 1) / 2 : result / 2);
  }
  if (values.length % 2 !== 0) throw new Error('Polilínea inválida: falta una longitud');

  const points: LatLngTuple[] = [];
  let lat = 0;
  let lng = 0;
  for (let i = 0; i < values.length; i += 2) {
    lat += values[i] as number;
    lng += values[i + 1] as number;
    points.push([lat / factor, lng / factor]);
  }
  return points;
}
