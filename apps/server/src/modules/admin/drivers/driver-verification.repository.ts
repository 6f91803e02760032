import { type Database, type DbExecutor, desc, type DriverProfileRow, eq, schema, sql, type UserRow } from '@jala/db';

/** How many drivers the operators' list shows. */
const LIST_LIMIT = 200;

/** Accounts and driver profiles as verification reads and marks them. */
export class DriverVerificationRepository {
  constructor(private readonly db: Database) {}

  /** The account of a user who has a driver profile; undefined for anyone else. */
  async findDriverAccount(
    driverId: number,
    executor: DbExecutor = this.db,
  ): Promise<{ id: number; email: string } | undefined> {
    const [row] = await executor
      .select({ id: schema.users.id, email: schema.users.email })
      .from(schema.users)
      .innerJoin(schema.driverProfiles, eq(schema.driverProfiles.userId, schema.users.id))
      .where(eq(schema.users.id, driverId));
    return row;
  }

  /** The account with this e-mail, whatever its case or surrounding spaces. */
  async findAccountByEmail(
    email: string,
    executor: DbExecutor = this.db,
  ): Promise<{ id: number; email: string } | undefined> {
    const [user] = await executor
      .select({ id: schema.users.id, email: schema.users.email })
      .from(schema.users)
      .where(sql`lower(${schema.users.email}) = lower(${email.trim()})`);
    return user;
  }

  async hasDriverProfile(userId: number, executor: DbExecutor = this.db): Promise<boolean> {
    const [profile] = await executor
      .select({ userId: schema.driverProfiles.userId })
      .from(schema.driverProfiles)
      .where(eq(schema.driverProfiles.userId, userId));
    return profile !== undefined;
  }

  /** Drivers newest first, optionally only those in one verification status. */
  async listDrivers(
    status?: DriverProfileRow['verificationStatus'],
  ): Promise<{ user: UserRow; profile: DriverProfileRow }[]> {
    return this.db
      .select({ user: schema.users, profile: schema.driverProfiles })
      .from(schema.driverProfiles)
      .innerJoin(schema.users, eq(schema.users.id, schema.driverProfiles.userId))
      .where(status ? eq(schema.driverProfiles.verificationStatus, status) : undefined)
      .orderBy(desc(schema.driverProfiles.createdAt))
      .limit(LIST_LIMIT);
  }

  /** Marks the account's mobile confirmed now, when it has one not confirmed yet. */
  async markPhoneVerified(userId: number, executor: DbExecutor = this.db): Promise<void> {
    await executor
      .update(schema.users)
      .set({ phoneVerifiedAt: sql`now()` })
      .where(
        sql`${schema.users.id} = ${userId} and ${schema.users.phone} is not null and ${schema.users.phoneVerifiedAt} is null`,
      );
  }

  /**
   * Marks the driver verified (clearing any rejection) and says whether this call changed it. The
   * conditional update makes "already verified" exact even when two operators click at once.
   */
  async markVerified(driverId: number, executor: DbExecutor = this.db): Promise<boolean> {
    const changed = await executor
      .update(schema.driverProfiles)
      .set({ verificationStatus: 'verified', rejectionReason: null })
      .where(
        sql`${schema.driverProfiles.userId} = ${driverId} and ${schema.driverProfiles.verificationStatus} <> 'verified'`,
      )
      .returning({ userId: schema.driverProfiles.userId });
    return changed.length > 0;
  }
}
