import { type DriverLocation, topics } from '@jala/contracts';
import { useEffect, useRef } from 'react';

import { realtime, type RealtimeClient } from '@/lib/realtime/realtime';

import type { WatchedPosition } from './use-watched-position';

/** At most one position every this many ms (the passenger's map does not need more; budget-table.ts counts them). */
export const LOCATION_PUBLISH_MS = 4_000;
/** Re-sent this often even when standing still, so a passenger who opens the map late still sees the car. */
export const LOCATION_KEEPALIVE_MS = 15_000;
/** While the realtime link is down, how often it is looked at again (a look costs nothing). */
export const LOCATION_LINK_CHECK_MS = 1_000;

export type PublishClient = Pick<RealtimeClient, 'isConnected' | 'publish'>;

export function toDriverLocation(position: WatchedPosition, at: Date): DriverLocation {
  const heading = position.heading === null ? null : ((position.heading % 360) + 360) % 360;
  return { latitude: position.latitude, longitude: position.longitude, heading, timestamp: at.toISOString() };
}

/**
 * While `tripId` is set (the driver is assigned), publishes the watched position on driver_location/{tripId}:
 *
 * - a new fix goes out at once when the last publication is LOCATION_PUBLISH_MS old, else as soon as it is
 *   (a throttle with its leading edge, not a fixed 4 s beat that made every move wait for the next beat);
 * - a position counts as sent only once the broker acknowledged it (PUBACK): a publication that failed (the
 *   link dropped, the client was replaced) is sent again at the next turn instead of waiting for the
 *   LOCATION_KEEPALIVE_MS repeat, which left the passenger's distance stale for ~20 s after a driver stopped;
 * - one publication in flight at a time: a link that hangs does not pile up old positions for the client to
 *   resend in a burst (each would spend the driver's MQTT budget) once it reconnects.
 */
export function useLocationPublisher(
  tripId: number | null,
  position: WatchedPosition | null,
  client: PublishClient = realtime,
): void {
  const latest = useRef(position);
  /** Runs a turn of the publisher now (set while it is on): a new fix need not wait for a timer. */
  const wake = useRef<(() => void) | null>(null);

  useEffect(() => {
    latest.current = position;
    wake.current?.();
  }, [position]);

  useEffect(() => {
    if (tripId === null) return;
    const topic = topics.driverLocation(tripId);
    let stopped = false;
    let inFlight = false;
    let attemptedAt = Number.NEGATIVE_INFINITY;
    let acknowledged: { at: number; position: WatchedPosition } | null = null;
    let timer: ReturnType<typeof setTimeout> | null = null;

    const later = (ms: number): void => {
      if (timer !== null) clearTimeout(timer);
      timer = setTimeout(turn, Math.max(0, ms));
    };
    const settled = (sent: WatchedPosition, at: number, delivered: boolean): void => {
      inFlight = false;
      if (delivered && (acknowledged === null || at >= acknowledged.at)) acknowledged = { at, position: sent };
      if (!stopped) turn();
    };

    function turn(): void {
      if (stopped || inFlight) return; // the one in flight runs the next turn when it settles
      const current = latest.current;
      if (!current) return; // the next fix wakes it
      if (!client.isConnected()) return later(LOCATION_LINK_CHECK_MS);
      const now = Date.now();
      const known = acknowledged?.position === current;
      const due = Math.max(
        attemptedAt + LOCATION_PUBLISH_MS,
        known && acknowledged ? acknowledged.at + LOCATION_KEEPALIVE_MS : 0,
      );
      if (now < due) return later(due - now);
      attemptedAt = now;
      inFlight = true;
      const failed = (error: unknown): void => {
        console.warn('[driver-location] publish failed', error);
        settled(current, now, false);
      };
      try {
        client.publish(topic, toDriverLocation(current, new Date(now))).then(() => settled(current, now, true), failed);
      } catch (error) {
        failed(error); // disconnected between the check and the call
      }
    }

    wake.current = turn;
    turn();
    return () => {
      stopped = true;
      wake.current = null;
      if (timer !== null) clearTimeout(timer);
    };
  }, [tripId, client]);
}
