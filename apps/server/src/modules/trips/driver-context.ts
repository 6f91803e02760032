import { and, eq, schema, type Database } from '@jala/db';
import { driverDocumentsExpired, type PaymentMethod } from '@jala/domain';
import { AppError, type ErrorCode } from '../../lib/app-error';
import { fullName } from '../../lib/person-name';

export interface DriverContext {
  driverId: number;
  name: string;
  isVerified: boolean;
  /** The licence or SOAT is past its expiry day: no requests until a valid one is uploaded. */
  documentsExpired: boolean;
  isOnline: boolean;
  radiusKm: number;
  latitude: number | null;
  longitude: number | null;
  /** When the position was stored (null when never). */
  locationUpdatedAt: Date | null;
  /** The payment methods the driver takes (issue 26). */
  paymentMethods: PaymentMethod[];
  vehicle: { id: number; vehicleType: 'mototaxi' | 'auto'; brand: string; model: string; licensePlate: string; color: string } | null;
}

/** A driver's profile, position and usable active vehicle, read together for matching and offers. */
export async function loadDriverContext(db: Database, driverId: number, now: Date): Promise<DriverContext> {
  const [row] = await db.select({ profile: schema.driverProfiles, user: schema.users })
    .from(schema.driverProfiles)
    .innerJoin(schema.users, eq(schema.users.id, schema.driverProfiles.userId))
    .where(eq(schema.driverProfiles.userId, driverId));
  if (!row) throw new AppError('DRIVER_PROFILE_MISSING');
  const { profile, user } = row;
  const [vehicle] = profile.activeVehicleId
    ? await db.select().from(schema.vehicles).where(and(
      eq(schema.vehicles.id, profile.activeVehicleId), eq(schema.vehicles.driverId, driverId), eq(schema.vehicles.vehicleStatus, 'active'),
    ))
    : [];
  return {
    driverId,
    name: fullName(user),
    isVerified: profile.verificationStatus === 'verified',
    documentsExpired: driverDocumentsExpired({ licenseExpiryDate: profile.licenseExpiryDate, soatExpiryDate: profile.soatExpiryDate }, now),
    isOnline: profile.driverStatus === 'online',
    radiusKm: Number(profile.searchRadiusKm),
    latitude: profile.currentLatitude == null ? null : Number(profile.currentLatitude),
    longitude: profile.currentLongitude == null ? null : Number(profile.currentLongitude),
    locationUpdatedAt: profile.locationUpdatedAt ?? null,
    paymentMethods: acceptedMethods(profile),
    vehicle: vehicle ?? null,
  };
}

/** The methods a driver profile row accepts, in the canonical order. */
export function acceptedMethods(profile: { acceptsCash: boolean; acceptsYape: boolean; acceptsPlin: boolean }): PaymentMethod[] {
  return [profile.acceptsCash && 'cash', profile.acceptsYape && 'yape', profile.acceptsPlin && 'plin'].filter((m): m is PaymentMethod => m !== false);
}

/** Why a driver cannot take requests right now, as the error they get; null when they can. */
export function matchingBlocker(driver: DriverContext): ErrorCode | null {
  if (!driver.isVerified) return 'DRIVER_NOT_VERIFIED';
  if (driver.documentsExpired) return 'DRIVER_DOCUMENTS_EXPIRED';
  if (!driver.isOnline) return 'DRIVER_OFFLINE';
  if (!driver.vehicle) return 'NO_ACTIVE_VEHICLE';
  return null;
}
