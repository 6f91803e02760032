/**
 * How the driver's phone publishes its position on driver_location/{trip} (use-location-publisher.ts), on fake
 * time with the harness's FakeRealtime: a new fix leaves at once once the last publication is LOCATION_PUBLISH_MS
 * old, a publication the broker never acknowledged is sent again at the next turn (not after the 15 s repeat),
 * and a hanging one does not pile up others behind it.
 */
import { topics } from '@jala/contracts';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import {
  LOCATION_KEEPALIVE_MS,
  LOCATION_PUBLISH_MS,
  useLocationPublisher,
} from '@/features/live-trip/driver-view/hooks/use-location-publisher';
import type { WatchedPosition } from '@/features/live-trip/driver-view/hooks/use-watched-position';

import { FakeRealtime, resetTestWorld } from '../../support';

const TRIP = 7;
const at = (latitude: number): WatchedPosition => ({
  latitude,
  longitude: -77.0297,
  heading: null,
  accuracy: 8,
  timestamp: Date.now(),
});
const A = at(-12.109);
const B = at(-12.115);
const C = at(-12.12);

/** The latitudes the fake broker acknowledged, in order. */
const delivered = (link: FakeRealtime) =>
  link.published
    .filter((p) => p.topic === topics.driverLocation(TRIP))
    .map((p) => (p.payload as { latitude: number }).latitude);
/** Lets the publication's promise settle (the hook reacts to its PUBACK). */
const settle = () =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(0);
  });
const wait = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });

function publisherWith(link: FakeRealtime) {
  return renderHook(
    ({ position }: { position: WatchedPosition | null }) => useLocationPublisher(TRIP, position, link),
    { initialProps: { position: A } },
  );
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => resetTestWorld());

describe("the driver's position publisher", () => {
  it('sends a fix at once when the last publication is old enough, and a quicker one at the end of the interval', async () => {
    const link = new FakeRealtime(true);
    const { rerender } = publisherWith(link);
    await settle();
    expect(delivered(link)).toEqual([A.latitude]);

    await wait(LOCATION_PUBLISH_MS + 1_500); // standing still: nothing new to say yet
    expect(delivered(link)).toEqual([A.latitude]);
    rerender({ position: B }); // the driver moves: it leaves now, not at the next beat of a fixed 4 s clock
    await settle();
    expect(delivered(link)).toEqual([A.latitude, B.latitude]);

    await wait(1_000);
    rerender({ position: C }); // 1 s after the last one: waits for the interval, then goes
    await settle();
    expect(delivered(link)).toEqual([A.latitude, B.latitude]);
    await wait(LOCATION_PUBLISH_MS - 1_000 - 1);
    expect(delivered(link)).toEqual([A.latitude, B.latitude]);
    await wait(1);
    expect(delivered(link)).toEqual([A.latitude, B.latitude, C.latitude]);
  });

  it('sends again at the next turn a position whose publication failed, instead of waiting for the keep-alive', async () => {
    const link = new FakeRealtime(true);
    const { rerender } = publisherWith(link);
    await settle();
    await wait(LOCATION_PUBLISH_MS);

    link.failPublish = new Error('MQTT client ended'); // the link was replaced before its PUBACK
    rerender({ position: B });
    await wait(LOCATION_PUBLISH_MS); // whichever turn it left on, it failed
    expect(link.publish.mock.calls.length).toBeGreaterThanOrEqual(2);
    expect(delivered(link)).toEqual([A.latitude]);

    link.failPublish = null;
    await wait(LOCATION_PUBLISH_MS);
    expect(delivered(link)).toEqual([A.latitude, B.latitude]);
    expect(LOCATION_PUBLISH_MS).toBeLessThan(LOCATION_KEEPALIVE_MS);
  });

  it('keeps one publication in flight: a hanging link gets no pile of old positions, then the newest goes', async () => {
    const link = new FakeRealtime(true);
    let acknowledge: () => void = () => {};
    link.publish.mockImplementationOnce(async (topic, payload) => {
      await new Promise<void>((resolve) => {
        acknowledge = resolve;
      });
      link.published.push({ topic, payload });
    });
    const { rerender } = publisherWith(link);
    await settle();
    rerender({ position: B });
    await wait(LOCATION_PUBLISH_MS * 3);
    rerender({ position: C });
    await wait(LOCATION_PUBLISH_MS * 3);
    expect(link.publish).toHaveBeenCalledTimes(1);

    acknowledge();
    await settle();
    expect(delivered(link)).toEqual([A.latitude, C.latitude]);
  });

  it('repeats an unchanged position every LOCATION_KEEPALIVE_MS, and waits while the link is down', async () => {
    const link = new FakeRealtime(true);
    publisherWith(link);
    await settle();
    await wait(LOCATION_KEEPALIVE_MS - 1);
    expect(delivered(link)).toEqual([A.latitude]);
    await wait(1);
    expect(delivered(link)).toEqual([A.latitude, A.latitude]);

    link.connected = false;
    await wait(LOCATION_KEEPALIVE_MS * 2);
    expect(link.publish).toHaveBeenCalledTimes(2);
    link.connected = true;
    await wait(1_000);
    expect(delivered(link)).toEqual([A.latitude, A.latitude, A.latitude]);
  });
});
