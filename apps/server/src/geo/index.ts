import type { GeoProvider } from './geo-provider';
import { GoogleGeoProvider } from './providers/google-provider';
import type { FetchLike } from './providers/http-json';
import { OfflineGeoProvider } from './providers/offline-provider';
import { OsmGeoProvider } from './providers/osm-provider';

export * from './geo-provider';
export { isInPeru } from './peru-coverage';
export {
  anchoredDistrictAt,
  DISTRICT_ANCHOR_KM,
  DISTRICT_ANCHORS,
  type DistrictAnchor,
  districtNameAt,
} from './gazetteer';

export interface GeoProviderConfig {
  provider: 'offline' | 'osm' | 'google';
  nominatimUrl?: string;
  photonUrl?: string;
  osrmUrl?: string;
  googleApiKey?: string;
  /** Injected in tests; defaults to the global fetch. */
  fetch?: typeof fetch;
  /** Per request; maps calls sit on the user's critical path, so fail fast rather than hang. */
  timeoutMs?: number;
  /** Nominatim's usage policy requires an identifying User-Agent. */
  userAgent?: string;
}

/** Public OSM instances: fine for development, self-host them for production traffic. */
export const DEFAULT_NOMINATIM_URL = 'https://nominatim.openstreetmap.org';
export const DEFAULT_OSRM_URL = 'https://router.project-osrm.org';
export const DEFAULT_GEO_TIMEOUT_MS = 8000;
export const DEFAULT_GEO_USER_AGENT = 'Jala/1.0 (ride-hailing server, Peru)';

export function createGeoProvider(config: GeoProviderConfig): GeoProvider {
  // Resolved at call time, not import time, so tests that stub globalThis.fetch are honoured.
  const fetchImpl: FetchLike = config.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const timeoutMs = config.timeoutMs ?? DEFAULT_GEO_TIMEOUT_MS;
  switch (config.provider) {
    case 'offline':
      return new OfflineGeoProvider();
    case 'osm':
      return new OsmGeoProvider({
        nominatimUrl: config.nominatimUrl ?? DEFAULT_NOMINATIM_URL,
        osrmUrl: config.osrmUrl ?? DEFAULT_OSRM_URL,
        photonUrl: config.photonUrl,
        fetch: fetchImpl,
        userAgent: config.userAgent ?? DEFAULT_GEO_USER_AGENT,
        timeoutMs,
      });
    case 'google':
      return new GoogleGeoProvider({ apiKey: config.googleApiKey ?? '', fetch: fetchImpl, timeoutMs });
    default: {
      const unknown: never = config.provider;
      throw new Error(`Proveedor de mapas desconocido: ${String(unknown)}`);
    }
  }
}
