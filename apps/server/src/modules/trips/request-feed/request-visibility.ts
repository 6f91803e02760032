/**
 * Whether a pending request is one this driver can see, i.e. act on from their feed ('Rechazar'): pending
 * and unexpired, not their own, and either carrying their live offer (which they may still withdraw) or
 * matching them now the way the feed does (verified, online, active vehicle of the trip's type, pickup
 * inside their radius). A request they rejected or withdrew their offer from is gone for them, like it is
 * from their feed. Anything else (another driver's trip, finished or en-route trips, unknown ids) is
 * answered as not found, and nothing is written.
 */
import { haversineKm, vehicleTypeForServiceType } from '@jala/domain';

import { matchingBlocker } from '../core/driver-context';
import type { DriverContextRepository } from '../core/driver-context.repository';
import type { TripRow } from '../core/trip-dto';
import type { MatchingRepository } from '../marketplace/matching.repository';

/** The reads the rule needs. */
export interface RequestVisibilityReads {
  matching: Pick<MatchingRepository, 'driverStanding'>;
  drivers: Pick<DriverContextRepository, 'load'>;
}

export async function driverCanSeeRequest(
  reads: RequestVisibilityReads,
  driverId: number,
  trip: TripRow,
  now: Date,
  /** The position the driver sends with this request, when it is newer than the stored one. */
  position: { latitude: number; longitude: number } | null = null,
): Promise<boolean> {
  if (trip.passengerId === driverId || trip.status !== 'pending' || trip.expiresAt <= now) return false;
  const standing = await reads.matching.driverStanding(trip.id, driverId);
  if (standing.rejected) return false;
  if (standing.offerStatus !== null) return standing.offerStatus === 'pending';
  const stored = await reads.drivers.load(driverId, now).catch(() => null);
  const driver = stored && { ...stored, ...position };
  if (!driver || matchingBlocker(driver) || driver.latitude == null || driver.longitude == null) return false;
  if (driver.vehicle?.vehicleType !== vehicleTypeForServiceType(trip.serviceTypeId)) return false;
  const km = haversineKm(
    { latitude: driver.latitude, longitude: driver.longitude },
    { latitude: Number(trip.pickupLatitude), longitude: Number(trip.pickupLongitude) },
  );
  return km <= driver.radiusKm;
}
