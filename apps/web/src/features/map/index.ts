/**
 * Jala's map (spec §2 'Map view'), shared by the passenger's request wizard, the passenger's driver
 * tracker, the shared link and the driver's active trip (the last three as <FollowedTripMap>). Importing this file is cheap: Leaflet, its CSS and the Peru
 * outline live in a lazy chunk loaded when the first <TripMap> mounts.
 *
 * ```tsx
 * <TripMap
 *   origin={{ latitude, longitude }}          // blue pin, drops in over 800 ms
 *   destination={{ latitude, longitude }}     // red pin
 *   routePolyline={trip.route_polyline}       // encoded (precision 5); fitted with 50 px padding
 *   driverPosition={{ latitude, longitude }}  // car marker, moves in place
 *   onTap={(point) => ...}                    // map taps; omit for a read-only map
 *   selectionBanner="Toca en el mapa para elegir origen"  // pulsing banner; null hides it
 *   markerTitles={{ origin: 'Punto de recojo', destination: 'Destino', driver: 'Tu conductor' }}
 *   fitTo="route"                             // 'route' (default) | 'markers' | 'none' — see MapFitMode
 *   initialCenter={{ latitude, longitude }}   // default: DEFAULT_MAP_CENTER (central Peru), zoom 14
 *   onStatusChange={(s) => ...}               // { state: 'loading' | 'ready' } | { state: 'error', message }
 *   label="Mapa del viaje"                    // accessible name of the map region
 *   className="my-map"                        // the map fills its parent: give the parent a height
 * />
 * ```
 *
 * Always there: standard zoom control; a 'Mi ubicación' control at the bottom right (pans to the user,
 * zoom 16); 'Cargando mapa...' while loading and 'No se pudo cargar el mapa' + 'Reintentar' on failure
 * (the chunk is retried 3 times first); attribution to OpenStreetMap (tiles) and GeoNames (place data,
 * CC BY 4.0). Tiles come from the server's configured URL (GET /api/health → tile_url, read once). With
 * no tiles (offline) the map still works: Peru's outline is drawn on a plain background underneath,
 * and markers, route and taps behave the same; a small note says the street map is unavailable.
 *
 * Also exported: the /api/geo calls (place search, reverse geocoding, route) and the passenger's
 * one-time geolocation with the spec's Spanish error messages.
 */
export { TripMap, MAP_ERROR_TEXT, MAP_LOADING_TEXT } from './components/trip-map';
export { FollowedTripMap } from './components/followed-trip-map';
export type { MapFitMode, MapPoint, MapStatus, MarkerTitles, TripMapProps } from './model/types';
export {
  fetchRoute,
  geoKeys,
  GEO_FALLBACKS,
  PLACE_SEARCH_MIN_CHARS,
  reverseGeocode,
  routeQuery,
  searchPlaces,
  type Place,
  type ReverseGeocodeResult,
  type RouteResult,
} from './api/geo-api';
export { getCurrentPosition, GeolocationError, GEOLOCATION_FAILED, GEOLOCATION_UNSUPPORTED } from './model/geolocation';
