import type { AdminDriver, DriverVerification } from '@jala/contracts';
import { desc, eq, schema, sql, type Database } from '@jala/db';
import { AppError } from '../../lib/app-error';
import type { DbExecutor } from './db-executor';
import { fullName } from '../../lib/person-name';

export const DRIVER_NOT_FOUND_MESSAGE = 'Conductor no encontrado.';
export const ACCOUNT_NOT_FOUND_MESSAGE = 'No existe una cuenta con ese correo.';
export const NO_DRIVER_PROFILE_MESSAGE = 'Esa cuenta no tiene un perfil de conductor.';

type VerificationStatus = AdminDriver['verification_status'];

/**
 * Operators' side of driver verification: list drivers by verification status and mark one verified
 * (then `can_drive` becomes true: they are matched with requests and may send offers). Used by
 * POST /api/admin/drivers/{id}/verify and by `npm run verify-driver -- <email>`.
 */
export class DriverVerificationService {
  constructor(private readonly db: Database) {}

  /** `executor`: a transaction when the caller writes its audit row alongside (both or neither). */
  async verifyById(driverId: number, executor: DbExecutor = this.db): Promise<DriverVerification> {
    const [row] = await executor.select({ id: schema.users.id, email: schema.users.email }).from(schema.users)
      .innerJoin(schema.driverProfiles, eq(schema.driverProfiles.userId, schema.users.id))
      .where(eq(schema.users.id, driverId));
    if (!row) throw new AppError('NOT_FOUND', DRIVER_NOT_FOUND_MESSAGE);
    return this.markVerified(row.id, row.email, executor);
  }

  async verifyByEmail(email: string, executor: DbExecutor = this.db): Promise<DriverVerification> {
    const [user] = await executor.select({ id: schema.users.id, email: schema.users.email }).from(schema.users)
      .where(sql`lower(${schema.users.email}) = lower(${email.trim()})`);
    if (!user) throw new AppError('NOT_FOUND', ACCOUNT_NOT_FOUND_MESSAGE);
    const [profile] = await executor.select({ userId: schema.driverProfiles.userId }).from(schema.driverProfiles)
      .where(eq(schema.driverProfiles.userId, user.id));
    if (!profile) throw new AppError('NOT_FOUND', NO_DRIVER_PROFILE_MESSAGE);
    return this.markVerified(user.id, user.email, executor);
  }

  async listDrivers(status?: VerificationStatus): Promise<AdminDriver[]> {
    const rows = await this.db.select({ user: schema.users, profile: schema.driverProfiles }).from(schema.driverProfiles)
      .innerJoin(schema.users, eq(schema.users.id, schema.driverProfiles.userId))
      .where(status ? eq(schema.driverProfiles.verificationStatus, status) : undefined)
      .orderBy(desc(schema.driverProfiles.createdAt))
      .limit(200);
    return rows.map(({ user, profile }) => ({
      id: user.id,
      name: fullName(user),
      email: user.email,
      license_number: profile.licenseNumber,
      license_expiry_date: profile.licenseExpiryDate,
      verification_status: profile.verificationStatus,
      created_at: profile.createdAt.toISOString(),
    }));
  }

  private async markVerified(driverId: number, email: string, executor: DbExecutor): Promise<DriverVerification> {
    // The conditional update makes "already verified" exact even when two operators click at once.
    const changed = await executor.update(schema.driverProfiles).set({ verificationStatus: 'verified', rejectionReason: null })
      .where(sql`${schema.driverProfiles.userId} = ${driverId} and ${schema.driverProfiles.verificationStatus} <> 'verified'`)
      .returning({ userId: schema.driverProfiles.userId });
    return { driver_id: driverId, email, verification_status: 'verified', was_already_verified: changed.length === 0 };
  }
}
