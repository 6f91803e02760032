import { describe, expect, it } from 'vitest';

import * as domain from '../src';

describe('package entry point', () => {
  it('exports every module', () => {
    const expected = [
      // validators
      'isValidEmail',
      'normalizePhone',
      'isValidPeruvianPhone',
      'normalizePeruvianMobile',
      'toE164PeruvianMobile',
      'maskPhone',
      // phone verification
      'PHONE_CODE_LENGTH',
      'PHONE_CODE_TTL_SECONDS',
      'PHONE_CODE_MAX_TRIES',
      'PHONE_CODE_RESEND_SECONDS',
      'resendWaitSeconds',
      'phoneCodeState',
      'phoneCodeSms',
      // money
      'formatSoles',
      'toCentimos',
      'fromCentimos',
      'roundTo2',
      'parseCentimos',
      'SOLES_PREFIX',
      'SOLES_SEPARATOR',
      'solesText',
      // coordinates
      'isValidCoordinate',
      'parseCoordinate',
      'toValidCoordinates',
      'haversineKm',
      'isInPeru',
      'PERU_BOUNDS',
      'DEFAULT_MAP_CENTER',
      'DEFAULT_MAP_ZOOM',
      'MY_LOCATION_ZOOM',
      'EARTH_RADIUS_KM',
      // fare
      'BASE_FARE',
      'PER_KM',
      'PER_MINUTE',
      'MINIMUM_FARE',
      'VEHICLE_MULTIPLIERS',
      'FARE_VEHICLES',
      'vehicleForTravelMode',
      'vehicleForServiceType',
      'estimateFare',
      'SERVICE_TYPES',
      'serviceTypeName',
      'isServiceTypeId',
      // trip status
      'TRIP_STATUSES',
      'ACTIVE_TRIP_STATUSES',
      'CANCELLED_TRIP_STATUSES',
      'HISTORY_STATUSES',
      'TRIP_ACTORS',
      'isTripStatus',
      'isActiveStatus',
      'isCancelledStatus',
      'isTerminalStatus',
      'canTransition',
      'checkTransition',
      'DRIVER_STAGE_ACTIONS',
      'driverStageAction',
      'driverStageMessage',
      'tripStatusLabel',
      'tripStatusLabelForOperators',
      'historyStatusBadge',
      'HISTORY_STATUS_FILTERS',
      'DEFAULT_HISTORY_STATUS_FILTER',
      // roles
      'USER_TYPES',
      'isUserType',
      'isPassengerType',
      'isDriverType',
      'dashboardPathFor',
      'profilePathFor',
      'activeTripPathFor',
      'activeTripRedirect',
      // badge
      'formatBadge',
      // constants (sample)
      'OFFERS_POLL_MS',
      'TOKEN_STORAGE_KEY',
      'PASSENGER_GEO',
      'DRIVER_GEO_WATCH',
      // polyline
      'encodePolyline',
      'decodePolyline',
      'POLYLINE_PRECISION',
      // lima time
      'limaDateKey',
      'limaDayStart',
      // dates as people read them
      'formatLimaDate',
      'formatLimaDateTime',
      // how long a trip took
      'tripDurationMinutes',
      'lastNDaysKeys',
      'isDateKey',
    ];
    for (const name of expected) expect(domain, name).toHaveProperty(name);
  });

  it('keeps the decimal helpers internal', () => {
    expect(domain).not.toHaveProperty('parseDecimal');
    expect(domain).not.toHaveProperty('roundDecimal');
  });
});
