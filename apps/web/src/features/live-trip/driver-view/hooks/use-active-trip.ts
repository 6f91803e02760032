import { topics, zTripStatusMessage } from '@jala/contracts';
import { type Coordinates, driverStageAction, isCancelledStatus } from '@jala/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';

import {
  completeTrip,
  type CompleteTripInput,
  type StageChangeInput,
  updateTripStatus,
} from '@/features/live-trip/api/driver-trip-api';
import {
  COMPLETE_FAILURE_PREFIX,
  COMPLETE_NEEDS_POSITION,
  COMPLETE_SUCCESS_MESSAGE,
  DRIVER_TRIP_ERRORS,
  UNKNOWN_FAILURE,
} from '@/features/live-trip/driver-view/model/driver-trip-errors';
import { errorMessage } from '@/lib/api/api-client';
import { currentTripKeys, type DriverTrip, driverTripQuery } from '@/lib/current-trip';
import { type TopicClient, useRealtimeTopic } from '@/lib/realtime/use-realtime-topic';

import { REQUESTS_REFRESH_MS } from '../model/requests-feed';

export type TripOutcome = 'completed' | 'cancelled';

export interface FinishedTrip {
  trip: DriverTrip;
  outcome: TripOutcome;
  /** The passenger's words when they cancelled, if they gave any. */
  reason?: string | null;
}

/** Reason codes the apps store when nobody wrote one: no words to show. */
const CODED_REASONS = new Set(['passenger_request', 'driver_request', 'expired']);

/** 'El pasajero canceló el viaje.' plus their reason when they gave one. */
export function passengerCancelText(reason: string | null | undefined): string {
  return reason && !CODED_REASONS.has(reason)
    ? `El pasajero canceló el viaje. Motivo: ${reason}`
    : 'El pasajero canceló el viaje.';
}

export interface Banner {
  tone: 'success' | 'error' | 'info';
  text: string;
}

export type ActiveTripAction = 'stage' | 'complete' | 'cancel' | null;

/** A failed action, shown beside the button that caused it (never at the top, out of view). */
export interface ActionError {
  action: Exclude<ActiveTripAction, null>;
  text: string;
}

/** Driver cancellation reason stored with the trip. */
export const DRIVER_CANCEL_REASON = 'driver_request';

export interface ActiveTripState {
  trip: DriverTrip | null;
  finished: FinishedTrip | null;
  isLoading: boolean;
  loadError: unknown;
  reload: () => void;
  busy: ActiveTripAction;
  /** Outcomes for the top of the page (the completion's success). */
  banner: Banner | null;
  actionError: ActionError | null;
  dismissBanner: () => void;
  /** Moves the trip to its next stage (spec §4 table); not for the completion. Starting needs the passenger's code. */
  advance: (startCode?: string) => void;
  complete: (notes: string) => void;
  /** Refetches the trip now (after a fare adjustment, a reconnection). */
  refetch: () => void;
  cancel: () => void;
}

/**
 * The driver's assigned trip and its actions (each a mutation, so at most one runs and its busy state is
 * the mutation's). The current trip is refetched after every change; the passenger's cancellation
 * arrives on trip_status/{id} (or is noticed when the trip disappears), and a finished trip stays on
 * screen as '¡Viaje completado!' / 'Viaje cancelado' instead of vanishing.
 */
