import { useState } from 'react';
import { topics, zDriverLocation } from '@jala/contracts';
import type { Coordinates } from '@jala/domain';
import { useRealtimeTopic } from '../../../../lib/use-realtime-topic';

/**
 * The assigned driver's position as the passenger sees it: live from driver_location/{trip} (published
 * by the driver's phone), starting from the last position the server knows.
 */
export function useLiveDriverPosition(tripId: number, initial: Coordinates | null, following: boolean): Coordinates | null {
  const [live, setLive] = useState<{ tripId: number; point: Coordinates } | null>(null);
  useRealtimeTopic(following ? topics.driverLocation(tripId) : null, zDriverLocation, {
    onMessage: ({ latitude, longitude }) => setLive({ tripId, point: { latitude, longitude } }),
  });
  return live && live.tripId === tripId ? live.point : initial;
}
