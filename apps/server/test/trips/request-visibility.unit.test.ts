/**
 * Which pending requests a driver can see (and so offer on or hide), with hand-written fakes: their own
 * live offer keeps a request visible, a rejection or a withdrawn offer hides it, and otherwise it must match
 * them now as the feed does (able to take requests, vehicle of the trip's type, pickup inside the radius).
 */
import { describe, expect, it } from 'vitest';

import type { TripRow } from '../../src/modules/trips';
import type { DriverContext } from '../../src/modules/trips/core/driver-context';
import { driverCanSeeRequest } from '../../src/modules/trips/request-feed/request-visibility';

const NOW = new Date('2026-11-25T15:00:00Z');
const DRIVER = 20;
const KENNEDY = { latitude: -12.1211, longitude: -77.0297 };

const request = (changes: Partial<TripRow> = {}): TripRow =>
  ({
    id: 1,
    passengerId: 10,
    status: 'pending',
    expiresAt: new Date(NOW.getTime() + 60_000),
    serviceTypeId: 2,
    pickupLatitude: String(KENNEDY.latitude),
    pickupLongitude: String(KENNEDY.longitude),
    ...changes,
  }) as TripRow;

const driver = (changes: Partial<DriverContext> = {}): DriverContext => ({
  driverId: DRIVER,
  name: 'Jorge',
  isVerified: true,
  documentsExpired: false,
  isOnline: true,
  radiusKm: 3,
  latitude: -12.125,
  longitude: -77.03,
  locationUpdatedAt: NOW,
  paymentMethods: ['cash'],
  vehicle: { id: 3, vehicleType: 'auto', brand: 'Toyota', model: 'Yaris', licensePlate: 'ABC-123', color: 'Rojo' },
  balanceShortCents: 0,
  ...changes,
});

function sees(
  trip: TripRow,
  world: { offerStatus?: string | null; rejected?: boolean; driver?: DriverContext | null } = {},
  position: { latitude: number; longitude: number } | null = null,
) {
  const reads = {
    matching: {
      driverStanding: async () => ({ offerStatus: world.offerStatus ?? null, rejected: world.rejected ?? false }),
    },
    drivers: {
      load: async () => {
        if (world.driver === null) throw new Error('no driver profile');
        return world.driver ?? driver();
      },
    },
  };
  return driverCanSeeRequest(reads, DRIVER, trip, NOW, position);
}

describe('driverCanSeeRequest', () => {
  it('shows a pending request that matches the driver now', async () => {
    expect(await sees(request())).toBe(true);
  });

  it('hides their own trip, a trip no longer pending and an expired one', async () => {
    expect(await sees(request({ passengerId: DRIVER }))).toBe(false);
    expect(await sees(request({ status: 'accepted' }))).toBe(false);
    expect(await sees(request({ expiresAt: NOW }))).toBe(false);
  });

  it('keeps a request with their live offer visible even when they no longer match it, and hides one they withdrew from or rejected', async () => {
    expect(await sees(request(), { offerStatus: 'pending', driver: driver({ isOnline: false }) })).toBe(true);
    expect(await sees(request(), { offerStatus: 'withdrawn' })).toBe(false);
    expect(await sees(request(), { offerStatus: 'rejected' })).toBe(false);
    expect(await sees(request(), { rejected: true, offerStatus: 'pending' })).toBe(false);
  });

  it('hides a request from a driver who cannot take requests, has another vehicle type or no profile', async () => {
    expect(await sees(request(), { driver: driver({ isOnline: false }) })).toBe(false);
    expect(await sees(request(), { driver: driver({ isVerified: false }) })).toBe(false);
    expect(await sees(request({ serviceTypeId: 1 }))).toBe(false);
    expect(await sees(request(), { driver: null })).toBe(false);
  });

  it('measures the pickup from the position sent with the request when there is one', async () => {
    const farAway = { latitude: -12.3, longitude: -77.03 };
    expect(
      await sees(request(), { driver: driver({ latitude: farAway.latitude, longitude: farAway.longitude }) }),
    ).toBe(false);
    expect(
      await sees(request(), { driver: driver({ latitude: farAway.latitude, longitude: farAway.longitude }) }, KENNEDY),
    ).toBe(true);
    expect(await sees(request(), {}, farAway)).toBe(false);
  });
});
