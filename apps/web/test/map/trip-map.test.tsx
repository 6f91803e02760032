import { makeHealth } from '@jala/test-factories';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { type MapStatus, TripMap } from '@/features/map';
import { loadTileUrl, resetTileUrlCache } from '@/features/map/api/tiles-api';
import { loadWithRetries, retryDelayMs } from '@/features/map/components/load-map-view';
import { fitTarget } from '@/features/map/components/view/view-fitter';

import { jsonResponse, stubFetch } from '../support';

const KENNEDY = { latitude: -12.1211, longitude: -77.0297 };
const JOCKEY = { latitude: -12.0859, longitude: -76.9773 };
// Two points, encoded with the Google algorithm (precision 5).
const ROUTE = '_p~iF~ps|U_ulLnnqC';

describe('TripMap', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    resetTileUrlCache();
  });

  it("shows 'Cargando mapa...' until Leaflet is up, then the markers with their titles and the attributions", async () => {
    stubFetch({
      'GET /health': jsonResponse(200, {
        success: true,
        data: makeHealth({ tile_url: 'http://127.0.0.1:9/{z}/{x}/{y}.png' }),
        message: 'OK',
      }),
    });
    const statuses: MapStatus['state'][] = [];
    const { container } = render(
      <TripMap
        origin={KENNEDY}
        destination={JOCKEY}
        driverPosition={{ latitude: -12.12, longitude: -77.03 }}
        routePolyline={ROUTE}
        markerTitles={{ origin: 'Punto de recojo', destination: 'Destino', driver: 'Tu conductor' }}
        selectionBanner="Toca en el mapa para elegir destino"
        onStatusChange={(s) => statuses.push(s.state)}
      />,
    );
    expect(screen.getByText('Cargando mapa...')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Cargando mapa...')).toBeNull());
    expect(statuses).toEqual(['loading', 'ready']);
    expect(container.querySelector('[title="Punto de recojo"].jala-pin--origin')).toBeTruthy();
    expect(container.querySelector('[title="Destino"].jala-pin--destination')).toBeTruthy();
    expect(container.querySelector('[title="Tu conductor"]')).toBeTruthy();
    expect(container.querySelector('.leaflet-overlay-pane path')).toBeTruthy();
    // The outline sits in its own pane, which react-leaflet creates in an effect and fills on the render
    // after that: it may arrive a little after 'ready'.
    await waitFor(() => expect(container.querySelector('.leaflet-jala-outline-pane path')).toBeTruthy());
    expect(screen.getByText('Toca en el mapa para elegir destino')).toBeTruthy();
    const attribution = container.querySelector('.leaflet-control-attribution')?.textContent ?? '';
    expect(attribution).toContain('GeoNames');
    await waitFor(() =>
      expect(container.querySelector('.leaflet-control-attribution')?.textContent).toContain('OpenStreetMap'),
    );
    expect(screen.getByRole('button', { name: 'Mi ubicación' })).toBeTruthy();
  });

  it('reports taps with their coordinates', async () => {
    stubFetch({ 'GET /health': jsonResponse(200, { success: true, data: { tile_url: null }, message: 'OK' }) });
    const onTap = vi.fn();
    const { container } = render(<TripMap onTap={onTap} />);
    await waitFor(() => expect(container.querySelector('.leaflet-container')).toBeTruthy());
    fireEvent.click(container.querySelector('.leaflet-container') as Element, { clientX: 5, clientY: 5 });
    expect(onTap).toHaveBeenCalledTimes(1);
    const [point] = onTap.mock.calls[0] ?? [];
    expect(Number.isFinite(point.latitude) && Number.isFinite(point.longitude)).toBe(true);
  });
});

describe('map support', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    resetTileUrlCache();
  });

  it('retries the map chunk 3 times with count × 2^count ms delays, then gives up', async () => {
    expect([1, 2, 3].map(retryDelayMs)).toEqual([2, 8, 24]);
    const load = vi.fn(async () => {
      throw new Error('offline');
    });
    const delays: number[] = [];
    await expect(
      loadWithRetries(load, 3, (count) => {
        delays.push(retryDelayMs(count));
        return 0;
      }),
    ).rejects.toThrow('offline');
    expect(load).toHaveBeenCalledTimes(4);
    expect(delays).toEqual([2, 8, 24]);
    const flaky = vi.fn().mockRejectedValueOnce(new Error('blip')).mockResolvedValue('ok');
    await expect(loadWithRetries(flaky, 3, () => 0)).resolves.toBe('ok');
  });

  it('reads the tile URL from /api/health once for every map', async () => {
    const fetchMock = stubFetch({
      'GET /health': jsonResponse(200, {
        success: true,
        data: makeHealth({ tile_url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png' }),
        message: 'OK',
      }),
    });
    const [a, b] = await Promise.all([loadTileUrl(), loadTileUrl()]);
    expect(a).toBe('https://tile.openstreetmap.org/{z}/{x}/{y}.png');
    expect(b).toBe(a);
    expect(await loadTileUrl()).toBe(a);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('fits the route when there is one, a single point otherwise, and in markers mode ignores driver moves', () => {
    const route: [number, number][] = [
      [-12.12, -77.03],
      [-12.09, -76.98],
    ];
    expect(fitTarget('route', { origin: KENNEDY, destination: null, route: [] })?.points).toEqual([
      [KENNEDY.latitude, KENNEDY.longitude],
    ]);
    expect(fitTarget('route', { origin: KENNEDY, destination: JOCKEY, route })?.points).toBe(route);
    expect(fitTarget('none', { origin: KENNEDY, destination: JOCKEY, route })).toBeNull();
    const before = fitTarget('markers', {
      origin: KENNEDY,
      destination: JOCKEY,
      driver: { latitude: -12.13, longitude: -77.03 },
      route: [],
    });
    const after = fitTarget('markers', {
      origin: KENNEDY,
      destination: JOCKEY,
      driver: { latitude: -12.125, longitude: -77.031 },
      route: [],
    });
    expect(after?.key).toBe(before?.key);
    expect(before?.points).toHaveLength(3);
  });
});
