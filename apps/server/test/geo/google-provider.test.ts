import { decodePolyline } from '@jala/domain';
import { describe, expect, it } from 'vitest';

import { createGeoProvider, GeoError, type GeoProvider } from '../../src/geo';
import { callOnce, caught, createFakeFetch, expectNoRequestOutsidePeru, type FakeReply, fixture } from './fake-fetch';
import { AIRPORT, PARQUE_KENNEDY } from './test-places';

const KEY = 'AIzaSyTEST-server-only-key';

function googleWith(reply: (url: URL) => FakeReply) {
  const fake = createFakeFetch(reply);
  const provider: GeoProvider = createGeoProvider({ provider: 'google', googleApiKey: KEY, fetch: fake.fetch });
  return { provider, requests: fake.requests };
}

/** The key must reach Google and nothing else: not results, not error messages. */
function expectNoKeyIn(value: unknown): void {
  expect(JSON.stringify(value)).not.toContain(KEY);
  if (value instanceof Error) expect(`${value.message} ${String(value.stack)}`).not.toContain(KEY);
}

describe('Google adapter: place search', () => {
  it('calls Places Text Search with region pe, Spanish, the 50 km bias and the server key', async () => {
    const { answer: results, url } = await callOnce(
      googleWith(() => ({ body: fixture('google-textsearch-larcomar.json') })),
      (provider) => provider.searchPlaces('larcomar', { near: PARQUE_KENNEDY }),
    );
    expect(url.origin + url.pathname).toBe('https://maps.googleapis.com/maps/api/place/textsearch/json');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      query: 'larcomar',
      region: 'pe',
      language: 'es',
      location: '-12.121100,-77.029700',
      radius: '50000',
      key: KEY,
    });
    expectNoKeyIn(results);
  });

  it('keeps only results in Peru (Text Search merely biases by region)', async () => {
    const { provider } = googleWith(() => ({ body: fixture('google-textsearch-larcomar.json') }));
    expect(await provider.searchPlaces('larcomar')).toEqual([
      {
        placeId: 'ChIJz1dR6drHBZERL3HuRC8Gj6Y',
        name: 'Larcomar',
        formattedAddress: 'Malecón de la Reserva 610, Miraflores 15074, Perú',
        coordinates: { latitude: -12.1318043, longitude: -77.0306926 },
        types: ['shopping_mall', 'point_of_interest', 'establishment'],
      },
    ]);
  });

  it('falls back to Geocoding limited to country PE when Text Search has ZERO_RESULTS', async () => {
    const { provider, requests } = googleWith((url) => ({
      body: url.pathname.endsWith('/place/textsearch/json')
        ? fixture('google-textsearch-zero-results.json')
        : fixture('google-geocode-larco.json'),
    }));
    const results = await provider.searchPlaces('Av. José Larco 345');
    expect(requests).toHaveLength(2);
    const geocode = requests[1]!.url;
    expect(geocode.pathname).toBe('/maps/api/geocode/json');
    expect(geocode.searchParams.get('components')).toBe('country:PE');
    expect(geocode.searchParams.get('region')).toBe('pe');
    expect(geocode.searchParams.get('key')).toBe(KEY);
    expect(results).toEqual([
      {
        placeId: 'ChIJs7KkWLvIBZERB8N9a6N1yEI',
        name: 'Av. José Larco 345',
        formattedAddress: 'Av. José Larco 345, Miraflores 15074, Perú',
        coordinates: { latitude: -12.1225531, longitude: -77.0295287 },
        types: ['street_address'],
      },
    ]);
  });

  it('returns nothing when both searches have ZERO_RESULTS', async () => {
    const { provider } = googleWith(() => ({ body: fixture('google-textsearch-zero-results.json') }));
    expect(await provider.searchPlaces('zzqxw')).toEqual([]);
  });

  it('turns REQUEST_DENIED into PLACES_SEARCH_FAILED without leaking the key or Google’s English text', async () => {
    const { provider } = googleWith(() => ({ body: fixture('google-request-denied.json') }));
    const error = await caught(() => provider.searchPlaces('larcomar'));
    expect(error).toBeInstanceOf(GeoError);
    expect(error).toMatchObject({
      code: 'PLACES_SEARCH_FAILED',
      upstreamStatus: 'REQUEST_DENIED',
      message: 'No se pudo buscar lugares. Inténtalo de nuevo.',
    });
    expectNoKeyIn(error);
  });

  it('turns a denied geocoding fallback into GEOCODING_FAILED and a quota error into a Spanish hint', async () => {
    const denied = googleWith((url) => ({
      body: url.pathname.includes('textsearch')
        ? fixture('google-textsearch-zero-results.json')
        : fixture('google-request-denied.json'),
    }));
    await expect(denied.provider.searchPlaces('Av. José Larco 345')).rejects.toMatchObject({
      code: 'GEOCODING_FAILED',
    });
    const overLimit = googleWith(() => ({ body: fixture('google-over-query-limit.json') }));
    await expect(overLimit.provider.searchPlaces('larcomar')).rejects.toMatchObject({
      upstreamStatus: 'OVER_QUERY_LIMIT',
      message: expect.stringContaining('saturado'),
    });
  });
});

