/**
 * Whether a pending request is one this driver can see, i.e. act on from their feed ('Rechazar'): pending
 * and unexpired, not their own, and either already answered by them (an offer or an earlier rejection) or
 * matching them now the way the feed does (verified, online, active vehicle of the trip's type, pickup
 * inside their radius). Anything else (another driver's trip, finished or en-route trips, unknown ids)
 * is answered as not found, and nothing is written.
 */
import { and, eq, schema, type Database } from '@jala/db';
import { haversineKm, vehicleTypeForServiceType } from '@jala/domain';
import { loadDriverContext, matchingBlocker } from './driver-context';
import type { TripRow } from './trip-dto';

export async function driverCanSeeRequest(
  db: Database,
  driverId: number,
  trip: TripRow,
  now: Date,
  /** The position the driver sends with this request, when it is newer than the stored one. */
  position: { latitude: number; longitude: number } | null = null,
): Promise<boolean> {
  if (trip.passengerId === driverId || trip.status !== 'pending' || trip.expiresAt <= now) return false;
  const answered = await Promise.all([
    db.select({ id: schema.tripOffers.id }).from(schema.tripOffers)
      .where(and(eq(schema.tripOffers.tripId, trip.id), eq(schema.tripOffers.driverId, driverId))).limit(1),
    db.select({ tripId: schema.tripRejections.tripId }).from(schema.tripRejections)
      .where(and(eq(schema.tripRejections.tripId, trip.id), eq(schema.tripRejections.driverId, driverId))).limit(1),
  ]);
  if (answered.some((rows) => rows.length > 0)) return true;
  const stored = await loadDriverContext(db, driverId, now).catch(() => null);
  const driver = stored && { ...stored, ...position };
  if (!driver || matchingBlocker(driver) || driver.latitude == null || driver.longitude == null) return false;
  if (driver.vehicle?.vehicleType !== vehicleTypeForServiceType(trip.serviceTypeId)) return false;
  const km = haversineKm(
    { latitude: driver.latitude, longitude: driver.longitude },
    { latitude: Number(trip.pickupLatitude), longitude: Number(trip.pickupLongitude) },
  );
  return km <= driver.radiusKm;
}
