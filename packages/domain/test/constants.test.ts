import { describe, expect, it } from 'vitest';

import * as constants from '../src/constants';

describe('business constants (spec §9)', () => {
  it.each<[keyof typeof constants, unknown]>([
    ['APP_NAME', 'Jala'],
    ['APP_VERSION', '1.0.0'],
    ['CURRENCY', 'PEN'],
    ['LOCALE', 'es-PE'],
    ['TIME_ZONE', 'America/Lima'],
    ['COUNTRY_CODE', 'PE'],
    ['STORAGE_PREFIX', 'jala_'],
    ['TOKEN_STORAGE_KEY', 'jala_token'],
    ['PHONE_DIGITS', 9],
    ['TRIP_REQUEST_STEPS', 4],
    ['OFFER_PRICE_MIN', 0],
    ['OFFER_PRICE_STEP', 0.5],
    ['TRIP_REQUEST_SHEET_MAX_HEIGHT', '50%'],
    ['ROUTE_FIT_PADDING_PX', 50],
    ['MARKER_DROP_MS', 800],
    ['MAP_SCRIPT_RETRIES', 3],
    ['PLACE_SEARCH_RADIUS_M', 50000],
    ['MQTT_PORT', 443],
    ['MQTT_PATH', '/mqtt'],
    ['MQTT_RECONNECT_PERIOD_MS', 1000],
    ['MQTT_CONNECT_TIMEOUT_MS', 30000],
    ['MQTT_MAX_RECONNECTS', 5],
    ['CONNECTION_POLL_MS', 4000],
    ['OFFERS_POLL_MS', 5000],
    ['MOTIVATION_ROTATION_MS', 1800000],
    ['MOTIVATION_PHRASE_COUNT', 10],
    ['HISTORY_MESSAGE_ROTATION_MS', 20000],
    ['HISTORY_MESSAGE_COUNT', 12],
    ['HISTORY_PAGE_SIZE', 2],
    ['DISPLAY_DECIMALS', 1],
    ['SEARCH_RADIUS_MIN_KM', 1],
    ['SEARCH_RADIUS_DEFAULT_KM', 5],
    ['DEFAULT_VEHICLE_CAPACITY', 2],
    ['LICENSE_EXPIRY_DATE_LENGTH', 10],
    ['REGISTRATION_VEHICLE_TYPE', 'mototaxi'],
    ['NAV_BADGE_MAX', 99],
    ['EARNINGS_CHART_HEIGHT_PX', 140],
    ['EARNINGS_CHART_TENSION', 0.4],
    ['EARNINGS_CHART_DAYS', 30],
  ])('%s = %j', (name, value) => {
    expect(constants[name]).toBe(value);
  });

  it('motivation rotates every 30 minutes', () => {
    expect(constants.MOTIVATION_ROTATION_MS).toBe(30 * 60 * 1000);
  });

  it('passenger geolocation: high accuracy, 10 s timeout, 300,000 ms cache', () => {
    expect(constants.PASSENGER_GEO).toEqual({ enableHighAccuracy: true, timeout: 10000, maximumAge: 300000 });
    expect(Object.isFrozen(constants.PASSENGER_GEO)).toBe(true);
  });

  it('driver watch: high accuracy, maximum age 5 s, timeout 10 s', () => {
    expect(constants.DRIVER_GEO_WATCH).toEqual({ enableHighAccuracy: true, maximumAge: 5000, timeout: 10000 });
    expect(Object.isFrozen(constants.DRIVER_GEO_WATCH)).toBe(true);
  });

  it('the locale and currency give the spec format through Intl (with a no-break space we normalise)', () => {
    const text = new Intl.NumberFormat(constants.LOCALE, { style: 'currency', currency: constants.CURRENCY }).format(
      1234.5,
    );
    expect(text.replace('\u00a0', ' ')).toBe('S/ 1,234.50');
  });
});
