import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { decodePolyline, encodePolyline, POLYLINE_PRECISION } from '../src/place/polyline';

// Canonical example of Google's "Encoded Polyline Algorithm Format" page.
const GOOGLE_POINTS: Array<[number, number]> = [
  [38.5, -120.2],
  [40.7, -120.95],
  [43.252, -126.453],
];
const GOOGLE_ENCODED = '_p~iF~ps|U_ulLnnqC_mqNvxq`@';

describe('polyline (spec §9: precision 5)', () => {
  it('defaults to precision 5', () => {
    expect(POLYLINE_PRECISION).toBe(5);
  });

  it("encodes Google's canonical example", () => {
    expect(encodePolyline(GOOGLE_POINTS)).toBe(GOOGLE_ENCODED);
  });

  it("decodes Google's canonical example", () => {
    expect(decodePolyline(GOOGLE_ENCODED)).toEqual(GOOGLE_POINTS);
  });

  it("encodes Google's single-value example −179.9832104 as '`~oia@'", () => {
    // From the same page: the latitude alone encodes to '`~oia@'.
    expect(encodePolyline([[-179.9832104, 0]])).toBe('`~oia@?');
  });

  it('handles the empty path', () => {
    expect(encodePolyline([])).toBe('');
    expect(decodePolyline('')).toEqual([]);
  });

  it('encodes the origin as two zero deltas', () => {
    expect(encodePolyline([[0, 0]])).toBe('??');
    expect(decodePolyline('??')).toEqual([[0, 0]]);
  });

  it('rounds to the precision, half away from zero', () => {
    expect(decodePolyline(encodePolyline([[-12.046449, -77.042851]]))).toEqual([[-12.04645, -77.04285]]);
    expect(decodePolyline(encodePolyline([[0.000005, -0.000005]]))).toEqual([[0.00001, -0.00001]]);
  });

  it('supports precision 6', () => {
    const points: Array<[number, number]> = [
      [-12.046374, -77.042793],
      [-12.121, -77.0297],
    ];
    const encoded = encodePolyline(points, 6);
    expect(encoded).not.toBe(encodePolyline(points));
    expect(decodePolyline(encoded, 6)).toEqual(points);
    expect(decodePolyline(encoded, 5)).not.toEqual(points);
  });

  it('throws on malformed input', () => {
    expect(() => decodePolyline('_p~iF~ps|U_')).toThrow('Polilínea inválida'); // truncated value
    expect(() => decodePolyline('_p~iF')).toThrow('Polilínea inválida'); // latitude without longitude
    expect(() => decodePolyline('_p~iF ps|U')).toThrow('Polilínea inválida'); // character below '?'
    expect(() => decodePolyline('__________________')).toThrow('Polilínea inválida'); // endless value
  });

  it('refuses non-finite coordinates and bad precisions', () => {
    expect(() => encodePolyline([[NaN, 0]])).toThrow(RangeError);
    expect(() => encodePolyline([[0, Infinity]])).toThrow(RangeError);
    expect(() => encodePolyline([[0, 0]], -1)).toThrow(RangeError);
    expect(() => encodePolyline([[0, 0]], 1.5)).toThrow(RangeError);
    expect(() => decodePolyline('??', 11)).toThrow(RangeError);
  });

  // Coordinates on the 1e-5 grid, as integers, so the round trip must be exact.
  const gridPoint = fc.tuple(
    fc.integer({ min: -9_000_000, max: 9_000_000 }),
    fc.integer({ min: -18_000_000, max: 18_000_000 }),
  );

  it('round-trips any path on the precision grid (property)', () => {
    fc.assert(
      fc.property(fc.array(gridPoint, { maxLength: 50 }), (scaled) => {
        const points = scaled.map(([lat, lng]) => [lat / 1e5, lng / 1e5] as [number, number]);
        expect(decodePolyline(encodePolyline(points))).toEqual(points);
      }),
    );
  });

  it('decodes any path to within half a unit of the precision (property)', () => {
    const point = fc.tuple(
      fc.double({ min: -90, max: 90, noNaN: true, noDefaultInfinity: true }),
      fc.double({ min: -180, max: 180, noNaN: true, noDefaultInfinity: true }),
    );
    fc.assert(
      fc.property(fc.array(point, { maxLength: 30 }), (points) => {
        const decoded = decodePolyline(encodePolyline(points));
        expect(decoded).toHaveLength(points.length);
        decoded.forEach(([lat, lng], i) => {
          const [originalLat, originalLng] = points[i] as [number, number];
          expect(Math.abs(lat - originalLat)).toBeLessThanOrEqual(0.5e-5 + 1e-9);
          expect(Math.abs(lng - originalLng)).toBeLessThanOrEqual(0.5e-5 + 1e-9);
        });
      }),
    );
  });

  it('re-encodes any decoded path to the same string (property)', () => {
    fc.assert(
      fc.property(fc.array(gridPoint, { maxLength: 30 }), (scaled) => {
        const encoded = encodePolyline(scaled.map(([lat, lng]) => [lat / 1e5, lng / 1e5] as [number, number]));
        expect(encodePolyline(decodePolyline(encoded))).toBe(encoded);
      }),
    );
  });
});
