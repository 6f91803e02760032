import type { DriverStatus } from '@jala/contracts';
import type { Database } from '@jala/db';

import { AppError } from '../../../lib/app-error';
import { ReadCache } from '../../../lib/read-cache';
import { readKeys, type ReadVersions } from '../../../lib/read-versions';
import type { DriverProfileRepository, DriverProfileRow } from '../account/driver-profile.repository';
import { isLicenseValidOn } from '../account/license-rules';
import { VEHICLE_NOT_FOUND_MESSAGE, type VehiclesRepository } from '../account/vehicles.repository';
import type { DriverStatusRepository } from './driver-status.repository';

export const STATUS_MESSAGES = {
  noProfile: 'Registra tu perfil de conductor antes de conectarte.',
  noVehicle: 'Necesitas un vehículo activo para conectarte. Selecciona uno o registra un vehículo en tu perfil.',
  vehicleNotActive: 'El vehículo seleccionado no está activo. Elige un vehículo activo para conectarte.',
  licenseExpired:
    'Tu licencia de conducir está vencida. Actualiza la fecha de vencimiento en tu perfil para conectarte.',
  busyOffline: 'No puedes desconectarte mientras tienes un viaje en curso. Finalízalo primero.',
  busyVehicle: 'No puedes cambiar de vehículo durante un viaje en curso.',
  online: 'Estás conectado. Ya puedes recibir solicitudes.',
  onlinePending: 'Estás conectado. Recibirás solicitudes cuando verifiquemos tus documentos.',
  offline: 'Estás desconectado.',
} as const;

const OFFLINE_WITHOUT_PROFILE: DriverStatus = {
  driver_status: 'offline',
  active_vehicle_id: null,
  documents_verified: false,
  last_status_change: null,
};

export function toDriverStatusDto(row: DriverProfileRow): DriverStatus {
  return {
    driver_status: row.driverStatus,
    active_vehicle_id: row.activeVehicleId,
    documents_verified: row.verificationStatus === 'verified',
    last_status_change: row.lastStatusChange?.toISOString() ?? null,
  };
}

/**
 * Online/offline with an active vehicle (spec §2 'Driver status'). Every real change is appended to
 * driver_status_log (the source of online hours); asking for the state one is already in changes nothing.
 */
export class DriverStatusService {
  constructor(
    private readonly db: Database,
    private readonly profiles: DriverProfileRepository,
    private readonly vehicles: VehiclesRepository,
    private readonly statusRepository: DriverStatusRepository,
    private readonly now: () => Date,
    /**
     * Going offline withdrew the driver's offers on these trips (after the commit, before answering): the
     * trips module cuts the driver off them and their passengers' offer lists reload.
     */
    private readonly offersWithdrawn: (driverId: number, tripIds: number[]) => Promise<void>,
    versions: ReadVersions,
  ) {
    this.kept = new ReadCache({ versions });
  }

  private readonly kept: ReadCache<DriverStatus>;

  /** Kept in memory under `driverFeed(driver)`: status, vehicle, profile and verification changes bump it. */
  getStatus(driverId: number): Promise<DriverStatus> {
    return this.kept.read(String(driverId), [readKeys.driverFeed(driverId)], async () => {
      const profile = await this.profiles.find(driverId);
      return profile ? toDriverStatusDto(profile) : OFFLINE_WITHOUT_PROFILE;
    });
  }

  async setStatus(
    driverId: number,
    status: 'online' | 'offline',
    vehicleId: number | null | undefined,
  ): Promise<{ status: DriverStatus; message: string }> {
    const withdrawn: number[] = [];
    const result = await this.changeStatus(driverId, status, vehicleId, withdrawn);
    // Once the withdrawal is committed: the access checks that run from now on read it.
    if (withdrawn.length > 0) await this.offersWithdrawn(driverId, withdrawn);
    return result;
  }

  private async changeStatus(
    driverId: number,
    status: 'online' | 'offline',
    vehicleId: number | null | undefined,
    withdrawn: number[],
  ) {
    return this.db.transaction(async (tx) => {
      const profile = await this.profiles.findForUpdate(tx, driverId);
      if (!profile) {
        if (status === 'offline') return { status: OFFLINE_WITHOUT_PROFILE, message: STATUS_MESSAGES.offline };
        throw new AppError('CONFLICT', STATUS_MESSAGES.noProfile);
      }
      const busyTrip = await this.statusRepository.findBusyTrip(driverId, tx);
      const now = this.now();

      if (status === 'offline') {
        if (busyTrip) throw new AppError('CONFLICT', STATUS_MESSAGES.busyOffline);
        if (profile.driverStatus === 'offline')
          return { status: toDriverStatusDto(profile), message: STATUS_MESSAGES.offline };
        const updated = await this.profiles.update(driverId, { driverStatus: 'offline', lastStatusChange: now }, tx);
        await this.statusRepository.appendLog(tx, {
          driverId,
          status: 'offline',
          vehicleId: profile.activeVehicleId,
          changedAt: now,
        });
        withdrawn.push(...(await this.statusRepository.withdrawOpenOffers(tx, driverId)));
        return { status: toDriverStatusDto(updated ?? profile), message: STATUS_MESSAGES.offline };
      }

      const chosenId = vehicleId ?? profile.activeVehicleId;
      if (chosenId == null)
        throw new AppError('VALIDATION', STATUS_MESSAGES.noVehicle, { vehicle_id: STATUS_MESSAGES.noVehicle });
      const vehicle = await this.vehicles.findOwned(driverId, chosenId, tx);
      if (!vehicle) {
        // The remembered vehicle may have gone; an explicitly named one that is not theirs is simply not found.
        if (vehicleId == null)
          throw new AppError('VALIDATION', STATUS_MESSAGES.noVehicle, { vehicle_id: STATUS_MESSAGES.noVehicle });
        throw new AppError('NOT_FOUND', VEHICLE_NOT_FOUND_MESSAGE);
      }
      if (vehicle.vehicleStatus !== 'active') {
        throw new AppError('VALIDATION', STATUS_MESSAGES.vehicleNotActive, {
          vehicle_id: STATUS_MESSAGES.vehicleNotActive,
        });
      }
      if (!isLicenseValidOn(profile.licenseExpiryDate, now))
        throw new AppError('CONFLICT', STATUS_MESSAGES.licenseExpired);
      if (busyTrip && vehicle.id !== profile.activeVehicleId)
        throw new AppError('CONFLICT', STATUS_MESSAGES.busyVehicle);

      const message =
        profile.verificationStatus === 'verified' ? STATUS_MESSAGES.online : STATUS_MESSAGES.onlinePending;
      if (profile.driverStatus === 'online' && profile.activeVehicleId === vehicle.id) {
        return { status: toDriverStatusDto(profile), message };
      }
      const updated = await this.profiles.update(
        driverId,
        { driverStatus: 'online', activeVehicleId: vehicle.id, lastStatusChange: now },
        tx,
      );
      await this.statusRepository.appendLog(tx, { driverId, status: 'online', vehicleId: vehicle.id, changedAt: now });
      return { status: toDriverStatusDto(updated ?? profile), message };
    });
  }
}
