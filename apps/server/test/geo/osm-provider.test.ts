import { decodePolyline } from '@jala/domain';
import { describe, expect, it } from 'vitest';

import { createGeoProvider, GeoError, type GeoProvider } from '../../src/geo';
import {
  callOnce,
  caught,
  createFakeFetch,
  expectNoRequestOutsidePeru,
  type FakeReply,
  fixture,
  onlyRequest,
} from './fake-fetch';
import { AIRPORT, PARQUE_KENNEDY } from './test-places';

const NOMINATIM = 'https://nominatim.test';
const OSRM = 'https://osrm.test';

function osmWith(
  reply: (url: URL) => FakeReply,
  extra: { photonUrl?: string; nominatimUrl?: string; timeoutMs?: number } = {},
) {
  const fake = createFakeFetch(reply);
  const provider: GeoProvider = createGeoProvider({
    provider: 'osm',
    nominatimUrl: extra.nominatimUrl ?? NOMINATIM,
    osrmUrl: OSRM,
    photonUrl: extra.photonUrl,
    googleApiKey: 'NOT-FOR-OSM',
    fetch: fake.fetch,
    ...(extra.timeoutMs === undefined ? {} : { timeoutMs: extra.timeoutMs }),
  });
  return { provider, requests: fake.requests };
}

describe('OSM adapter: Nominatim search', () => {
  it('asks Nominatim jsonv2 limited to Peru, in Spanish, with an identifying User-Agent and a timeout', async () => {
    const { url, headers, signal } = await callOnce(
      osmWith(() => ({ body: fixture('nominatim-search-kennedy.json') })),
      (provider) => provider.searchPlaces('parque kennedy', { limit: 5 }),
    );
    expect(url.origin + url.pathname).toBe(`${NOMINATIM}/search`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      q: 'parque kennedy',
      format: 'jsonv2',
      countrycodes: 'pe',
      limit: '5',
      addressdetails: '1',
      'accept-language': 'es',
    });
    expect(headers.get('user-agent')).toMatch(/^Jala\//);
    expect(signal).toBeInstanceOf(AbortSignal);
    expect(url.href).not.toContain('NOT-FOR-OSM');
  });

  it('turns jsonv2 results into Places with stable OSM ids and Google-style types', async () => {
    const { provider } = osmWith(() => ({ body: fixture('nominatim-search-kennedy.json') }));
    const [park, stop] = await provider.searchPlaces('parque kennedy');
    expect(park).toEqual({
      placeId: 'osm:W27353412',
      name: 'Parque Kennedy',
      formattedAddress: 'Parque Kennedy, Avenida José Larco, Miraflores, Lima, Lima Metropolitana, Lima, 15074, Perú',
      coordinates: { latitude: -12.1218556, longitude: -77.0298116 },
      types: ['park', 'point_of_interest', 'establishment'],
    });
    expect(stop).toMatchObject({ placeId: 'osm:N4520319412', types: ['route'] });
  });

  it('searches a 50 km box around `near` first and all of Peru only when the box is empty', async () => {
    const { provider, requests } = osmWith((url) => ({
      body: url.searchParams.has('bounded')
        ? fixture('nominatim-search-empty.json')
        : fixture('nominatim-search-kennedy.json'),
    }));
    const results = await provider.searchPlaces('parque kennedy', { near: PARQUE_KENNEDY });
    expect(results).toHaveLength(2);
    expect(requests).toHaveLength(2);
    const [bounded, open] = requests.map((request) => request.url.searchParams);
    expect(bounded?.get('bounded')).toBe('1');
    const [west, north, east, south] = (bounded?.get('viewbox') ?? '').split(',').map(Number);
    expect(north! - PARQUE_KENNEDY.latitude).toBeCloseTo(50 / 111.32, 3);
    expect(PARQUE_KENNEDY.latitude - south!).toBeCloseTo(50 / 111.32, 3);
    expect(east! - west!).toBeGreaterThan(2 * (50 / 111.32)); // longitude degrees are shorter off the equator
    expect(open?.has('viewbox')).toBe(false);
    expect(open?.get('countrycodes')).toBe('pe');
  });

  it('keeps a path prefix in a self-hosted Nominatim URL', async () => {
    const { provider, requests } = osmWith(() => ({ body: '[]' }), {
      nominatimUrl: 'http://geo.internal:8080/nominatim',
    });
    await provider.searchPlaces('larcomar');
    expect(onlyRequest(requests).url.pathname).toBe('/nominatim/search');
  });

  it('uses Photon when configured, restricted to Peru’s box and to country code PE', async () => {
    const { answer: results, url } = await callOnce(
      osmWith(() => ({ body: fixture('photon-search-larcomar.json') }), { photonUrl: 'https://photon.test/' }),
      (provider) => provider.searchPlaces('larcomar', { near: PARQUE_KENNEDY }),
    );
    expect(url.origin + url.pathname).toBe('https://photon.test/api');
    expect(url.searchParams.get('lat')).toBe('-12.121100');
    expect(url.searchParams.get('bbox')?.split(',').map(Number)).toEqual([
      expect.closeTo(-81.33, 1),
      expect.closeTo(-18.35, 1),
      expect.closeTo(-68.65, 1),
      expect.closeTo(-0.03, 1),
    ]);
    expect(results).toEqual([
      {
        placeId: 'osm:W142453077',
        name: 'Larcomar',
        formattedAddress: 'Larcomar, Malecón de la Reserva 610, Miraflores, Lima, Perú',
        coordinates: { latitude: -12.1317648, longitude: -77.0306795 },
        types: ['shopping_mall', 'point_of_interest', 'establishment'],
      },
    ]);
  });
});

