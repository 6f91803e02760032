import { topics, zTripStatusMessage } from '@jala/contracts';
import { isTerminalStatus } from '@jala/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';

import { currentTripKeys, type PassengerTrip, passengerTripQuery } from '@/lib/current-trip';
import { useRealtimeTopic } from '@/lib/realtime/use-realtime-topic';

import { type ActiveTrip, toActiveTrip } from '../model/active-trip';

/** Fallback refresh of the active trip, besides its trip_status messages. */
export const TRIP_REFRESH_MS = 10_000;

const toTrip = (dto: PassengerTrip | null): ActiveTrip | null => (dto ? toActiveTrip(dto) : null);

export interface FollowedTrip {
  /** True until the first lookup ends ('Buscando viaje activo…'). */
  isPending: boolean;
  /** The lookup failed and there is nothing to show. */
  error: unknown;
  /** The trip as last read while active (kept once it ends, for the end state). */
  trip: ActiveTrip | null;
  /** Set once the followed trip ended; status null when it must be looked up. */
  ended: { status: string | null } | null;
  /** The lookup says there is no active trip and none was followed here: go request one. */
  hasNoTrip: boolean;
  refetch: () => Promise<unknown>;
  /** Marks the trip as ended (e.g. after cancelling it here). */
  end: (status: string) => void;
  /**
   * Why a trip that goes on changed under the passenger, in the server's words (a booking's driver gave it
   * back or did not come: it is searching again); null when nothing was said or it was dismissed.
   */
  notice: string | null;
  dismissNotice: () => void;
}

/**
 * Follows the passenger's active trip (GET /trips/active, same cache entry as the route guard): live
 * through trip_status/{trip} (a terminal status — completed or a retained cancellation — ends it at
 * once, anything else triggers a refetch), with a periodic refetch as fallback. A trip that disappears
 * from the lookup while followed has ended too.
 */
export function useFollowedTrip(userId: number): FollowedTrip {
  const queryClient = useQueryClient();
  const [ended, setEnded] = useState<{ status: string | null } | null>(null);
  const [followed, setFollowed] = useState<ActiveTrip | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const query = useQuery({
    ...passengerTripQuery(userId),
    select: toTrip,
    refetchInterval: ended ? false : TRIP_REFRESH_MS,
  });

  const trip = query.data ?? null;
  if (!ended && trip && trip !== followed) setFollowed(trip);
  if (!ended && !trip && followed && query.isSuccess && !query.isFetching) setEnded({ status: null });

  const end = useCallback(
    (status: string) => {
      setEnded((current) => current ?? { status });
      // The guard reads the same cache entry: no stale "active trip" must send the user back here.
      queryClient.setQueryData(currentTripKeys.passenger(userId), null);
    },
    [queryClient, userId],
  );

  const tripId = followed?.id ?? null;
  const { refetch } = query;
  useRealtimeTopic(tripId !== null && !ended ? topics.tripStatus(tripId) : null, zTripStatusMessage, {
    onMessage: (message) => {
      if (message.trip_id !== tripId) return;
      if (isTerminalStatus(message.status)) end(message.status);
      else {
        if (message.reason) setNotice(message.reason);
        void refetch();
      }
    },
    onLive: () => void refetch(),
  });

  return {
    isPending: query.isPending,
    error: query.isError && !followed ? query.error : null,
    trip: ended ? followed : (trip ?? followed),
    ended,
    hasNoTrip: query.isSuccess && !trip && !followed && !ended,
    refetch,
    end,
    notice,
    dismissNotice: useCallback(() => setNotice(null), []),
  };
}
