import { decodePolyline, encodePolyline } from '@jala/domain';
import mapboxPolyline from '@mapbox/polyline';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { fixture } from './fake-fetch';

/**
 * Route polylines are encoded by @jala/domain. The maps clients and OSRM/Google speak the same
 * algorithm; this pins that our encoding is byte-for-byte the one a standard decoder expects.
 */
describe('route polyline encoding (precision 5)', () => {
  it('agrees with @mapbox/polyline in both directions for Peruvian coordinates', () => {
    const peruPoint = fc.tuple(
      fc.double({ min: -18.4, max: -0.03, noNaN: true }),
      fc.double({ min: -81.4, max: -68.6, noNaN: true }),
    );
    fc.assert(
      fc.property(fc.array(peruPoint, { minLength: 1, maxLength: 40 }), (points) => {
        const ours = encodePolyline(points);
        expect(ours).toBe(mapboxPolyline.encode(points, 5));
        expect(decodePolyline(ours)).toEqual(mapboxPolyline.decode(ours, 5));
      }),
    );
  });

  it('decodes the recorded OSRM and Google geometries the adapters pass through', () => {
    const osrm = JSON.parse(fixture('osrm-route-miraflores-airport.json')) as { routes: { geometry: string }[] };
    const google = JSON.parse(fixture('google-directions-miraflores-airport.json')) as {
      routes: { overview_polyline: { points: string } }[];
    };
    for (const encoded of [osrm.routes[0]!.geometry, google.routes[0]!.overview_polyline.points]) {
      expect(decodePolyline(encoded)).toEqual(mapboxPolyline.decode(encoded, 5));
    }
  });
});
