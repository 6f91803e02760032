import type { PassengerProfile, UpdatePassengerProfileInput } from '@jala/contracts';

import { AppError } from '../../lib/app-error';
import type { AccountChanges } from '../../realtime/cluster-bus';
import { withUniqueEmail } from '../auth/unique-email';
import type { UsersRepository } from '../auth/users.repository';
import type { PassengerProfileRepository } from './passenger-profile.repository';

export const EMERGENCY_PHONE_REQUIRED = 'Ingresa el teléfono del contacto de emergencia.';
export const EMERGENCY_NAME_REQUIRED = 'Ingresa el nombre del contacto de emergencia.';

export class PassengerProfileService {
  constructor(
    private readonly profiles: PassengerProfileRepository,
    private readonly users: UsersRepository,
    private readonly changes: AccountChanges,
  ) {}

  async getProfile(userId: number): Promise<PassengerProfile> {
    const profile = await this.profiles.findProfile(userId);
    if (!profile) throw new AppError('UNAUTHORIZED');
    return profile;
  }

  /**
   * Replaces name, e-mail and phone; the emergency contact is kept when its fields are absent and cleared
   * with null or ''. A contact is a name with a phone, or neither.
   */
  async updateProfile(userId: number, input: UpdatePassengerProfileInput): Promise<PassengerProfile> {
    const current = await this.getProfile(userId);
    const emergencyContactName =
      input.emergency_contact_name === undefined ? current.emergency_contact_name : input.emergency_contact_name;
    const emergencyContactPhone =
      input.emergency_contact_phone === undefined ? current.emergency_contact_phone : input.emergency_contact_phone;
    if (emergencyContactName && !emergencyContactPhone) {
      throw new AppError('VALIDATION', EMERGENCY_PHONE_REQUIRED, { emergency_contact_phone: EMERGENCY_PHONE_REQUIRED });
    }
    if (emergencyContactPhone && !emergencyContactName) {
      throw new AppError('VALIDATION', EMERGENCY_NAME_REQUIRED, { emergency_contact_name: EMERGENCY_NAME_REQUIRED });
    }

    const updated = await withUniqueEmail(this.users, { email: input.email, userId }, () =>
      this.profiles.updateProfile(userId, {
        firstName: input.first_name,
        lastName: input.last_name,
        email: input.email,
        phone: input.phone,
        emergencyContactName,
        emergencyContactPhone,
      }),
    );
    if (!updated) throw new AppError('UNAUTHORIZED');
    // Name, e-mail and phone are in /auth/profile, served from every node's session cache.
    await this.changes.userChanged(userId);
    return updated;
  }
}
