import { useCallback, useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { topics } from '@jala/contracts';
import { driverStageAction, isCancelledStatus, type Coordinates } from '@jala/domain';
import { errorMessage } from '../../../lib/api-client';
import { completeTrip, currentTripKeys, currentTripQuery, updateTripStatus, type DriverCurrentTrip } from '../api/driver-trips-api';
import {
  COMPLETE_FAILURE_PREFIX, COMPLETE_NEEDS_POSITION, COMPLETE_SUCCESS_MESSAGE, DRIVER_TRIP_ERRORS, UNKNOWN_FAILURE,
} from '../api/driver-trips-errors';
import { parseTripStatusMessage, REQUESTS_REFRESH_MS } from '../requests-feed';
import { useRealtimeTopics, type TopicClient } from './use-realtime-topics';

export type TripOutcome = 'completed' | 'cancelled';

export interface FinishedTrip {
  trip: DriverCurrentTrip;
  outcome: TripOutcome;
}

export interface Banner {
  tone: 'success' | 'error' | 'info';
  text: string;
}

export type ActiveTripAction = 'stage' | 'complete' | 'cancel' | null;

/** Driver cancellation reason stored with the trip. */
export const DRIVER_CANCEL_REASON = 'driver_request';

export interface ActiveTripState {
  trip: DriverCurrentTrip | null;
  finished: FinishedTrip | null;
  isLoading: boolean;
  loadError: unknown;
  reload: () => void;
  busy: ActiveTripAction;
  banner: Banner | null;
  dismissBanner: () => void;
  /** Moves the trip to its next stage (spec §4 table); not for the completion. */
  advance: () => Promise<void>;
  complete: (fare: number, notes: string) => Promise<void>;
  cancel: () => Promise<void>;
}

/**
 * The driver's assigned trip and its actions. The current trip is refetched after every change; the
 * passenger's cancellation arrives on trip_status/{id} (or is noticed when the trip disappears), and a
 * finished trip stays on screen as '¡Viaje completado!' / 'Viaje cancelado' instead of vanishing.
 */
export function useActiveTrip(driverId: number, position: Coordinates | null, client?: TopicClient): ActiveTripState {
  const queryClient = useQueryClient();
  const query = useQuery({ ...currentTripQuery(driverId), refetchInterval: REQUESTS_REFRESH_MS });
  const [finished, setFinished] = useState<FinishedTrip | null>(null);
  const [busy, setBusy] = useState<ActiveTripAction>(null);
  const [banner, setBanner] = useState<Banner | null>(null);
  const shown = useRef<DriverCurrentTrip | null>(null);

  const refetch = useCallback(
    () => Promise.all(currentTripKeys(driverId).map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
    [queryClient, driverId],
  );

  const finish = useCallback((trip: DriverCurrentTrip, outcome: TripOutcome) => {
    setFinished((previous) => previous ?? { trip, outcome });
  }, []);

  // The trip we were showing is gone and we did not finish it here: it was cancelled (by the passenger,
  // or by this driver on another device).
  const trip = query.data ?? null;
  useEffect(() => {
    if (trip) shown.current = trip;
    else if (query.isSuccess && shown.current && !finished) finish(shown.current, 'cancelled');
  }, [trip, query.isSuccess, finished, finish]);

  useRealtimeTopics(
    trip && !finished ? [topics.tripStatus(trip.id)] : [],
    (payload) => {
      const message = parseTripStatusMessage(payload);
      const current = shown.current;
      if (!message || !current || message.trip_id !== current.id) return;
      if (isCancelledStatus(message.status)) {
        finish({ ...current, trip_status: message.status }, 'cancelled');
        if (message.status === 'cancelled_by_passenger') setBanner({ tone: 'info', text: 'El pasajero canceló el viaje.' });
      }
      void refetch();
    },
    client ? { client } : {},
  );

  const advance = useCallback(async () => {
    const action = trip ? driverStageAction(trip.trip_status) : null;
    if (!trip || !action || action.isCompletion || busy) return;
    setBusy('stage');
    setBanner(null);
    try {
      await updateTripStatus(trip.id, action.next as 'en_route' | 'arrived' | 'in_progress', position);
    } catch (error) {
      setBanner({ tone: 'error', text: errorMessage(error, DRIVER_TRIP_ERRORS.updateStatus) });
    } finally {
      await refetch();
      setBusy(null);
    }
  }, [trip, busy, position, refetch]);

  const complete = useCallback(
    async (fare: number, notes: string) => {
      if (!trip || busy) return;
      if (!position) {
        setBanner({ tone: 'error', text: COMPLETE_NEEDS_POSITION });
        return;
      }
      setBusy('complete');
      setBanner(null);
      try {
        const { trip: done, message } = await completeTrip({ tripId: trip.id, position, fare, notes });
        finish({ ...trip, trip_status: done.trip_status, actual_fare: done.final_fare }, 'completed');
        setBanner({ tone: 'success', text: message || COMPLETE_SUCCESS_MESSAGE });
      } catch (error) {
        const reason = error instanceof Error && error.message ? error.message : UNKNOWN_FAILURE;
        setBanner({ tone: 'error', text: `${COMPLETE_FAILURE_PREFIX}${reason}` });
      } finally {
        await refetch();
        setBusy(null);
      }
    },
    [trip, busy, position, finish, refetch],
  );

  const cancel = useCallback(async () => {
    if (!trip || busy) return;
    setBusy('cancel');
    setBanner(null);
    try {
      await updateTripStatus(trip.id, 'cancelled_by_driver', position, DRIVER_CANCEL_REASON);
      finish({ ...trip, trip_status: 'cancelled_by_driver' }, 'cancelled');
    } catch (error) {
      setBanner({ tone: 'error', text: errorMessage(error, DRIVER_TRIP_ERRORS.updateStatus) });
    } finally {
      await refetch();
      setBusy(null);
    }
  }, [trip, busy, position, finish, refetch]);

  return {
    trip,
    finished,
    // A cached "no trip" being refreshed (e.g. right after the passenger accepted) is not an answer yet.
    isLoading: query.isPending || (query.data === null && query.isFetching),
    loadError: query.error,
    reload: () => void query.refetch(),
    busy,
    banner,
    dismissBanner: () => setBanner(null),
    advance,
    complete,
    cancel,
  };
}
