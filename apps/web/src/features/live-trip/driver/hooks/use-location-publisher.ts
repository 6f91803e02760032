import { useEffect, useRef } from 'react';
import { topics, type DriverLocation } from '@jala/contracts';
import { realtime, type RealtimeClient } from '../../../../lib/realtime';
import type { WatchedPosition } from './use-watched-position';

/** At most one position every this many ms (the passenger's map does not need more). */
export const LOCATION_PUBLISH_MS = 4_000;
/** Re-sent this often even when standing still, so a passenger who opens the map late still sees the car. */
export const LOCATION_KEEPALIVE_MS = 15_000;

export type PublishClient = Pick<RealtimeClient, 'isConnected' | 'publish'>;

export function toDriverLocation(position: WatchedPosition, at: Date): DriverLocation {
  const heading = position.heading === null ? null : ((position.heading % 360) + 360) % 360;
  return { latitude: position.latitude, longitude: position.longitude, heading, timestamp: at.toISOString() };
}

/**
 * While `tripId` is set (the driver is assigned), publishes the watched position on
 * driver_location/{tripId}, throttled to one message per LOCATION_PUBLISH_MS.
 */
export function useLocationPublisher(tripId: number | null, position: WatchedPosition | null, client: PublishClient = realtime): void {
  const latest = useRef(position);
  const lastSent = useRef<{ at: number; position: WatchedPosition | null }>({ at: 0, position: null });

  useEffect(() => {
    latest.current = position;
  }, [position]);

  useEffect(() => {
    if (tripId === null) return;
    lastSent.current = { at: 0, position: null };
    const tick = (): void => {
      const current = latest.current;
      if (!current || !client.isConnected()) return;
      const now = Date.now();
      const changed = current !== lastSent.current.position;
      if (!changed && now - lastSent.current.at < LOCATION_KEEPALIVE_MS) return;
      lastSent.current = { at: now, position: current };
      const warn = (error: unknown): void => console.warn('[driver-location] publish failed', error);
      try {
        client.publish(topics.driverLocation(tripId), toDriverLocation(current, new Date(now))).catch(warn);
      } catch (error) {
        warn(error); // disconnected between the check and the call
      }
    };
    tick();
    const timer = setInterval(tick, LOCATION_PUBLISH_MS);
    return () => clearInterval(timer);
  }, [tripId, client]);
}
