/**
 * DriverFeeds.visible keeps its last answer for the position it was computed at (so a driver polling from
 * the same spot gets the same object, whose body and ETag are reused): a new position computes again, and a
 * shown request expiring drops out at once.
 */
import type { DriverTripRequest } from '@jala/contracts';
import { describe, expect, it } from 'vitest';

import { DriverFeeds, type KeptFeed, type KeptRequest } from '../../src/modules/trips/request-feed/driver-feed';

const KENNEDY = { latitude: -12.1211, longitude: -77.0297 };

function request(id: number, pickup: { latitude: number; longitude: number }, expiresAtMs: number): KeptRequest {
  return {
    dto: { id, pickup_latitude: pickup.latitude, pickup_longitude: pickup.longitude } as DriverTripRequest,
    pickup,
    expiresAtMs,
  };
}

describe('DriverFeeds.visible', () => {
  const now = Date.parse('2026-11-25T15:00:00Z');
  const feed = (): KeptFeed => ({
    blocker: null,
    balanceShortCents: 0,
    position: KENNEDY,
    positionAt: now,
    radiusKm: 3,
    hasVehicle: true,
    requests: [request(1, KENNEDY, now + 60_000), request(2, { latitude: -12.125, longitude: -77.03 }, now + 120_000)],
  });

  it('gives the same answer back at the same position until a shown request expires', () => {
    const kept = feed();
    const first = DriverFeeds.visible(kept, KENNEDY, new Date(now));
    expect(first.map((r) => r.id)).toEqual([1, 2]);
    expect(DriverFeeds.visible(kept, { ...KENNEDY }, new Date(now + 59_999))).toBe(first);

    const expired = DriverFeeds.visible(kept, KENNEDY, new Date(now + 60_000));
    expect(expired.map((r) => r.id)).toEqual([2]);
    expect(DriverFeeds.visible(kept, KENNEDY, new Date(now + 60_001))).toBe(expired);
    expect(DriverFeeds.visible(kept, KENNEDY, new Date(now + 120_000))).toEqual([]);
  });

  it('computes the distances again for another position', () => {
    const kept = feed();
    const atKennedy = DriverFeeds.visible(kept, KENNEDY, new Date(now));
    const moved = DriverFeeds.visible(kept, { latitude: -12.125, longitude: -77.03 }, new Date(now));
    expect(moved).not.toBe(atKennedy);
    expect(moved.map((r) => r.id)).toEqual([2, 1]);
    expect(moved[0]?.distance_to_pickup_km).toBe(0);
  });
});
