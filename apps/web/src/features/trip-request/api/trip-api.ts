import type { CreatedTrip, CreateTripRequest, TripCancellation } from '@jala/contracts';
import { apiClient, callApi } from '../../../lib/api-client';

/**
 * The passenger's writes on their trip: create it (the wizard), publish it over HTTP (fallback of the
 * MQTT publication) and cancel it (the wizard, or the active-trip page while the rules allow). Failures
 * carry the server's Spanish message, else the spec §8 fallback of the call.
 */
export const TRIP_FALLBACKS = {
  create: 'Error al crear el viaje',
  cancel: 'Error al cancelar el viaje',
  publish: 'Error al publicar por MQTT',
} as const;

export type { CreatedTrip };

export const createTrip = (payload: CreateTripRequest) => callApi(apiClient.post<CreatedTrip>('/trips', payload), TRIP_FALLBACKS.create);

export const publishTripHttp = (tripId: number) => callApi(apiClient.post<CreatedTrip>(`/trips/${tripId}/publish`), TRIP_FALLBACKS.publish);

/** Passenger cancellation reason stored with the trip. */
export const PASSENGER_CANCEL_REASON = 'passenger_request';

export const cancelTrip = (tripId: number, reason = PASSENGER_CANCEL_REASON) =>
  callApi(apiClient.put<TripCancellation>(`/trips/${tripId}/cancel`, { reason }), TRIP_FALLBACKS.cancel);
