import { type Database, type DbExecutor, desc, type DriverLedgerEntryRow, eq, schema, sql } from '@jala/db';

import { insertOne } from '../../lib/insert-one';

export type LedgerEntryWithTrip = DriverLedgerEntryRow & { tripCode: string | null };

/**
 * The `driver_ledger_entries` table ('Saldo con Jala'). Entries are only ever inserted: the balance is their
 * sum, read when asked, so concurrent writers (completions, top-ups) never overwrite one another.
 */
export class LedgerRepository {
  constructor(private readonly db: Database) {}

  /** Whether `driverId` has a driver profile (only drivers have a ledger). */
  async isDriver(driverId: number, executor: DbExecutor = this.db): Promise<boolean> {
    const [row] = await executor
      .select({ id: schema.driverProfiles.userId })
      .from(schema.driverProfiles)
      .where(eq(schema.driverProfiles.userId, driverId));
    return row !== undefined;
  }

  /** The sum of the driver's entries, in céntimos (0 with none). */
  async balance(driverId: number, executor: DbExecutor = this.db): Promise<number> {
    const entries = schema.driverLedgerEntries;
    const [row] = await executor
      .select({ cents: sql<string | null>`sum(${entries.amountCents})` })
      .from(entries)
      .where(eq(entries.driverId, driverId));
    return Number(row?.cents ?? 0);
  }

  /** The newest `limit` entries, with the code of a fee's trip. */
  async newestEntries(driverId: number, limit: number): Promise<LedgerEntryWithTrip[]> {
    const entries = schema.driverLedgerEntries;
    const rows = await this.db
      .select({ entry: entries, tripCode: schema.trips.tripCode })
      .from(entries)
      .leftJoin(schema.trips, eq(schema.trips.id, entries.tripId))
      .where(eq(entries.driverId, driverId))
      .orderBy(desc(entries.id))
      .limit(limit);
    return rows.map((row) => ({ ...row.entry, tripCode: row.tripCode }));
  }

  async insert(
    values: typeof schema.driverLedgerEntries.$inferInsert,
    executor: DbExecutor = this.db,
  ): Promise<DriverLedgerEntryRow> {
    return insertOne(executor, schema.driverLedgerEntries, values);
  }
}
