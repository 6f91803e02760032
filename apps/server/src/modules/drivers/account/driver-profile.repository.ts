import { type Database, type DbExecutor, type DriverProfileRow, eq, schema } from '@jala/db';

import { insertOne } from '../../../lib/insert-one';

export type { DriverProfileRow } from '@jala/db';
export type DriverProfileInsert = typeof schema.driverProfiles.$inferInsert;

export class DriverProfileRepository {
  constructor(private readonly db: Database) {}

  async find(userId: number): Promise<DriverProfileRow | undefined> {
    const [row] = await this.db.select().from(schema.driverProfiles).where(eq(schema.driverProfiles.userId, userId));
    return row;
  }

  /** The profile row locked until the transaction `tx` ends, so status changes of one driver are serialised. */
  async findForUpdate(tx: DbExecutor, userId: number): Promise<DriverProfileRow | undefined> {
    const [row] = await tx
      .select()
      .from(schema.driverProfiles)
      .where(eq(schema.driverProfiles.userId, userId))
      .for('update');
    return row;
  }

  async insert(values: DriverProfileInsert): Promise<DriverProfileRow> {
    return insertOne(this.db, schema.driverProfiles, values);
  }

  async update(
    userId: number,
    values: Partial<DriverProfileInsert>,
    db: DbExecutor = this.db,
  ): Promise<DriverProfileRow | undefined> {
    const [row] = await db
      .update(schema.driverProfiles)
      .set(values)
      .where(eq(schema.driverProfiles.userId, userId))
      .returning();
    return row;
  }
}
