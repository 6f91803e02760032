import type { CreatedTrip, CreateTripRequest } from '@jala/contracts';
import * as endpoints from '@jala/contracts/endpoints';

import { api, callApi } from '@/lib/api/api-client';

/**
 * The passenger's writes on their trip: create it (the wizard; the server publishes it to the nearby drivers in
 * the same step), publish it again (the active trip's 'Publicar viaje', for a trip the server has not published)
 * and cancel it (the wizard, or the active-trip page while the rules allow). Failures carry the server's Spanish
 * message, else the spec §8 fallback of the call.
 */
export const TRIP_FALLBACKS = {
  create: 'Error al crear el viaje',
  cancel: 'Error al cancelar el viaje',
  publish: 'Error al publicar por MQTT',
} as const;

export type { CreatedTrip };

export const createTrip = (payload: CreateTripRequest) =>
  callApi(api(endpoints.createTrip, { body: payload }), TRIP_FALLBACKS.create);

export const publishTripHttp = (tripId: number) =>
  callApi(api(endpoints.publishTrip, { params: { id: tripId } }), TRIP_FALLBACKS.publish);

/** Passenger cancellation reason stored with the trip. */
export const PASSENGER_CANCEL_REASON = 'passenger_request';

export const cancelTrip = (tripId: number, reason = PASSENGER_CANCEL_REASON) =>
  callApi(api(endpoints.cancelTrip, { params: { id: tripId }, body: { reason } }), TRIP_FALLBACKS.cancel);
