import { queryOptions } from '@tanstack/react-query';
import type { ChatMessage, DriverOffer, DriverTripRequest } from '@jala/contracts';
import type { Coordinates } from '@jala/domain';
import { ApiError, ERROR_CODES, SERVER_ERROR_MESSAGE, apiClient, isApiError, type ApiResponse } from '../../../lib/api-client';
import { activeTripKeys } from '../../trips/api/active-trip-api';
import { DRIVER_TRIP_ERRORS } from './driver-trips-errors';

/**
 * The driver's marketplace calls (spec §7 'Driver', /tmp API notes): nearby requests, offers, rejections,
 * the current trip, its stages, completion and the per-offer chat history. Each resolves the envelope's
 * data or throws an ApiError whose message is the server's Spanish text, else the call's §8 fallback.
 */

/** GET /driver/trips/current (spec §3 'Driver current trip'); coordinates arrive as decimal strings. */
export interface DriverCurrentTrip {
  id: number;
  trip_code: string;
  trip_status: string;
  pickup_address: string;
  pickup_latitude: string | number | null;
  pickup_longitude: string | number | null;
  destination_address: string;
  destination_latitude: string | number | null;
  destination_longitude: string | number | null;
  service_type_id: number;
  passenger_id: number;
  passenger_name: string;
  passenger_phone: string | null;
  passenger_rating: number | null;
  passenger_notes: string | null;
  estimated_fare: number;
  /** The agreed price the driver charges (prefills the completion fare). */
  actual_fare: number;
  distance_km: number;
  duration_minutes: number;
  route_polyline: string | null;
  accepted_at: string | null;
}

export interface StageChange {
  id: number;
  trip_status: string;
}

export interface CompletedTrip extends StageChange {
  final_fare: number;
}

/** The stage statuses a driver may send (the completion has its own call). */
export type DriverStageStatus = 'en_route' | 'arrived' | 'in_progress' | 'cancelled_by_driver';

function withFallback(error: unknown, fallback: string): unknown {
  // An error answer without a message of its own gets the call's fallback.
  if (isApiError(error) && error.message === SERVER_ERROR_MESSAGE) {
    return new ApiError({ message: fallback, code: error.code, status: error.status, fields: error.fields });
  }
  return error;
}

/** Success-with-data, else an ApiError with the server message or `fallback` (spec §7: success false is a failure). */
async function call<T>(request: Promise<ApiResponse<T>>, fallback: string, allowNull = false): Promise<T> {
  let response: ApiResponse<T>;
  try {
    response = await request;
  } catch (error) {
    throw withFallback(error, fallback);
  }
  if (response.success && (allowNull || (response.data !== null && response.data !== undefined))) return response.data;
  throw new ApiError({ message: response.message || fallback, code: ERROR_CODES.api, status: 200 });
}

function positionQuery(position: Coordinates | null): string {
  if (!position) return '';
  const query = new URLSearchParams({ latitude: String(position.latitude), longitude: String(position.longitude) });
  return `?${query.toString()}`;
}

/** Pending requests near `position` (which also updates the driver's stored position), nearest first. */
export const fetchTripRequests = (position: Coordinates | null) =>
  call(apiClient.get<DriverTripRequest[]>(`/driver/trip-requests${positionQuery(position)}`), DRIVER_TRIP_ERRORS.requests);

export interface SendOfferInput {
  tripRequestId: number;
  /** A counter-offer; without it the offer is at the passenger's price (or the estimate). */
  price?: number;
  position?: Coordinates | null;
}

export const sendOffer = ({ tripRequestId, price, position }: SendOfferInput) =>
  call(
    apiClient.post<DriverOffer>('/driver/trips/accept', {
      trip_request_id: tripRequestId,
      ...(price === undefined ? {} : { price }),
      ...(position ? { latitude: position.latitude, longitude: position.longitude } : {}),
    }),
    DRIVER_TRIP_ERRORS.accept,
  );

export const REJECT_REASON = 'driver_declined';

export const rejectTripRequest = (tripRequestId: number) =>
  call(apiClient.post<null>('/driver/trip-requests/reject', { trip_request_id: tripRequestId, reason: REJECT_REASON }), DRIVER_TRIP_ERRORS.reject, true);

/** The driver's assigned trip, or null when there is none (404 'No hay viaje activo'). */
export async function fetchCurrentTrip(): Promise<DriverCurrentTrip | null> {
  let response: ApiResponse<DriverCurrentTrip | null>;
  try {
    response = await apiClient.get<DriverCurrentTrip | null>('/driver/trips/current');
  } catch (error) {
    throw withFallback(error, DRIVER_TRIP_ERRORS.currentTrip);
  }
  return response.success && response.data ? response.data : null;
}

export const updateTripStatus = (tripId: number, status: DriverStageStatus, position: Coordinates | null, reason?: string) =>
  call(
    apiClient.put<StageChange>(`/driver/trips/${tripId}/status`, {
      status,
      ...(position ? { latitude: position.latitude, longitude: position.longitude } : {}),
      ...(reason ? { reason } : {}),
    }),
    DRIVER_TRIP_ERRORS.updateStatus,
  );

export interface CompleteTripInput {
  tripId: number;
  position: Coordinates;
  fare: number;
  notes: string;
}

export async function completeTrip({ tripId, position, fare, notes }: CompleteTripInput): Promise<{ trip: CompletedTrip; message: string }> {
  let response: ApiResponse<CompletedTrip>;
  try {
    response = await apiClient.post<CompletedTrip>('/driver/trips/complete', {
      trip_id: tripId,
      final_latitude: position.latitude,
      final_longitude: position.longitude,
      actual_fare: fare,
      notes: notes.trim() || null,
    });
  } catch (error) {
    throw withFallback(error, DRIVER_TRIP_ERRORS.complete);
  }
  if (!response.success || !response.data) throw new ApiError({ message: response.message || DRIVER_TRIP_ERRORS.complete, code: ERROR_CODES.api, status: 200 });
  return { trip: response.data, message: response.message };
}

/** Stored conversation between the trip's passenger and this driver. */
export const fetchChatHistory = (tripId: number, driverId: number) =>
  call(apiClient.get<ChatMessage[]>(`/trips/${tripId}/chat/${driverId}`), DRIVER_TRIP_ERRORS.chat);

export const driverTripKeys = {
  current: (driverId: number) => ['driver-trips', 'current', driverId] as const,
  requests: (driverId: number) => ['driver-trips', 'requests', driverId] as const,
  chat: (tripId: number, driverId: number) => ['driver-trips', 'chat', tripId, driverId] as const,
};

/** How long a current-trip answer is trusted. */
export const CURRENT_TRIP_STALE_MS = 5_000;

/**
 * The full current trip with this feature's error fallback. The shell's guard and nav badge keep their
 * own entry of the same call (activeTripKeys.driver); {@link currentTripKeys} names both, so a change
 * made here refreshes them too.
 */
export const currentTripQuery = (driverId: number) =>
  queryOptions({
    queryKey: driverTripKeys.current(driverId),
    queryFn: fetchCurrentTrip,
    staleTime: CURRENT_TRIP_STALE_MS,
  });

/** Every cached copy of the driver's current trip (ours and the shell's). */
export const currentTripKeys = (driverId: number) => [driverTripKeys.current(driverId), activeTripKeys.driver(driverId)] as const;
