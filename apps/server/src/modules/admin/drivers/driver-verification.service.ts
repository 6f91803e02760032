import type { AdminDriver, DriverVerification } from '@jala/contracts';
import type { DbExecutor } from '@jala/db';

import { AppError } from '../../../lib/app-error';
import { fullName } from '../../../lib/person-name';
import type { DriverVerificationRepository } from './driver-verification.repository';

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
  constructor(private readonly drivers: DriverVerificationRepository) {}

  /** `executor`: a transaction when the caller writes its audit row alongside (both or neither). */
  async verifyById(driverId: number, executor?: DbExecutor): Promise<DriverVerification> {
    const row = await this.drivers.findDriverAccount(driverId, executor);
    if (!row) throw new AppError('NOT_FOUND', DRIVER_NOT_FOUND_MESSAGE);
    return this.markVerified(row.id, row.email, executor);
  }

  /** `verify-driver` (through operator-commands.ts): marks the driver verified and their phone confirmed. */
  async verifyByEmail(email: string, executor?: DbExecutor): Promise<DriverVerification> {
    const user = await this.drivers.findAccountByEmail(email, executor);
    if (!user) throw new AppError('NOT_FOUND', ACCOUNT_NOT_FOUND_MESSAGE);
    if (!(await this.drivers.hasDriverProfile(user.id, executor)))
      throw new AppError('NOT_FOUND', NO_DRIVER_PROFILE_MESSAGE);
    // Whoever runs the command vouches for the driver, number included (operators in the console do not:
    // there the driver confirms it by SMS code first).
    await this.drivers.markPhoneVerified(user.id, executor);
    return this.markVerified(user.id, user.email, executor);
  }

  async listDrivers(status?: VerificationStatus): Promise<AdminDriver[]> {
    const rows = await this.drivers.listDrivers(status);
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

  private async markVerified(
    driverId: number,
    email: string,
    executor: DbExecutor | undefined,
  ): Promise<DriverVerification> {
    const changed = await this.drivers.markVerified(driverId, executor);
    return { driver_id: driverId, email, verification_status: 'verified', was_already_verified: !changed };
  }
}
