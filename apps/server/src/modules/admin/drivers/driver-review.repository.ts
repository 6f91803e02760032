import {
  and,
  asc,
  type Database,
  type DbExecutor,
  type DriverDocumentRow,
  type DriverProfileRow,
  eq,
  inArray,
  isNotNull,
  schema,
  type UserRow,
  type VehicleRow,
} from '@jala/db';

/** How many drivers one look at the queue shows. */
const QUEUE_LIMIT = 100;

export interface QueuedDriverRow {
  user: UserRow;
  profile: DriverProfileRow;
  vehicle: VehicleRow | null;
}

/** The verification queue's reads and the rejection of a driver's documents. */
export class DriverReviewRepository {
  constructor(private readonly db: Database) {}

  /** Drivers pending verification who sent their documents, oldest submission first, with their active vehicle. */
  async queue(): Promise<QueuedDriverRow[]> {
    return this.db
      .select({ user: schema.users, profile: schema.driverProfiles, vehicle: schema.vehicles })
      .from(schema.driverProfiles)
      .innerJoin(schema.users, eq(schema.users.id, schema.driverProfiles.userId))
      .leftJoin(schema.vehicles, eq(schema.vehicles.id, schema.driverProfiles.activeVehicleId))
      .where(
        and(
          eq(schema.driverProfiles.verificationStatus, 'pending_verification'),
          isNotNull(schema.driverProfiles.documentsSubmittedAt),
        ),
      )
      .orderBy(asc(schema.driverProfiles.documentsSubmittedAt), asc(schema.driverProfiles.userId))
      .limit(QUEUE_LIMIT);
  }

  /** Every document of these drivers, in upload order. */
  async documentsOf(driverIds: readonly number[]): Promise<DriverDocumentRow[]> {
    if (driverIds.length === 0) return [];
    return this.db
      .select()
      .from(schema.driverDocuments)
      .where(inArray(schema.driverDocuments.driverId, [...driverIds]))
      .orderBy(asc(schema.driverDocuments.id));
  }

  /** Read on the transaction's executor: PGlite's single connection would wait forever for one outside it. */
  async findProfile(driverId: number, executor: DbExecutor = this.db): Promise<DriverProfileRow | undefined> {
    const [profile] = await executor
      .select()
      .from(schema.driverProfiles)
      .where(eq(schema.driverProfiles.userId, driverId));
    return profile;
  }

  /** Whether the driver's account has a mobile confirmed by SMS code. */
  async hasVerifiedPhone(driverId: number, executor: DbExecutor = this.db): Promise<boolean> {
    const [row] = await executor
      .select({ id: schema.users.id })
      .from(schema.users)
      .where(
        and(eq(schema.users.id, driverId), isNotNull(schema.users.phone), isNotNull(schema.users.phoneVerifiedAt)),
      );
    return row !== undefined;
  }

  async reject(driverId: number, reason: string, executor: DbExecutor = this.db): Promise<void> {
    await executor
      .update(schema.driverProfiles)
      .set({ verificationStatus: 'rejected', rejectionReason: reason })
      .where(eq(schema.driverProfiles.userId, driverId));
  }
}
