import type { LatLng } from '../../src/geo';

// The points the geo tests ask the providers about, in one place so every provider is held to the same ones.
export const PARQUE_KENNEDY: LatLng = { latitude: -12.1211, longitude: -77.0297 };
export const AIRPORT: LatLng = { latitude: -12.0219, longitude: -77.1143 };
/** In the Pacific, 160 km off Lima: outside Peru's coverage. */
export const PACIFIC_OFF_LIMA: LatLng = { latitude: -12.1, longitude: -78.5 };
