import { and, type Database, type DbExecutor, type DriverProfileRow, eq, schema, type VehicleRow } from '@jala/db';

import { insertOne } from '../../../lib/insert-one';
import type { DriverProfileInsert } from './driver-profile.repository';
import type { VehicleInsert } from './vehicles.repository';

/** The rows a registration writes, each on the caller's transaction: a driver profile, a first vehicle, the user type. */
export class DriverRegistrationRepository {
  constructor(private readonly db: Database) {}

  async hasDriverProfile(userId: number, executor: DbExecutor = this.db): Promise<boolean> {
    const [existing] = await executor
      .select({ userId: schema.driverProfiles.userId })
      .from(schema.driverProfiles)
      .where(eq(schema.driverProfiles.userId, userId));
    return existing !== undefined;
  }

  async insertProfile(values: DriverProfileInsert, executor: DbExecutor = this.db): Promise<DriverProfileRow> {
    return insertOne(executor, schema.driverProfiles, values);
  }

  async insertVehicle(values: VehicleInsert, executor: DbExecutor = this.db): Promise<VehicleRow> {
    return insertOne(executor, schema.vehicles, values);
  }

  /** A passenger becomes 'both'; a user who is already a driver type keeps theirs. */
  async promotePassengerToBoth(userId: number, executor: DbExecutor = this.db): Promise<void> {
    await executor
      .update(schema.users)
      .set({ userType: 'both' })
      .where(and(eq(schema.users.id, userId), eq(schema.users.userType, 'passenger')));
  }
}
