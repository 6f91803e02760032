import { describe, expect, it } from 'vitest';

import {
  activeTripPathFor,
  activeTripRedirect,
  dashboardPathFor,
  isDriverType,
  isPassengerType,
  isUserType,
  profilePathFor,
  USER_TYPES,
} from '../src/people/roles';

describe('role flags (spec §6)', () => {
  it.each([
    ['passenger', true, false],
    ['driver', false, true],
    ['both', true, true],
    ['admin', false, false],
    ['', false, false],
    ['PASSENGER', false, false],
    [null, false, false],
    [undefined, false, false],
  ])('%j → passenger %s, driver %s', (userType, passenger, driver) => {
    expect(isPassengerType(userType)).toBe(passenger);
    expect(isDriverType(userType)).toBe(driver);
  });

  it('knows the three user types', () => {
    expect(USER_TYPES).toEqual(['passenger', 'driver', 'both']);
    expect(isUserType('both')).toBe(true);
    expect(isUserType('admin')).toBe(false);
    expect(isUserType(undefined)).toBe(false);
  });
});

describe('paths (spec §2)', () => {
  it.each([
    ['driver', '/driver/dashboard', '/driver/profile'],
    ['both', '/driver/dashboard', '/driver/profile'],
    ['passenger', '/passenger/dashboard', '/passenger/profile'],
    ['unknown', '/passenger/dashboard', '/passenger/profile'],
    [null, '/passenger/dashboard', '/passenger/profile'],
    [undefined, '/passenger/dashboard', '/passenger/profile'],
  ])('%j lands on %s and edits %s', (userType, dashboard, profile) => {
    expect(dashboardPathFor(userType)).toBe(dashboard);
    expect(profilePathFor(userType)).toBe(profile);
  });

  it('has one active-trip page per side', () => {
    expect(activeTripPathFor('passenger')).toBe('/passenger/active-trip');
    expect(activeTripPathFor('driver')).toBe('/driver/active-trip');
  });
});

describe('activeTripRedirect (spec §2 active-trip guard)', () => {
  const none = { hasActivePassengerTrip: false, hasActiveDriverTrip: false };

  it('always lets /active-trip paths through', () => {
    for (const targetPath of ['/passenger/active-trip', '/driver/active-trip', '/x/active-trip?y=1']) {
      expect(
        activeTripRedirect({ targetPath, userType: 'both', hasActivePassengerTrip: true, hasActiveDriverTrip: true }),
      ).toBeNull();
    }
  });

  it("lets a shared trip's public page through, but not look-alike paths", () => {
    const busy = { userType: 'both', hasActivePassengerTrip: true, hasActiveDriverTrip: true };
    expect(activeTripRedirect({ targetPath: '/compartir/AbC123', ...busy })).toBeNull();
    expect(activeTripRedirect({ targetPath: '/compartirx', ...busy })).toBe('/passenger/active-trip');
  });

  it('redirects nothing without a user', () => {
    expect(
      activeTripRedirect({ targetPath: '/', userType: null, hasActivePassengerTrip: true, hasActiveDriverTrip: true }),
    ).toBeNull();
  });

  it('lets everything through without an active trip', () => {
    expect(activeTripRedirect({ targetPath: '/passenger/dashboard', userType: 'both', ...none })).toBeNull();
  });

  it('sends a passenger with an active trip to the passenger page', () => {
    expect(
      activeTripRedirect({
        targetPath: '/passenger/trip-history',
        userType: 'passenger',
        ...none,
        hasActivePassengerTrip: true,
      }),
    ).toBe('/passenger/active-trip');
  });

  it('sends a driver with an active trip to the driver page', () => {
    expect(
      activeTripRedirect({ targetPath: '/driver/earnings', userType: 'driver', ...none, hasActiveDriverTrip: true }),
    ).toBe('/driver/active-trip');
  });

  it('checks the passenger trip first for both', () => {
    expect(
      activeTripRedirect({
        targetPath: '/driver/dashboard',
        userType: 'both',
        hasActivePassengerTrip: true,
        hasActiveDriverTrip: true,
      }),
    ).toBe('/passenger/active-trip');
    expect(
      activeTripRedirect({ targetPath: '/driver/dashboard', userType: 'both', ...none, hasActiveDriverTrip: true }),
    ).toBe('/driver/active-trip');
  });

  it('ignores a trip on the side the user type does not have', () => {
    expect(
      activeTripRedirect({ targetPath: '/', userType: 'passenger', ...none, hasActiveDriverTrip: true }),
    ).toBeNull();
    expect(
      activeTripRedirect({ targetPath: '/', userType: 'driver', ...none, hasActivePassengerTrip: true }),
    ).toBeNull();
  });
});
