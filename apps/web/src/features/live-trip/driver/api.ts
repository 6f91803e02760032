import type { DriverOffer, DriverTrip, DriverTripRequest, TripCompletion, TripStageChange } from '@jala/contracts';
import type { Coordinates } from '@jala/domain';
import { apiClient, callApi, callApiConfirmed } from '../../../lib/api-client';
import { DRIVER_TRIP_ERRORS } from './errors';

/**
 * The driver's marketplace calls (spec §7 'Driver'): nearby requests, offers, rejections, the trip's
 * stages and completion. Each resolves the envelope's data or throws an ApiError whose message is the
 * server's Spanish text, else the call's §8 fallback. The current trip itself is lib/current-trip.
 */

/** The stage statuses a driver may send (the completion has its own call). */
export type DriverStageStatus = 'en_route' | 'arrived' | 'in_progress' | 'cancelled_by_driver';

/** The driver's trip as the live-trip screens read it. */
export type { DriverTrip };

function positionQuery(position: Coordinates | null): string {
  if (!position) return '';
  const query = new URLSearchParams({ latitude: String(position.latitude), longitude: String(position.longitude) });
  return `?${query.toString()}`;
}

/** Pending requests near `position` (which also updates the driver's stored position), nearest first. */
export const fetchTripRequests = (position: Coordinates | null) =>
  callApi(apiClient.get<DriverTripRequest[]>(`/driver/trip-requests${positionQuery(position)}`), DRIVER_TRIP_ERRORS.requests);

export interface SendOfferInput {
  tripRequestId: number;
  /** A counter-offer; without it the offer is at the passenger's price (or the estimate). */
  price?: number;
  position?: Coordinates | null;
}

export const sendOffer = ({ tripRequestId, price, position }: SendOfferInput) =>
  callApi(
    apiClient.post<DriverOffer>('/driver/trips/accept', {
      trip_request_id: tripRequestId,
      ...(price === undefined ? {} : { price }),
      ...(position ? { latitude: position.latitude, longitude: position.longitude } : {}),
    }),
    DRIVER_TRIP_ERRORS.accept,
  );

export const REJECT_REASON = 'driver_declined';

export const rejectTripRequest = (tripRequestId: number) =>
  callApi(apiClient.post<null>('/driver/trip-requests/reject', { trip_request_id: tripRequestId, reason: REJECT_REASON }), DRIVER_TRIP_ERRORS.reject, { allowNull: true });

export interface StageChangeInput {
  tripId: number;
  status: DriverStageStatus;
  position: Coordinates | null;
  reason?: string;
  /** The passenger's code, to start the trip (safety). */
  startCode?: string;
}

export const updateTripStatus = ({ tripId, status, position, reason, startCode }: StageChangeInput) =>
  callApi(
    apiClient.put<TripStageChange>(`/driver/trips/${tripId}/status`, {
      status,
      ...(position ? { latitude: position.latitude, longitude: position.longitude } : {}),
      ...(reason ? { reason } : {}),
      ...(startCode ? { start_code: startCode } : {}),
    }),
    DRIVER_TRIP_ERRORS.updateStatus,
  );

export interface CompleteTripInput {
  tripId: number;
  position: Coordinates;
  notes: string;
}

/** No fare is sent: the server charges the agreed price plus accepted adjustments. */
export async function completeTrip({ tripId, position, notes }: CompleteTripInput): Promise<{ trip: TripCompletion; message: string }> {
  const { data, message } = await callApiConfirmed(
    apiClient.post<TripCompletion>('/driver/trips/complete', {
      trip_id: tripId,
      final_latitude: position.latitude,
      final_longitude: position.longitude,
      notes: notes.trim() || null,
    }),
    DRIVER_TRIP_ERRORS.complete,
  );
  return { trip: data, message };
}
