import type { AddVehicleInput, Vehicle } from '@jala/contracts';
import type { Database } from '@jala/db';
import { DEFAULT_VEHICLE_CAPACITY, limaDateKey } from '@jala/domain';

import { AppError } from '../../../lib/app-error';
import { isUniqueViolation } from '../../../lib/db-errors';
import type { DriverStatusRepository } from '../activity/driver-status.repository';
import type { DriverProfileRepository } from './driver-profile.repository';
import {
  PLATE_TAKEN_MESSAGE,
  VEHICLE_NOT_FOUND_MESSAGE,
  type VehicleRow,
  type VehiclesRepository,
} from './vehicles.repository';

/** Most vehicles one driver may register (a fleet owner has several; hundreds would be abuse). */
export const MAX_VEHICLES_PER_DRIVER = 10;
export const VEHICLE_IN_USE_MESSAGE =
  'No puedes cambiar el estado del vehículo con el que estás conectado o en un viaje. Desconéctate primero.';

export function toVehicleDto(row: VehicleRow): Vehicle {
  return {
    id: row.id,
    vehicle_type: row.vehicleType,
    brand: row.brand,
    model: row.model,
    license_plate: row.licensePlate,
    color: row.color,
    year: row.year,
    passenger_capacity: row.passengerCapacity,
    vehicle_status: row.vehicleStatus,
  };
}

export class VehiclesService {
  constructor(
    private readonly db: Database,
    private readonly vehicles: VehiclesRepository,
    private readonly profiles: DriverProfileRepository,
    private readonly status: DriverStatusRepository,
    private readonly now: () => Date,
  ) {}

  async listVehicles(driverId: number): Promise<Vehicle[]> {
    return (await this.vehicles.listByDriver(driverId)).map(toVehicleDto);
  }

  async addVehicle(driverId: number, input: AddVehicleInput): Promise<Vehicle> {
    const thisYear = Number(limaDateKey(this.now()).slice(0, 4));
    const year = input.year ?? thisYear;
    if (year > thisYear + 1) {
      const message = `El año no puede ser posterior a ${thisYear + 1}.`;
      throw new AppError('VALIDATION', message, { year: message });
    }
    if ((await this.vehicles.countByDriver(driverId)) >= MAX_VEHICLES_PER_DRIVER) {
      throw new AppError('CONFLICT', `Puedes registrar como máximo ${MAX_VEHICLES_PER_DRIVER} vehículos.`);
    }
    try {
      const row = await this.vehicles.insert({
        driverId,
        vehicleType: input.vehicle_type,
        brand: input.brand,
        model: input.model,
        licensePlate: input.license_plate,
        color: input.color,
        year,
        passengerCapacity: input.passenger_capacity ?? DEFAULT_VEHICLE_CAPACITY,
      });
      return toVehicleDto(row);
    } catch (error) {
      if (isUniqueViolation(error, 'vehicles_plate_unique')) {
        throw new AppError('CONFLICT', PLATE_TAKEN_MESSAGE, { license_plate: PLATE_TAKEN_MESSAGE });
      }
      throw error;
    }
  }

  /**
   * Changes colour and/or status of one of the driver's vehicles. Taking the vehicle the driver is online
   * with (or on a trip with) out of service is refused: they would be matched without a usable vehicle.
   * The driver's profile row is locked meanwhile, so a concurrent "go online" sees the final state.
   */
  async updateVehicle(
    driverId: number,
    vehicleId: number,
    input: { color?: string | undefined; vehicle_status?: VehicleRow['vehicleStatus'] | undefined },
  ): Promise<Vehicle> {
    return this.db.transaction(async (tx) => {
      const profile = await this.profiles.findForUpdate(tx, driverId);
      const vehicle = await this.vehicles.findOwned(driverId, vehicleId, tx);
      if (!vehicle) throw new AppError('NOT_FOUND', VEHICLE_NOT_FOUND_MESSAGE);
      if (
        input.vehicle_status !== undefined &&
        input.vehicle_status !== 'active' &&
        vehicle.vehicleStatus === 'active'
      ) {
        const isOnlineWithIt = profile?.driverStatus === 'online' && profile.activeVehicleId === vehicleId;
        const busyTrip = await this.status.findBusyTrip(driverId, tx);
        if (isOnlineWithIt || busyTrip?.vehicleId === vehicleId) throw new AppError('CONFLICT', VEHICLE_IN_USE_MESSAGE);
      }
      const updated = await this.vehicles.updateOwned(
        driverId,
        vehicleId,
        {
          ...(input.color !== undefined ? { color: input.color } : {}),
          ...(input.vehicle_status !== undefined ? { vehicleStatus: input.vehicle_status } : {}),
        },
        tx,
      );
      if (!updated) throw new AppError('NOT_FOUND', VEHICLE_NOT_FOUND_MESSAGE);
      return toVehicleDto(updated);
    });
  }
}
