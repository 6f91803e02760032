import type { DriverProfile, UpdateDriverProfileInput } from '@jala/contracts';
import { DRIVER_PROFILE_MESSAGES } from '@jala/contracts';

import { AppError } from '../../../lib/app-error';
import { isUniqueViolation } from '../../../lib/db-errors';
import type { DriverProfileRepository, DriverProfileRow } from './driver-profile.repository';
import { ALREADY_DRIVER_MESSAGE, LICENSE_TAKEN_MESSAGE } from './driver-registration.service';
import { assertLicenseExpiry } from './license-rules';

export const LICENSE_LOCKED_MESSAGE =
  'El número de licencia no se puede cambiar. Escribe a soporte si necesitas corregirlo.';

export function toDriverProfileDto(row: DriverProfileRow): DriverProfile {
  return {
    license_number: row.licenseNumber,
    license_expiry_date: row.licenseExpiryDate,
    emergency_contact_name: row.emergencyContactName,
    emergency_contact_phone: row.emergencyContactPhone,
    search_radius_km: Number(row.searchRadiusKm),
    verification_status: row.verificationStatus,
  };
}

/** The driver's licence data, emergency contact and search radius (spec §2 'Driver profile'). */
export class DriverProfileService {
  constructor(
    private readonly profiles: DriverProfileRepository,
    private readonly now: () => Date,
  ) {}

  async getProfile(driverId: number): Promise<DriverProfile | null> {
    const row = await this.profiles.find(driverId);
    return row ? toDriverProfileDto(row) : null;
  }

  /**
   * Creates the profile (pending verification) when the driver has none — the licence number is then
   * required — else updates expiry date, emergency contact and radius. The licence number itself is fixed
   * once registered: it is what an operator verified.
   */
  async saveProfile(
    driverId: number,
    input: UpdateDriverProfileInput,
  ): Promise<{ profile: DriverProfile; created: boolean }> {
    assertLicenseExpiry(input.license_expiry_date, this.now());
    const fields = {
      licenseExpiryDate: input.license_expiry_date,
      emergencyContactName: input.emergency_contact_name,
      emergencyContactPhone: input.emergency_contact_phone,
      searchRadiusKm: String(input.search_radius_km),
    };
    const existing = await this.profiles.find(driverId);
    if (existing) {
      if (input.license_number !== undefined && input.license_number !== existing.licenseNumber.toUpperCase()) {
        throw new AppError('VALIDATION', LICENSE_LOCKED_MESSAGE, { license_number: LICENSE_LOCKED_MESSAGE });
      }
      const updated = await this.profiles.update(driverId, fields);
      if (!updated) throw new AppError('NOT_FOUND', 'Perfil de conductor no encontrado.');
      return { profile: toDriverProfileDto(updated), created: false };
    }
    if (input.license_number === undefined) {
      const message = DRIVER_PROFILE_MESSAGES.license_number;
      throw new AppError('VALIDATION', message, { license_number: message });
    }
    try {
      const created = await this.profiles.insert({ userId: driverId, licenseNumber: input.license_number, ...fields });
      return { profile: toDriverProfileDto(created), created: true };
    } catch (error) {
      if (isUniqueViolation(error, 'driver_profiles_license_unique')) {
        throw new AppError('CONFLICT', LICENSE_TAKEN_MESSAGE, { license_number: LICENSE_TAKEN_MESSAGE });
      }
      if (isUniqueViolation(error, 'driver_profiles_pkey')) throw new AppError('CONFLICT', ALREADY_DRIVER_MESSAGE);
      throw error;
    }
  }
}