export function useActiveTrip(driverId: number, position: Coordinates | null, client?: TopicClient): ActiveTripState {
  const queryClient = useQueryClient();
  const query = useQuery({ ...driverTripQuery(driverId), refetchInterval: REQUESTS_REFRESH_MS });
  const [finished, setFinished] = useState<FinishedTrip | null>(null);
  const [banner, setBanner] = useState<Banner | null>(null);
  const [actionError, setActionError] = useState<ActionError | null>(null);
  const shown = useRef<DriverTrip | null>(null);

  const refetch = useCallback(
    () => queryClient.invalidateQueries({ queryKey: currentTripKeys.driver(driverId) }),
    [queryClient, driverId],
  );

  const finish = useCallback((trip: DriverTrip, outcome: TripOutcome, reason?: string | null) => {
    setFinished((previous) => previous ?? { trip, outcome, reason: reason ?? null });
  }, []);

  // The trip we were showing is gone and we did not finish it here: it was cancelled (by the passenger,
  // or by this driver on another device).
  const trip = query.data ?? null;
  // A new trip assigned while the last one's end is still on screen: its notice must not linger over it.
  if (trip && finished && trip.id !== finished.trip.id) {
    setFinished(null);
    setBanner(null);
    setActionError(null);
  }
  useEffect(() => {
    if (trip) shown.current = trip;
    else if (query.isSuccess && shown.current && !finished) finish(shown.current, 'cancelled');
  }, [trip, query.isSuccess, finished, finish]);

  useRealtimeTopic(trip && !finished ? topics.tripStatus(trip.id) : null, zTripStatusMessage, {
    ...(client ? { client } : {}),
    onMessage: (message) => {
      const current = shown.current;
      if (!current || message.trip_id !== current.id) return;
      if (isCancelledStatus(message.status)) {
        // The finished card says who cancelled and why (passengerCancelText), at the top of the page.
        finish({ ...current, trip_status: message.status }, 'cancelled', message.reason);
      }
      void refetch();
    },
  });

  // Each request starts in the event handler (it leaves before the click returns); the mutation tracks it.
  const stage = useMutation({
    mutationFn: ({ request }: { input: StageChangeInput; request: ReturnType<typeof updateTripStatus> }) => request,
    onMutate: () => {
      setBanner(null);
      setActionError(null);
    },
    onSuccess: (_change, { input }) => {
      if (input.status === 'cancelled_by_driver' && shown.current)
        finish({ ...shown.current, trip_status: 'cancelled_by_driver' }, 'cancelled');
    },
    onError: (error, { input }) =>
      setActionError({
        action: input.status === 'cancelled_by_driver' ? 'cancel' : 'stage',
        text: errorMessage(error, DRIVER_TRIP_ERRORS.updateStatus),
      }),
    onSettled: () => refetch(),
  });

  const completion = useMutation({
    mutationFn: ({ request }: { input: CompleteTripInput; request: ReturnType<typeof completeTrip> }) => request,
    onMutate: () => {
      setBanner(null);
      setActionError(null);
    },
    onSuccess: ({ trip: done, message }) => {
      if (shown.current)
        finish({ ...shown.current, trip_status: done.trip_status, actual_fare: done.final_fare }, 'completed');
      setBanner({ tone: 'success', text: message || COMPLETE_SUCCESS_MESSAGE });
    },
    onError: (error) => {
      const reason = error instanceof Error && error.message ? error.message : UNKNOWN_FAILURE;
      setActionError({ action: 'complete', text: `${COMPLETE_FAILURE_PREFIX}${reason}` });
    },
    onSettled: () => refetch(),
  });

  const busy: ActiveTripAction = completion.isPending
    ? 'complete'
    : stage.isPending
      ? stage.variables?.input.status === 'cancelled_by_driver'
        ? 'cancel'
        : 'stage'
      : null;

  const advance = (startCode?: string): void => {
    const action = trip ? driverStageAction(trip.trip_status) : null;
    if (!trip || !action || action.isCompletion || busy) return;
    const input: StageChangeInput = {
      tripId: trip.id,
      status: action.next as 'en_route' | 'arrived' | 'in_progress',
      position,
      ...(startCode ? { startCode } : {}),
    };
    stage.mutate({ input, request: updateTripStatus(input) });
  };

  const complete = (notes: string): void => {
    if (!trip || busy) return;
    if (!position) {
      setActionError({ action: 'complete', text: COMPLETE_NEEDS_POSITION });
      return;
    }
    const input: CompleteTripInput = { tripId: trip.id, position, notes };
    completion.mutate({ input, request: completeTrip(input) });
  };

  const cancel = (): void => {
    if (!trip || busy) return;
    const input: StageChangeInput = {
      tripId: trip.id,
      status: 'cancelled_by_driver',
      position,
      reason: DRIVER_CANCEL_REASON,
    };
    stage.mutate({ input, request: updateTripStatus(input) });
  };

  return {
    trip,
    finished,
    // A cached "no trip" being refreshed (e.g. right after the passenger accepted) is not an answer yet.
    isLoading: query.isPending || (query.data === null && query.isFetching),
    loadError: query.error,
    reload: () => void query.refetch(),
    busy,
    banner,
    actionError,
    dismissBanner: () => setBanner(null),
    advance,
    complete,
    cancel,
    refetch: () => void refetch(),
  };
}
