/**
 * Business constants and limits of spec §9, one name each. Fare constants live in `fare.ts`, map
 * centre/zoom and the Earth radius in `coordinates.ts`, the polyline precision in `polyline.ts`.
 */

// Product and locale
export const APP_NAME = 'Jala';
export const APP_VERSION = '1.0.0';
export const CURRENCY = 'PEN';
export const LOCALE = 'es-PE';
export const TIME_ZONE = 'America/Lima';
export const COUNTRY_CODE = 'PE';

// Browser storage
export const STORAGE_PREFIX = 'jala_';
export const TOKEN_STORAGE_KEY = `${STORAGE_PREFIX}token` as const;

// Phone
export const PHONE_DIGITS = 9;

// Trip request wizard and offered price
export const TRIP_REQUEST_STEPS = 4;
export const OFFER_PRICE_MIN = 0;
export const OFFER_PRICE_STEP = 0.5;
/** Maximum height of the trip request sheet, as a CSS value. */
export const TRIP_REQUEST_SHEET_MAX_HEIGHT = '50%';

// Map
export const ROUTE_FIT_PADDING_PX = 50;
export const MARKER_DROP_MS = 800;
export const MAP_SCRIPT_RETRIES = 3;
export const PLACE_SEARCH_RADIUS_M = 50_000;

// Geolocation (shape of the browser's PositionOptions)
export interface GeolocationOptions {
  readonly enableHighAccuracy: boolean;
  readonly timeout: number;
  readonly maximumAge: number;
}
/** One-time passenger position: high accuracy, 10 s timeout, cached position up to 300,000 ms old. */
export const PASSENGER_GEO: GeolocationOptions = Object.freeze({
  enableHighAccuracy: true,
  timeout: 10_000,
  maximumAge: 300_000,
});
/** Continuous driver watch: high accuracy, maximum age 5 s, timeout 10 s. */
export const DRIVER_GEO_WATCH: GeolocationOptions = Object.freeze({
  enableHighAccuracy: true,
  maximumAge: 5_000,
  timeout: 10_000,
});

// Realtime messaging
export const MQTT_PORT = 443;
export const MQTT_PATH = '/mqtt';
export const MQTT_RECONNECT_PERIOD_MS = 1_000;
export const MQTT_CONNECT_TIMEOUT_MS = 30_000;
export const MQTT_MAX_RECONNECTS = 5;
export const CONNECTION_POLL_MS = 4_000;

// Polling and rotations
export const OFFERS_POLL_MS = 5_000;
export const MOTIVATION_ROTATION_MS = 1_800_000;
export const MOTIVATION_PHRASE_COUNT = 10;
export const HISTORY_MESSAGE_ROTATION_MS = 20_000;
export const HISTORY_MESSAGE_COUNT = 12;

// Trip history
export const HISTORY_PAGE_SIZE = 2;
/** Distance and rating are shown to 1 decimal. */
export const DISPLAY_DECIMALS = 1;

// Driver profile and vehicles
export const SEARCH_RADIUS_MIN_KM = 1;
export const SEARCH_RADIUS_DEFAULT_KM = 5;
export const DEFAULT_VEHICLE_CAPACITY = 2;
/** Licence expiry is sent as its first 10 characters (YYYY-MM-DD). */
export const LICENSE_EXPIRY_DATE_LENGTH = 10;
export const REGISTRATION_VEHICLE_TYPE = 'mototaxi';

// Navigation badge
export const NAV_BADGE_MAX = 99;

// Earnings chart
export const EARNINGS_CHART_HEIGHT_PX = 140;
export const EARNINGS_CHART_TENSION = 0.4;
export const EARNINGS_CHART_DAYS = 30;
