import type { DriverTrip, TripCompletion } from '@jala/contracts';
import * as endpoints from '@jala/contracts/endpoints';
import type { Coordinates } from '@jala/domain';

import { api, callApi, callApiConfirmed } from '@/lib/api/api-client';

import { DRIVER_TRIP_ERRORS } from '../driver-view/model/driver-trip-errors';

/**
 * The driver's marketplace calls (spec §7 'Driver'): nearby requests, offers, rejections, the trip's
 * stages and completion. Each resolves the envelope's data or throws an ApiError whose message is the
 * server's Spanish text, else the call's §8 fallback. The current trip itself is lib/current-trip.
 */

/** The stage statuses a driver may send (the completion has its own call). */
export type DriverStageStatus = 'en_route' | 'arrived' | 'in_progress' | 'cancelled_by_driver';

/** The driver's trip as the live-trip screens read it. */
export type { DriverTrip };

/** Pending requests near `position` (which also updates the driver's stored position), nearest first. */
export const fetchTripRequests = (position: Coordinates | null) =>
  callApi(
    api(
      endpoints.tripRequests,
      position ? { query: { latitude: position.latitude, longitude: position.longitude } } : {},
    ),
    DRIVER_TRIP_ERRORS.requests,
  );

export interface SendOfferInput {
  tripRequestId: number;
  /** A counter-offer; without it the offer is at the passenger's price (or the estimate). */
  price?: number;
  position?: Coordinates | null;
}

export const sendOffer = ({ tripRequestId, price, position }: SendOfferInput) =>
  callApi(
    api(endpoints.sendOffer, {
      body: {
        trip_request_id: tripRequestId,
        ...(price === undefined ? {} : { price }),
        ...(position ? { latitude: position.latitude, longitude: position.longitude } : {}),
      },
    }),
    DRIVER_TRIP_ERRORS.accept,
  );

export const REJECT_REASON = 'driver_declined';

export const rejectTripRequest = (tripRequestId: number) =>
  callApi(
    api(endpoints.rejectRequest, { body: { trip_request_id: tripRequestId, reason: REJECT_REASON } }),
    DRIVER_TRIP_ERRORS.reject,
    { allowNull: true },
  );

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
    api(endpoints.advanceStage, {
      params: { id: tripId },
      body: {
        status,
        ...(position ? { latitude: position.latitude, longitude: position.longitude } : {}),
        ...(reason ? { reason } : {}),
        ...(startCode ? { start_code: startCode } : {}),
      },
    }),
    DRIVER_TRIP_ERRORS.updateStatus,
  );

export interface CompleteTripInput {
  tripId: number;
  position: Coordinates;
  notes: string;
}

/** No fare is sent: the server charges the agreed price plus accepted adjustments. */
export async function completeTrip({
  tripId,
  position,
  notes,
}: CompleteTripInput): Promise<{ trip: TripCompletion; message: string }> {
  const { data, message } = await callApiConfirmed(
    api(endpoints.completeTrip, {
      body: {
        trip_id: tripId,
        final_latitude: position.latitude,
        final_longitude: position.longitude,
        notes: notes.trim() || null,
      },
    }),
    DRIVER_TRIP_ERRORS.complete,
  );
  return { trip: data, message };
}
