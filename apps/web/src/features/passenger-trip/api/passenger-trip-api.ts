import type { ChatMessage, CreateTripRequest, DriverOffer } from '@jala/contracts';
import { ApiError, ERROR_CODES, SERVER_ERROR_MESSAGE, apiClient, isApiError, requireData, type ApiResponse } from '../../../lib/api-client';
import { fetchTripHistory } from '../../passenger/api/passenger-api';

/**
 * The passenger's marketplace calls (marketplace API: /trips…). Failures carry the server's Spanish
 * message, else the fallback of the call (spec §8: 'Error al crear el viaje', 'Error al cancelar el viaje').
 */
export const TRIP_FALLBACKS = {
  create: 'Error al crear el viaje',
  cancel: 'Error al cancelar el viaje',
  publish: 'Error al publicar por MQTT',
  offers: 'No se pudieron cargar las ofertas',
  accept: 'No se pudo aceptar la oferta',
  chat: 'No se pudo cargar la conversación',
  active: 'No se pudo cargar tu viaje activo',
} as const;

async function call<T>(request: Promise<ApiResponse<T>>, fallback: string): Promise<T> {
  try {
    return requireData(await request, fallback);
  } catch (error) {
    // An error answer without a message of its own gets this call's fallback.
    if (isApiError(error) && error.status !== 0 && error.message === SERVER_ERROR_MESSAGE) {
      throw new ApiError({ message: fallback, code: error.code || ERROR_CODES.api, status: error.status, fields: error.fields });
    }
    throw error;
  }
}

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

/** GET /trips/active as the server sends it (coordinates as decimal strings). */
export interface PassengerActiveTripDto {
  id: number;
  trip_code: string;
  status: string;
  pickup_address: string;
  pickup_latitude: string | number;
  pickup_longitude: string | number;
  destination_address: string;
  destination_latitude: string | number;
  destination_longitude: string | number;
  service_type?: { id: number; name: string | null } | null;
  service_type_id: number;
  passenger_notes: string | null;
  offer_price: number | null;
  agreed_fare: number | null;
  estimated_fare: number;
  final_fare: number | null;
  distance_km: number | null;
  duration_minutes: number | null;
  route_polyline: string | null;
  created_at: string;
  published_at: string | null;
  expires_at: string;
  driver: null | {
    id: number;
    name: string;
    phone: string | null;
    vehicle: string | null;
    rating_average?: number | null;
    rating?: number | null;
    location_latitude: string | number | null;
    location_longitude: string | number | null;
  };
}

export const createTrip = (payload: CreateTripRequest) => call(apiClient.post<CreatedTrip>('/trips', payload), TRIP_FALLBACKS.create);

/** HTTP publication (fallback of the MQTT one): pushes the trip to nearby drivers and sets published_at. */
export const publishTripHttp = (tripId: number) => call(apiClient.post<CreatedTrip>(`/trips/${tripId}/publish`), TRIP_FALLBACKS.publish);

export const cancelTrip = (tripId: number, reason = 'passenger_request') =>
  call(apiClient.put<{ id: number; status: string }>(`/trips/${tripId}/cancel`, { reason }), TRIP_FALLBACKS.cancel);

export const fetchDriverOffers = (tripId: number) => call(apiClient.get<DriverOffer[]>(`/trips/${tripId}/driver-offers`), TRIP_FALLBACKS.offers);

export const acceptOffer = (tripId: number, driverId: number) =>
  call(apiClient.post<{ id: number; status: string; driver_id: number }>('/drivers/trips/accept', { trip_id: tripId, driver_id: driverId }), TRIP_FALLBACKS.accept);

export const fetchChatHistory = (tripId: number, driverId: number) =>
  call(apiClient.get<ChatMessage[]>(`/trips/${tripId}/chat/${driverId}`), TRIP_FALLBACKS.chat);

/** The full active trip, or null when there is none (404 'No hay viaje activo'). */
export async function fetchActiveTripDto(): Promise<PassengerActiveTripDto | null> {
  const response = await apiClient.get<PassengerActiveTripDto | null>('/trips/active');
  return response.success && response.data ? response.data : null;
}

/** How a finished trip ended, read from the passenger's history (the active-trip lookup no longer has it). */
export interface EndedTripRecord {
  status: string;
  finalFare: number | null;
  estimatedFare: number;
}

export async function findEndedTrip(tripId: number): Promise<EndedTripRecord | null> {
  const page = await fetchTripHistory('', 1);
  const trip = page.trips.find((t) => t.id === tripId);
  return trip ? { status: trip.status, finalFare: trip.final_fare, estimatedFare: trip.estimated_fare } : null;
}

export const tripKeys = {
  offers: (tripId: number) => ['trip', tripId, 'offers'] as const,
  chat: (tripId: number, driverId: number) => ['trip', tripId, 'chat', driverId] as const,
  ended: (tripId: number) => ['trip', tripId, 'ended'] as const,
};
