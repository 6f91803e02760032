/**
 * Which payment methods a driver takes and the number their Yape/Plin is on. A driver who does
 * not take a trip's method cannot offer on it (DriverTripsService); the number reaches only the passenger
 * of a trip this driver accepted (stored on the trip at the accept).
 */
import type { DriverPaymentSettings, UpdatePaymentSettingsRequest } from '@jala/contracts';
import { normalizePeruvianMobile } from '@jala/domain';
import { acceptedMethods } from '@jala/domain';

import { AppError } from '../../../lib/app-error';
import type { DriverProfileRepository, DriverProfileRow } from './driver-profile.repository';

const toDto = (row: DriverProfileRow): DriverPaymentSettings => ({
  payment_methods: acceptedMethods(row),
  wallet_phone: row.walletPhone,
});

export class PaymentSettingsService {
  constructor(private readonly profiles: DriverProfileRepository) {}

  async get(driverId: number): Promise<DriverPaymentSettings> {
    const row = await this.profiles.find(driverId);
    if (!row) throw new AppError('DRIVER_PROFILE_MISSING');
    return toDto(row);
  }

  /** Replaces the accepted methods; the number is kept when only cash is taken (the driver may switch back). */
  async save(driverId: number, input: UpdatePaymentSettingsRequest): Promise<DriverPaymentSettings> {
    const methods = new Set(input.payment_methods);
    const row = await this.profiles.update(driverId, {
      acceptsCash: methods.has('cash'),
      acceptsYape: methods.has('yape'),
      acceptsPlin: methods.has('plin'),
      ...(input.wallet_phone ? { walletPhone: normalizePeruvianMobile(input.wallet_phone) ?? input.wallet_phone } : {}),
    });
    if (!row) throw new AppError('DRIVER_PROFILE_MISSING');
    return toDto(row);
  }
}
