import { and, type Database, eq, schema, sql } from '@jala/db';
import { acceptedMethods, balanceShortfallCents, driverDocumentsExpired } from '@jala/domain';

import { AppError } from '../../../lib/app-error';
import { fullName } from '../../../lib/person-name';
import type { DriverContext } from './driver-context';

export class DriverContextRepository {
  /** `minBalanceCents`: DRIVER_MIN_BALANCE; null reads no balance at all. */
  constructor(
    private readonly db: Database,
    private readonly minBalanceCents: number | null = null,
  ) {}

  /** A driver's profile, position and usable active vehicle, read together for matching and offers. */
  async load(driverId: number, now: Date): Promise<DriverContext> {
    const db = this.db;
    const [row] = await db
      .select({ profile: schema.driverProfiles, user: schema.users })
      .from(schema.driverProfiles)
      .innerJoin(schema.users, eq(schema.users.id, schema.driverProfiles.userId))
      .where(eq(schema.driverProfiles.userId, driverId));
    if (!row) throw new AppError('DRIVER_PROFILE_MISSING');
    const { profile, user } = row;
    const [vehicle] = profile.activeVehicleId
      ? await db
          .select()
          .from(schema.vehicles)
          .where(
            and(
              eq(schema.vehicles.id, profile.activeVehicleId),
              eq(schema.vehicles.driverId, driverId),
              eq(schema.vehicles.vehicleStatus, 'active'),
            ),
          )
      : [];
    return {
      driverId,
      name: fullName(user),
      isVerified: profile.verificationStatus === 'verified',
      documentsExpired: driverDocumentsExpired(
        { licenseExpiryDate: profile.licenseExpiryDate, soatExpiryDate: profile.soatExpiryDate },
        now,
      ),
      isOnline: profile.driverStatus === 'online',
      radiusKm: Number(profile.searchRadiusKm),
      latitude: profile.currentLatitude == null ? null : Number(profile.currentLatitude),
      longitude: profile.currentLongitude == null ? null : Number(profile.currentLongitude),
      locationUpdatedAt: profile.locationUpdatedAt ?? null,
      paymentMethods: acceptedMethods(profile),
      vehicle: vehicle ?? null,
      balanceShortCents:
        this.minBalanceCents === null ? 0 : balanceShortfallCents(await this.balance(driverId), this.minBalanceCents),
    };
  }

  /** 'Saldo con Jala': the sum of the driver's ledger entries (céntimos; driver_ledger_driver_idx). */
  private async balance(driverId: number): Promise<number> {
    const entries = schema.driverLedgerEntries;
    const [row] = await this.db
      .select({ cents: sql<string | null>`sum(${entries.amountCents})` })
      .from(entries)
      .where(eq(entries.driverId, driverId));
    return Number(row?.cents ?? 0);
  }
}
