import type { UserType } from '@jala/contracts';
import { activeTripRedirect, isDriverType, isPassengerType } from '@jala/domain';
import { isCancelledError } from '@tanstack/react-query';

/** Each lookup resolves the role's current trip, or null when there is none. */
export interface ActiveTripLookups {
  passenger: () => Promise<unknown>;
  driver: () => Promise<unknown>;
}

async function hasTrip(lookup: () => Promise<unknown>): Promise<boolean> {
  try {
    return ((await lookup()) ?? null) !== null;
  } catch (error) {
    // A failed lookup must not trap the user: let the navigation through. (A cancelled one means the
    // session just ended, e.g. after a 401: nothing to report.)
    if (!isCancelledError(error)) console.warn('[active-trip-guard] lookup failed', error);
    return false;
  }
}

/**
 * Active-trip guard of spec §2 with its lookups: where a navigation to `pathname` must go instead,
 * or null. The rule itself is the domain's `activeTripRedirect`; this adds the calls, made lazily
 * and in the spec's order (passenger trip first, the driver lookup only if that found nothing), and
 * none at all for /active-trip paths or without a user.
 */
export async function resolveActiveTripRedirect(
  pathname: string,
  user: { user_type: UserType } | null,
  lookups: ActiveTripLookups,
): Promise<string | null> {
  if (!user || pathname.includes('/active-trip')) return null;
  const hasActivePassengerTrip = isPassengerType(user.user_type) && (await hasTrip(lookups.passenger));
  const hasActiveDriverTrip =
    !hasActivePassengerTrip && isDriverType(user.user_type) && (await hasTrip(lookups.driver));
  const target = activeTripRedirect({
    targetPath: pathname,
    userType: user.user_type,
    hasActivePassengerTrip,
    hasActiveDriverTrip,
  });
  return target === pathname ? null : target;
}
