import { useState } from 'react';
import { topics, zDriverLocation } from '@jala/contracts';
import type { Coordinates } from '@jala/domain';
import { useRealtimeTopic } from './use-realtime-topic';

/**
 * The assigned driver's position: live from driver_location/{trip} (published by the driver's phone),
 * starting from the last position the server knows.
 */
export function useDriverPosition(tripId: number, initial: Coordinates | null, following: boolean): Coordinates | null {
  const [live, setLive] = useState<{ tripId: number; point: Coordinates } | null>(null);
  useRealtimeTopic(following ? topics.driverLocation(tripId) : null, {
    parse: (payload) => {
      const parsed = zDriverLocation.safeParse(payload);
      return parsed.success ? { latitude: parsed.data.latitude, longitude: parsed.data.longitude } : null;
    },
    onMessage: (point) => setLive({ tripId, point }),
  });
  return live && live.tripId === tripId ? live.point : initial;
}
