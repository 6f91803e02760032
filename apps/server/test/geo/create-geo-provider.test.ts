import { afterEach, describe, expect, it, vi } from 'vitest';

import { createGeoProvider } from '../../src/geo';
import { createFakeFetch, fixture } from './fake-fetch';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('createGeoProvider', () => {
  it('builds each provider by name', () => {
    expect(createGeoProvider({ provider: 'offline' }).name).toBe('offline');
    expect(createGeoProvider({ provider: 'osm' }).name).toBe('osm');
    expect(createGeoProvider({ provider: 'google', googleApiKey: 'k' }).name).toBe('google');
  });

  it('refuses google without a key, at start-up rather than on the first request', () => {
    expect(() => createGeoProvider({ provider: 'google' })).toThrow(/clave/);
  });

  it('uses the global fetch when none is injected', async () => {
    const fake = createFakeFetch(() => ({ body: fixture('nominatim-search-kennedy.json') }));
    vi.stubGlobal('fetch', fake.fetch);
    const provider = createGeoProvider({ provider: 'osm', nominatimUrl: 'https://nominatim.test' });
    expect(await provider.searchPlaces('kennedy')).toHaveLength(2);
    expect(fake.requests[0]?.url.hostname).toBe('nominatim.test');
  });

  it('never touches the network for the offline provider', async () => {
    const fake = createFakeFetch(() => ({ body: '{}' }));
    vi.stubGlobal('fetch', fake.fetch);
    const provider = createGeoProvider({ provider: 'offline', fetch: fake.fetch });
    await provider.searchPlaces('larcomar');
    await provider.reverseGeocode({ latitude: -12.1318, longitude: -77.0307 });
    await provider.route({ latitude: -12.1318, longitude: -77.0307 }, { latitude: -12.0219, longitude: -77.1143 });
    expect(fake.requests).toHaveLength(0);
  });
});
