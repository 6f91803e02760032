import { topics, zDriverLocation } from '@jala/contracts';
import type { Coordinates } from '@jala/domain';
import { useEffect, useRef, useState } from 'react';

import { useRealtimeTopic } from '@/lib/realtime/use-realtime-topic';

const keyOf = (point: Coordinates | null): string => (point ? `${point.latitude},${point.longitude}` : '');

interface LivePoint {
  tripId: number;
  point: Coordinates;
  /** The kept position (`initial`) when this point arrived: a different one read later is newer news. */
  basis: string;
  /**
   * The subscription was granted again (the link came back) since this point arrived: messages sent meanwhile
   * were missed, so a kept position read since then (the trip's refetch, a poll) is newer than this point.
   */
  missed: boolean;
}

/**
 * The assigned driver's position as the passenger sees it: live from driver_location/{trip} (published
 * by the driver's phone), starting from the last position the server knows (`initial`, the active trip's
 * answer, refetched on every reconnection and every few seconds). After the link was down, the last live
 * point gives way to a newer kept position; it used to win forever, so a move made while the passenger's
 * link was down stayed unseen until the driver's phone published again (up to its 15 s repeat when still).
 */
export function useLiveDriverPosition(
  tripId: number,
  initial: Coordinates | null,
  following: boolean,
): Coordinates | null {
  const [live, setLive] = useState<LivePoint | null>(null);
  const initialKey = keyOf(initial);
  const keptKey = useRef(initialKey);
  useEffect(() => {
    keptKey.current = initialKey;
  }, [initialKey]);

  useRealtimeTopic(following ? topics.driverLocation(tripId) : null, zDriverLocation, {
    onMessage: ({ latitude, longitude }) =>
      setLive({ tripId, point: { latitude, longitude }, basis: keptKey.current, missed: false }),
    onLive: () => setLive((current) => (current && !current.missed ? { ...current, missed: true } : current)),
  });

  if (!live || live.tripId !== tripId) return initial;
  const superseded = live.missed && initial !== null && initialKey !== live.basis;
  return superseded ? initial : live.point;
}
