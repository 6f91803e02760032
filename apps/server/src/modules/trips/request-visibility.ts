/**
 * Whether a pending request is one this driver can see, i.e. act on from their feed ('Rechazar'): pending
 * and unexpired, not their own, and either carrying their live offer (which they may still withdraw) or
 * matching them now the way the feed does (verified, online, active vehicle of the trip's type, pickup
 * inside their radius). A request they rejected or withdrew their offer from is gone for them, like it is
 * from their feed. Anything else (another driver's trip, finished or en-route trips, unknown ids) is
 * answered as not found, and nothing is written.
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
  const [[offer], [rejection]] = await Promise.all([
    db.select({ status: schema.tripOffers.status }).from(schema.tripOffers)
      .where(and(eq(schema.tripOffers.tripId, trip.id), eq(schema.tripOffers.driverId, driverId))).limit(1),
    db.select({ tripId: schema.tripRejections.tripId }).from(schema.tripRejections)
      .where(and(eq(schema.tripRejections.tripId, trip.id), eq(schema.tripRejections.driverId, driverId))).limit(1),
  ]);
  if (rejection) return false;
  if (offer) return offer.status === 'pending';
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
