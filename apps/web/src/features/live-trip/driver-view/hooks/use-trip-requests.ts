import { type DriverTripRequest, topics, zDriverFeedMessage, zTripStatusMessage } from '@jala/contracts';
import type { Coordinates } from '@jala/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';

import { fetchTripRequests, rejectTripRequest, sendOffer } from '@/features/live-trip/api/driver-trip-api';
import { liveTripKeys } from '@/features/live-trip/api/live-trip-api';
import { type TopicClient, useRealtimeTopic } from '@/lib/realtime/use-realtime-topic';

import {
  applyFeedMessage,
  hasMovedMeaningfully,
  markOffered,
  noticeAfter,
  offeredTripEvent,
  removeRequest,
  REQUEST_NOTICE_MS,
  type RequestNotice,
  REQUESTS_REFRESH_MS,
} from '../model/requests-feed';

export interface TripRequestsOptions {
  driverId: number;
  /** The watched position; nothing is fetched before the first fix. */
  position: Coordinates | null;
  /** The passenger accepted this driver's offer (trip_status 'accepted' with driver_id = me). */
  onAssigned: (tripId: number) => void;
  client?: TopicClient;
}

export interface TripRequestsState {
  requests: DriverTripRequest[];
  isLoading: boolean;
  error: unknown;
  /** A short note about a request that went away, e.g. 'Rosa eligió otra oferta.' */
  notice: string | null;
  dismissNotice: () => void;
  offer: (request: DriverTripRequest, price?: number) => Promise<number>;
  reject: (request: DriverTripRequest) => Promise<void>;
}

/**
 * The driver's requests: fetched for the watched position (again when it moves meaningfully and every
 * REQUESTS_REFRESH_MS), kept live by the driver's MQTT feed, and by trip_status on every trip they
 * offered on (the passenger's choice or cancellation).
 */
export function useTripRequests({ driverId, position, onAssigned, client }: TripRequestsOptions): TripRequestsState {
  const queryClient = useQueryClient();
  const queryKey = useMemo(() => liveTripKeys.requests(driverId), [driverId]);
  const [notice, setNotice] = useState<RequestNotice | null>(null);
  useEffect(() => {
    if (!notice) return undefined;
    const timer = setTimeout(() => setNotice(null), REQUEST_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice]);
  const hidden = useRef(new Set<number>());

  // Where the list was last asked for; the query always sends the freshest fix.
  const latest = useRef<Coordinates | null>(position);
  const [anchor, setAnchor] = useState<Coordinates | null>(null);
  useEffect(() => {
    latest.current = position;
    if (position && hasMovedMeaningfully(anchor, position))
      setAnchor({ latitude: position.latitude, longitude: position.longitude });
  }, [position, anchor]);

  const query = useQuery({
    queryKey,
    queryFn: () => fetchTripRequests(latest.current),
    enabled: anchor !== null,
    refetchInterval: REQUESTS_REFRESH_MS,
    select: (list: DriverTripRequest[]) => list.filter((r) => !hidden.current.has(r.id)),
  });

  // A meaningful move (not the first fix, which enables the query) asks the server again.
  const firstAnchor = useRef(true);
  useEffect(() => {
    if (!anchor) return;
    if (firstAnchor.current) {
      firstAnchor.current = false;
      return;
    }
    void queryClient.invalidateQueries({ queryKey });
  }, [anchor, queryClient, queryKey]);

  const update = useCallback(
    (change: (list: DriverTripRequest[]) => DriverTripRequest[]) =>
      queryClient.setQueryData<DriverTripRequest[]>(queryKey, (list) => (list ? change(list) : list)),
    [queryClient, queryKey],
  );

  const refetchWhenLive = useCallback(() => {
    if (anchor) void queryClient.invalidateQueries({ queryKey });
  }, [anchor, queryClient, queryKey]);

  useRealtimeTopic(topics.driverTripRequests(driverId), zDriverFeedMessage, {
    ...(client ? { client } : {}),
    onMessage: (message) => {
      const list = queryClient.getQueryData<DriverTripRequest[]>(queryKey);
      if (!list) return;
      const outcome = applyFeedMessage(list, message, hidden.current);
      queryClient.setQueryData(queryKey, outcome.requests);
      setNotice((current) => outcome.notice ?? noticeAfter(current, message));
    },
    onLive: refetchWhenLive,
  });

  const requests = useMemo(() => query.data ?? [], [query.data]);
  const offeredIds = requests.filter((r) => r.my_offer_price !== null).map((r) => r.id);
  useRealtimeTopic(
    offeredIds.map((id) => topics.tripStatus(id)),
    zTripStatusMessage,
    {
      ...(client ? { client } : {}),
      onMessage: (message) => {
        const request = queryClient.getQueryData<DriverTripRequest[]>(queryKey)?.find((r) => r.id === message.trip_id);
        const event = offeredTripEvent(message, driverId, request?.passenger_name ?? null);
        if (event.kind === 'assigned_to_me') onAssigned(message.trip_id);
        else if (event.kind === 'closed') {
          update((list) => removeRequest(list, message.trip_id));
          if (request) setNotice({ text: event.notice, passengerName: request.passenger_name });
        }
      },
    },
  );

  const offer = useCallback(
    async (request: DriverTripRequest, price?: number) => {
      const sent = await sendOffer({
        tripRequestId: request.id,
        ...(price === undefined ? {} : { price }),
        position: latest.current,
      });
      update((list) => markOffered(list, request.id, sent.price));
      return sent.price;
    },
    [update],
  );

  const reject = useCallback(
    async (request: DriverTripRequest) => {
      await rejectTripRequest(request.id);
      hidden.current.add(request.id);
      update((list) => removeRequest(list, request.id));
    },
    [update],
  );

  return {
    requests,
    isLoading: anchor === null || query.isPending,
    error: query.error,
    notice: notice?.text ?? null,
    dismissNotice: useCallback(() => setNotice(null), []),
    offer,
    reject,
  };
}
