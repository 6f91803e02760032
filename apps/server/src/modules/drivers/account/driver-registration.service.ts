import type { RegisterDriverRequest } from '@jala/contracts';
import type { Database } from '@jala/db';
import { isDateKey, limaDateKey } from '@jala/domain';

import { AppError } from '../../../lib/app-error';
import { isUniqueViolation } from '../../../lib/db-errors';
import type { AccountChanges } from '../../../realtime/cluster-bus';
import type { DriverRegistrationRepository } from './driver-registration.repository';
import { assertLicenseExpiry } from './license-rules';
import { PLATE_TAKEN_MESSAGE } from './vehicles.repository';

export interface DriverRegistrationResult {
  status: 'pending_verification' | 'verified' | 'rejected';
  driver_id: number;
  vehicle_id: number;
}

export const LICENSE_TAKEN_MESSAGE = 'Esa licencia ya está registrada.';
export const ALREADY_DRIVER_MESSAGE = 'Ya estás registrado como conductor.';

/**
 * Makes a user a driver: a profile pending verification plus their first vehicle, in one transaction.
 * A passenger becomes 'both' so they keep their passenger history and can still request trips.
 * Serves both /auth/register-driver and /driver/register.
 */
export class DriverRegistrationService {
  constructor(
    private readonly db: Pick<Database, 'transaction'>,
    private readonly registrations: DriverRegistrationRepository,
    private readonly changes: AccountChanges,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async registerDriver(userId: number, input: RegisterDriverRequest): Promise<DriverRegistrationResult> {
    // Both routes validate the payload; this guards the date once more so no path can reach the database with
    // an impossible day ('2026-02-30' passes Date.parse) or an expired licence.
    if (!isDateKey(input.license_expiry_date)) {
      throw new AppError('VALIDATION', 'Fecha no válida.', { license_expiry_date: 'Fecha no válida.' });
    }
    const now = this.now();
    assertLicenseExpiry(input.license_expiry_date, now);
    let result: DriverRegistrationResult;
    try {
      result = await this.db.transaction(async (tx) => {
        if (await this.registrations.hasDriverProfile(userId, tx))
          throw new AppError('CONFLICT', ALREADY_DRIVER_MESSAGE);
        const profile = await this.registrations.insertProfile(
          {
            userId,
            licenseNumber: input.license_number.trim().toUpperCase(),
            licenseExpiryDate: input.license_expiry_date,
          },
          tx,
        );
        const vehicle = await this.registrations.insertVehicle(
          {
            driverId: userId,
            vehicleType: input.vehicle_type,
            brand: input.brand,
            model: input.model,
            licensePlate: input.license_plate.trim().toUpperCase(),
            color: input.color,
            year: Number(limaDateKey(now).slice(0, 4)),
          },
          tx,
        );
        await this.registrations.promotePassengerToBoth(userId, tx);
        return { status: profile.verificationStatus, driver_id: userId, vehicle_id: vehicle.id };
      });
    } catch (error) {
      if (isUniqueViolation(error, 'vehicles_plate_unique')) {
        throw new AppError('CONFLICT', PLATE_TAKEN_MESSAGE, { license_plate: PLATE_TAKEN_MESSAGE });
      }
      if (isUniqueViolation(error, 'driver_profiles_license_unique')) {
        throw new AppError('CONFLICT', LICENSE_TAKEN_MESSAGE, { license_number: LICENSE_TAKEN_MESSAGE });
      }
      // Two registrations of one user racing: the profile's primary key decides.
      if (isUniqueViolation(error, 'driver_profiles_pkey')) throw new AppError('CONFLICT', ALREADY_DRIVER_MESSAGE);
      throw error;
    }
    // The user type may have changed (passenger -> both): every node's cached copy goes.
    await this.changes.userChanged(userId);
    return result;
  }
}