describe('OSM adapter: Nominatim reverse', () => {
  it('asks /reverse jsonv2 and answers a short Spanish address', async () => {
    const { answer: result, url } = await callOnce(
      osmWith(() => ({ body: fixture('nominatim-reverse-kennedy.json') })),
      (provider) => provider.reverseGeocode(PARQUE_KENNEDY),
    );
    expect(url.pathname).toBe('/reverse');
    expect(url.searchParams.get('format')).toBe('jsonv2');
    expect(url.searchParams.get('lat')).toBe('-12.121100');
    expect(url.searchParams.get('lon')).toBe('-77.029700');
    expect(result.address).toBe('Parque Kennedy, Avenida José Larco, Miraflores, Lima');
    expect(result.place?.placeId).toBe('osm:W27353412');
  });

  it("says 'Mi ubicación actual' when Nominatim is unable to geocode", async () => {
    const { provider } = osmWith(() => ({ body: fixture('nominatim-reverse-unable.json') }));
    expect(await provider.reverseGeocode({ latitude: -10.5, longitude: -74 })).toEqual({
      address: 'Mi ubicación actual',
      place: null,
    });
  });

  it('rejects a point outside Peru without calling the service', async () => {
    await expectNoRequestOutsidePeru(osmWith(() => ({ body: '{}' })));
  });
});

describe('OSM adapter: OSRM route', () => {
  it('asks OSRM for a full polyline route with steps, longitude first', async () => {
    const { url } = await callOnce(
      osmWith(() => ({ body: fixture('osrm-route-miraflores-airport.json') })),
      (provider) => provider.route(PARQUE_KENNEDY, AIRPORT),
    );
    expect(url.origin + decodeURIComponent(url.pathname)).toBe(
      `${OSRM}/route/v1/driving/-77.029700,-12.121100;-77.114300,-12.021900`,
    );
    expect(Object.fromEntries(url.searchParams)).toEqual({ overview: 'full', geometries: 'polyline', steps: 'true' });
  });

  it('returns distance, duration, the geometry as is and Spanish steps', async () => {
    const { provider } = osmWith(() => ({ body: fixture('osrm-route-miraflores-airport.json') }));
    const route = await provider.route(PARQUE_KENNEDY, AIRPORT);
    const recorded = JSON.parse(fixture('osrm-route-miraflores-airport.json')) as { routes: { geometry: string }[] };
    expect(route.distance).toEqual({ text: '16.1 km', value: 16139 });
    expect(route.duration).toEqual({ text: '26 min', value: 1570 });
    expect(route.polyline).toBe(recorded.routes[0]?.geometry);
    const points = decodePolyline(route.polyline);
    expect(points[0]).toEqual([-12.12111, -77.02971]);
    expect(points.at(-1)).toEqual([-12.0219, -77.1143]);
    expect(route.steps.map((step) => step.instruction)).toEqual([
      'Dirígete al norte por Avenida Diagonal',
      'En la rotonda, toma la 1.ª salida hacia Avenida José Pardo',
      'Gira a la derecha hacia Avenida Comandante Espinar',
      'Continúa por Avenida Javier Prado Oeste',
      'Continúa por Avenida La Marina',
      'Gira a la derecha hacia Avenida Elmer Faucett',
      'Gira a la izquierda',
      'Llegaste a tu destino',
    ]);
    expect(route.steps[0]).toMatchObject({
      start: { latitude: -12.12111, longitude: -77.02971 },
      distance: { text: '182 m' },
    });
    expect(route.estimatedCost).toBeCloseTo(5 + 2.5 * 16.139 + 0.3 * (1570 / 60), 1);
  });

  it('slows a mototaxi down and passes avoid options as OSRM exclude classes', async () => {
    const { provider, requests } = osmWith(() => ({ body: fixture('osrm-route-miraflores-airport.json') }));
    const mototaxi = await provider.route(PARQUE_KENNEDY, AIRPORT, { serviceTypeId: 1, avoid: ['tolls', 'highways'] });
    expect(mototaxi.duration.value).toBeGreaterThan(1570);
    expect(onlyRequest(requests).url.searchParams.get('exclude')).toBe('toll,motorway');
  });

  it('reports NoRoute (HTTP 400 with a JSON body) as ROUTE_FAILED in Spanish', async () => {
    const { provider } = osmWith(() => ({ status: 400, body: fixture('osrm-no-route.json') }));
    const error = await caught(() => provider.route(PARQUE_KENNEDY, AIRPORT));
    expect(error).toBeInstanceOf(GeoError);
    expect(error).toMatchObject({
      code: 'ROUTE_FAILED',
      upstreamStatus: 'NoRoute',
      message: 'No encontramos una ruta por carretera entre estos puntos.',
    });
  });
});

