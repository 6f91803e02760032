import type { DriverTrip, PassengerTrip } from '@jala/contracts';
import * as endpoints from '@jala/contracts/endpoints';

import { api, callApi } from './api-client';

/**
 * The current trip of each role: GET /trips/active for the passenger, GET /driver/trips/current for the
 * driver. With no trip the server answers 200 with `data: null` ('No hay viaje activo'): a state, not an
 * error, so both lookups resolve null then. A 404 NO_ACTIVE_TRIP (older servers) resolves null too.
 */

/** Spanish fallbacks when a lookup fails without a message of its own (spec §8). */
export const CURRENT_TRIP_FALLBACKS = {
  passenger: 'No se pudo cargar tu viaje activo',
  driver: 'Error al cargar el viaje',
} as const;

export const fetchPassengerTrip = (): Promise<PassengerTrip | null> =>
  callApi(api(endpoints.activeTrip), CURRENT_TRIP_FALLBACKS.passenger, { unsuccessfulAsNull: true });

export const fetchDriverTrip = (): Promise<DriverTrip | null> =>
  callApi(api(endpoints.currentDriverTrip), CURRENT_TRIP_FALLBACKS.driver, { unsuccessfulAsNull: true });
