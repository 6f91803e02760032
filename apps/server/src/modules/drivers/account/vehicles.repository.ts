import { and, asc, count, type Database, type DbExecutor, eq, schema, type VehicleRow } from '@jala/db';

import { insertOne } from '../../../lib/insert-one';

export type { VehicleRow } from '@jala/db';
export type VehicleInsert = typeof schema.vehicles.$inferInsert;

export const PLATE_TAKEN_MESSAGE = 'Ya existe un vehículo registrado con esa placa.';
export const VEHICLE_NOT_FOUND_MESSAGE = 'Vehículo no encontrado.';

/** Vehicles, always read and changed through their owner's id (another driver's vehicle is simply not found). */
export class VehiclesRepository {
  constructor(private readonly db: Database) {}

  listByDriver(driverId: number): Promise<VehicleRow[]> {
    return this.db
      .select()
      .from(schema.vehicles)
      .where(eq(schema.vehicles.driverId, driverId))
      .orderBy(asc(schema.vehicles.id));
  }

  async countByDriver(driverId: number): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(schema.vehicles)
      .where(eq(schema.vehicles.driverId, driverId));
    return row?.n ?? 0;
  }

  async findOwned(driverId: number, vehicleId: number, db: DbExecutor = this.db): Promise<VehicleRow | undefined> {
    const [row] = await db
      .select()
      .from(schema.vehicles)
      .where(and(eq(schema.vehicles.id, vehicleId), eq(schema.vehicles.driverId, driverId)));
    return row;
  }

  async insert(values: VehicleInsert): Promise<VehicleRow> {
    return insertOne(this.db, schema.vehicles, values);
  }

  async updateOwned(
    driverId: number,
    vehicleId: number,
    values: Partial<Pick<VehicleInsert, 'color' | 'vehicleStatus'>>,
    db: DbExecutor = this.db,
  ): Promise<VehicleRow | undefined> {
    const [row] = await db
      .update(schema.vehicles)
      .set(values)
      .where(and(eq(schema.vehicles.id, vehicleId), eq(schema.vehicles.driverId, driverId)))
      .returning();
    return row;
  }
}
