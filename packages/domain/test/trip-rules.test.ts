import { describe, expect, it } from 'vitest';

import {
  ACTIVE_TRIP_STATUSES,
  billedMinutes,
  canCancel,
  cancellableStatuses,
  checkTransition,
  DRIVER_BUSY_STATUSES,
  DRIVER_CANCELLABLE_STATUSES,
  estimateFare,
  fareForRoute,
  isDriverBusyStatus,
  PASSENGER_CANCELLABLE_STATUSES,
  ratingAverage,
  TRIP_STATUSES,
  vehicleTypeForServiceType,
} from '../src';

describe('status sets', () => {
  it('a driver is busy from acceptance until the trip ends', () => {
    expect(DRIVER_BUSY_STATUSES).toEqual(['accepted', 'en_route', 'arrived', 'in_progress']);
    expect(DRIVER_BUSY_STATUSES.every((s) => (ACTIVE_TRIP_STATUSES as readonly string[]).includes(s))).toBe(true);
    expect(isDriverBusyStatus('pending')).toBe(false);
    expect(isDriverBusyStatus('arrived')).toBe(true);
    expect(isDriverBusyStatus('nope')).toBe(false);
  });

  it('the passenger cancels until the trip starts, the driver until the passenger is on board', () => {
    expect(PASSENGER_CANCELLABLE_STATUSES).toEqual(['pending', 'accepted', 'en_route', 'arrived']);
    expect(DRIVER_CANCELLABLE_STATUSES).toEqual(['accepted', 'en_route', 'arrived']);
    expect(cancellableStatuses('system')).toEqual(['pending']);
  });

  it('canCancel agrees with the transition check for every status and actor', () => {
    for (const status of TRIP_STATUSES) {
      expect(canCancel(status, 'passenger')).toBe(checkTransition(status, 'cancelled_by_passenger', 'passenger').ok);
      expect(canCancel(status, 'driver')).toBe(checkTransition(status, 'cancelled_by_driver', 'driver').ok);
    }
    expect(canCancel('whatever', 'passenger')).toBe(false);
  });
});

describe('fareForRoute', () => {
  it('bills whole minutes, at least one', () => {
    expect(billedMinutes(0)).toBe(1);
    expect(billedMinutes(89)).toBe(1);
    expect(billedMinutes(90)).toBe(2);
    expect(billedMinutes(2801)).toBe(47);
    expect(billedMinutes(-5)).toBe(1);
  });

  it('is the domain formula over exact kilometres and billed minutes, per service type', () => {
    const route = { distanceMetres: 8986, durationSeconds: 1797 };
    expect(fareForRoute(route, 1)).toBe(
      estimateFare({ distanceKm: 8.986, durationMinutes: 30, vehicle: 'motorcycle' }),
    );
    expect(fareForRoute(route, 2)).toBe(estimateFare({ distanceKm: 8.986, durationMinutes: 30, vehicle: 'car' }));
    expect(fareForRoute({ distanceMetres: 100, durationSeconds: 30 }, 2)).toBe(8);
  });
});

describe('other shared rules', () => {
  it('maps service types to the vehicle type that serves them', () => {
    expect(vehicleTypeForServiceType(1)).toBe('mototaxi');
    expect(vehicleTypeForServiceType(2)).toBe('auto');
  });

  it('shows rating averages with two decimals, null when unrated', () => {
    expect(ratingAverage(null)).toBeNull();
    expect(ratingAverage('4.6666666')).toBe(4.67);
    expect(ratingAverage(5)).toBe(5);
    expect(ratingAverage('abc')).toBeNull();
  });
});
