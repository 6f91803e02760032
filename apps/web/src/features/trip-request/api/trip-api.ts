import type { CreateTripRequest } from '@jala/contracts';
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

// LOCAL STAND-IN until @jala/contracts exports the trip-creation response (issue 9, server half).
/** POST /trips answer (spec §3 'Trip creation response fields read', plus what the server adds). */
export interface CreatedTrip {
  id: number;
  trip_code: string;
  status: string;
  estimated_fare: number;
  offer_price: number | null;
  distance_km: number;
  duration_minutes: number;
  route_polyline: string | null;
  created_at: string;
  expires_at: string;
  published_at: string | null;
}

export const createTrip = (payload: CreateTripRequest) => callApi(apiClient.post<CreatedTrip>('/trips', payload), TRIP_FALLBACKS.create);

export const publishTripHttp = (tripId: number) => callApi(apiClient.post<CreatedTrip>(`/trips/${tripId}/publish`), TRIP_FALLBACKS.publish);

/** Passenger cancellation reason stored with the trip. */
export const PASSENGER_CANCEL_REASON = 'passenger_request';

export const cancelTrip = (tripId: number, reason = PASSENGER_CANCEL_REASON) =>
  callApi(apiClient.put<{ id: number; status: string }>(`/trips/${tripId}/cancel`, { reason }), TRIP_FALLBACKS.cancel);
