/** User types, landing pages and the active-trip guard (spec §2, §6). */

export const USER_TYPES = Object.freeze(['passenger', 'driver', 'both'] as const);

export type UserType = (typeof USER_TYPES)[number];

/** The two sides of a trip, each with its own pages. */
export type TripRole = 'passenger' | 'driver';

export function isUserType(value: unknown): value is UserType {
  return typeof value === 'string' && (USER_TYPES as readonly string[]).includes(value);
}

/** Passenger flag (spec §6): passenger or both. */
export function isPassengerType(userType: string | null | undefined): boolean {
  return userType === 'passenger' || userType === 'both';
}

/** Driver flag (spec §6): driver or both. */
export function isDriverType(userType: string | null | undefined): boolean {
  return userType === 'driver' || userType === 'both';
}

export type DashboardPath = '/driver/dashboard' | '/passenger/dashboard';
export type ProfilePath = '/driver/profile' | '/passenger/profile';
export type ActiveTripPath = '/passenger/active-trip' | '/driver/active-trip';

/** Landing page after login (spec §2): the driver dashboard for driver or both, else the passenger one. */
export function dashboardPathFor(userType: string | null | undefined): DashboardPath {
  return isDriverType(userType) ? '/driver/dashboard' : '/passenger/dashboard';
}

/** Profile page (spec §2): the driver profile for driver or both, else the passenger profile. */
export function profilePathFor(userType: string | null | undefined): ProfilePath {
  return isDriverType(userType) ? '/driver/profile' : '/passenger/profile';
}

export function activeTripPathFor(role: TripRole): ActiveTripPath {
  return role === 'driver' ? '/driver/active-trip' : '/passenger/active-trip';
}

/** The public page of a shared trip lives under this path (`/compartir/:token`). */
export const SHARED_TRIP_PATH_PREFIX = '/compartir';

export interface ActiveTripGuardInput {
  /** Path the user is navigating to. */
  targetPath: string;
  /** The signed-in user's type, or null/undefined with no user. */
  userType: string | null | undefined;
  /** Whether the user has an active trip as passenger. */
  hasActivePassengerTrip: boolean;
  /** Whether the user has an active trip as driver. */
  hasActiveDriverTrip: boolean;
}

/**
 * Active-trip guard of spec §2: where to send the user instead of `targetPath`, or null to let the
 * navigation through. Paths containing /active-trip always pass; with no user nothing is redirected;
 * the passenger trip is checked first (passenger or both), then the driver trip (driver or both).
 */
export function activeTripRedirect(input: ActiveTripGuardInput): ActiveTripPath | null {
  const { targetPath, userType, hasActivePassengerTrip, hasActiveDriverTrip } = input;
  if (targetPath.includes('/active-trip')) return null;
  // Someone else's shared trip (safety) is read-only and public: it never sends the reader to their own trip.
  if (targetPath.startsWith(`${SHARED_TRIP_PATH_PREFIX}/`)) return null;
  if (!isUserType(userType)) return null;
  if (isPassengerType(userType) && hasActivePassengerTrip) return activeTripPathFor('passenger');
  if (isDriverType(userType) && hasActiveDriverTrip) return activeTripPathFor('driver');
  return null;
}