describe('Google adapter: reverse geocoding', () => {
  it('asks for latlng in Spanish and prefers a street address over a bare plus code', async () => {
    const { answer: result, url } = await callOnce(
      googleWith(() => ({ body: fixture('google-reverse-kennedy.json') })),
      (provider) => provider.reverseGeocode(PARQUE_KENNEDY),
    );
    expect(url.pathname).toBe('/maps/api/geocode/json');
    expect(Object.fromEntries(url.searchParams)).toEqual({ latlng: '-12.121100,-77.029700', language: 'es', key: KEY });
    expect(result).toEqual({
      address: 'Av. Diagonal 380, Miraflores 15074',
      place: {
        placeId: 'ChIJ3-lJ0L_IBZERtPZ0lSMN6yI',
        name: 'Av. Diagonal 380',
        formattedAddress: 'Av. Diagonal 380, Miraflores 15074, Perú',
        coordinates: { latitude: -12.1210946, longitude: -77.0300941 },
        types: ['street_address'],
      },
    });
  });

  it("says 'Mi ubicación actual' on ZERO_RESULTS and fails on REQUEST_DENIED", async () => {
    const empty = googleWith(() => ({ body: fixture('google-reverse-zero-results.json') }));
    expect(await empty.provider.reverseGeocode(PARQUE_KENNEDY)).toEqual({
      address: 'Mi ubicación actual',
      place: null,
    });
    const denied = googleWith(() => ({ body: fixture('google-request-denied.json') }));
    await expect(denied.provider.reverseGeocode(PARQUE_KENNEDY)).rejects.toMatchObject({
      code: 'REVERSE_GEOCODING_FAILED',
      upstreamStatus: 'REQUEST_DENIED',
    });
  });

  it('never spends a request on a point outside Peru', async () => {
    await expectNoRequestOutsidePeru(googleWith(() => ({ body: fixture('google-reverse-kennedy.json') })));
  });
});

describe('Google adapter: directions', () => {
  it('asks Directions for driving, in Spanish, region pe', async () => {
    const { url } = await callOnce(
      googleWith(() => ({ body: fixture('google-directions-miraflores-airport.json') })),
      (provider) => provider.route(PARQUE_KENNEDY, AIRPORT),
    );
    expect(url.pathname).toBe('/maps/api/directions/json');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      origin: '-12.121100,-77.029700',
      destination: '-12.021900,-77.114300',
      mode: 'driving',
      language: 'es',
      region: 'pe',
      key: KEY,
    });
  });

  it('returns totals in Jala’s format, the overview polyline and plain-text steps', async () => {
    const { provider } = googleWith(() => ({ body: fixture('google-directions-miraflores-airport.json') }));
    const route = await provider.route(PARQUE_KENNEDY, AIRPORT);
    expect(route.distance).toEqual({ text: '16.1 km', value: 16140 });
    expect(route.duration).toEqual({ text: '42 min', value: 2513 });
    const points = decodePolyline(route.polyline);
    expect(points[0]).toEqual([-12.12111, -77.02971]);
    expect(points.at(-1)).toEqual([-12.0219, -77.1143]);
    expect(route.steps[0]).toEqual({
      instruction: 'Dirígete al noroeste por Av. Diagonal hacia Av. José Pardo',
      distance: { text: '182 m', value: 182 },
      duration: { text: '1 min', value: 48 },
      start: { latitude: -12.12111, longitude: -77.02971 },
    });
    expect(route.steps.at(-1)?.instruction).toBe(
      'Gira a la izquierda hacia Aeropuerto Internacional Jorge Chávez. El destino está a la derecha.',
    );
    expect(route.estimatedCost).toBeCloseTo(5 + 2.5 * 16.14 + 0.3 * (2513 / 60), 1);
    expectNoKeyIn(route);
  });

  it('sends waypoints and avoid options the way Directions expects them', async () => {
    const { url } = await callOnce(
      googleWith(() => ({ body: fixture('google-directions-miraflores-airport.json') })),
      (provider) =>
        provider.route(PARQUE_KENNEDY, AIRPORT, {
          waypoints: [{ latitude: -12.0453, longitude: -77.0311 }],
          avoid: ['tolls', 'highways'],
        }),
    );
    expect(url.searchParams.get('waypoints')).toBe('-12.045300,-77.031100');
    expect(url.searchParams.get('avoid')).toBe('tolls|highways');
  });

  it('reports ZERO_RESULTS as ROUTE_FAILED with a Spanish explanation', async () => {
    const { provider } = googleWith(() => ({ body: fixture('google-directions-zero-results.json') }));
    await expect(provider.route(PARQUE_KENNEDY, AIRPORT)).rejects.toMatchObject({
      code: 'ROUTE_FAILED',
      upstreamStatus: 'ZERO_RESULTS',
      message: 'No encontramos una ruta por carretera entre estos puntos.',
    });
  });

  it('reports REQUEST_DENIED, HTTP 500 and malformed JSON as ROUTE_FAILED without the key', async () => {
    for (const [reply, upstreamStatus] of [
      [{ body: fixture('google-request-denied.json') }, 'REQUEST_DENIED'],
      [{ status: 500, body: '<html>Server Error</html>', contentType: 'text/html' }, 'HTTP 500'],
      [{ body: '{"routes": [ {"legs": ' }, 'INVALID_JSON'],
      [{ body: '{"status": "OK", "routes": [{"legs": "none"}]}' }, 'UNEXPECTED_FORMAT'],
    ] as const) {
      const { provider } = googleWith(() => reply);
      const error = await caught(() => provider.route(PARQUE_KENNEDY, AIRPORT));
      expect(error).toMatchObject({ code: 'ROUTE_FAILED', upstreamStatus });
      expectNoKeyIn(error);
    }
  });
});