describe('OSM adapter: failures', () => {
  it('turns an HTTP 500 page into PLACES_SEARCH_FAILED', async () => {
    const { provider } = osmWith(() => ({
      status: 500,
      body: '<html><body>Internal Server Error</body></html>',
      contentType: 'text/html',
    }));
    const error = await caught(() => provider.searchPlaces('larcomar'));
    expect(error).toMatchObject({ code: 'PLACES_SEARCH_FAILED', upstreamStatus: 'HTTP 500' });
    expect((error as Error).message).toMatch(/servicio de mapas/);
  });

  it('turns an HTTP 503 with a JSON body into REVERSE_GEOCODING_FAILED', async () => {
    const { provider } = osmWith(() => ({ status: 503, body: '{"error":"Service overloaded"}' }));
    await expect(provider.reverseGeocode(PARQUE_KENNEDY)).rejects.toMatchObject({
      code: 'REVERSE_GEOCODING_FAILED',
      upstreamStatus: 'HTTP 503',
    });
  });

  it('turns malformed JSON and unexpected shapes into GeoErrors, never into bad data', async () => {
    const truncated = osmWith(() => ({ body: fixture('nominatim-search-kennedy.json').slice(0, 200) }));
    await expect(truncated.provider.searchPlaces('kennedy')).rejects.toMatchObject({
      code: 'PLACES_SEARCH_FAILED',
      upstreamStatus: 'INVALID_JSON',
    });
    const wrongShape = osmWith(() => ({ body: '{"results": []}' }));
    await expect(wrongShape.provider.searchPlaces('kennedy')).rejects.toMatchObject({
      upstreamStatus: 'UNEXPECTED_FORMAT',
    });
    const badRoute = osmWith(() => ({ body: '{"code":"Ok","routes":[{"distance":"far"}]}' }));
    await expect(badRoute.provider.route(PARQUE_KENNEDY, AIRPORT)).rejects.toMatchObject({
      code: 'ROUTE_FAILED',
      upstreamStatus: 'UNEXPECTED_FORMAT',
    });
  });

  it('gives up after the timeout with a Spanish message', async () => {
    const fake = createFakeFetch(() => ({ body: '[]' }));
    const hangingFetch: typeof fetch = (input, init) =>
      new Promise((_resolve, reject) => {
        void fake.fetch(input, init); // record it
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
      });
    const provider = createGeoProvider({
      provider: 'osm',
      nominatimUrl: NOMINATIM,
      fetch: hangingFetch,
      timeoutMs: 20,
    });
    const error = await caught(() => provider.searchPlaces('larcomar'));
    expect(error).toMatchObject({
      code: 'PLACES_SEARCH_FAILED',
      upstreamStatus: 'TIMEOUT',
      message: expect.stringContaining('no respondió a tiempo'),
    });
  });

  it('reports a network failure as the service being unavailable', async () => {
    const failingFetch: typeof fetch = () => Promise.reject(new TypeError('fetch failed'));
    const provider = createGeoProvider({ provider: 'osm', fetch: failingFetch });
    await expect(provider.route(PARQUE_KENNEDY, AIRPORT)).rejects.toMatchObject({
      code: 'ROUTE_FAILED',
      upstreamStatus: 'NETWORK',
    });
  });
});
