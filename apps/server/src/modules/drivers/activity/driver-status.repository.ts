import {
  and,
  type Database,
  type DbExecutor,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  or,
  schema,
} from '@jala/db';
import { DRIVER_BUSY_STATUSES } from '@jala/domain';

export type StatusLogRow = typeof schema.driverStatusLog.$inferSelect;

export class DriverStatusRepository {
  constructor(private readonly db: Database) {}

  /** The trip the driver is currently carrying out, if any (id and vehicle); a confirmed booking counts once activated. */
  async findBusyTrip(
    driverId: number,
    db: DbExecutor = this.db,
  ): Promise<{ id: number; vehicleId: number | null } | undefined> {
    const [row] = await db
      .select({ id: schema.trips.id, vehicleId: schema.trips.vehicleId })
      .from(schema.trips)
      .where(
        and(
          eq(schema.trips.driverId, driverId),
          inArray(schema.trips.status, [...DRIVER_BUSY_STATUSES]),
          or(isNull(schema.trips.scheduledFor), isNotNull(schema.trips.activatedAt)),
        ),
      )
      .limit(1);
    return row;
  }

  /**
   * Withdraws the driver's open offers on trips still waiting for one: a driver who went offline cannot be
   * chosen any more (accept only takes pending offers, and the passenger's offer list drops them). Returns
   * the trips whose offer was withdrawn. Offers on bookings not yet live stay: a driver offers on
   * tomorrow's ride and may be offline tonight.
   */
  async withdrawOpenOffers(db: DbExecutor, driverId: number): Promise<number[]> {
    const offers = schema.tripOffers;
    const withdrawn = await db
      .update(offers)
      .set({ status: 'withdrawn' })
      .where(
        and(
          eq(offers.driverId, driverId),
          eq(offers.status, 'pending'),
          inArray(
            offers.tripId,
            db
              .select({ id: schema.trips.id })
              .from(schema.trips)
              .where(
                and(
                  eq(schema.trips.status, 'pending'),
                  or(isNull(schema.trips.scheduledFor), isNotNull(schema.trips.liveAt)),
                ),
              ),
          ),
        ),
      )
      .returning({ tripId: offers.tripId });
    return withdrawn.map((row) => row.tripId);
  }

  async appendLog(
    db: DbExecutor,
    entry: { driverId: number; status: 'online' | 'offline'; vehicleId: number | null; changedAt: Date },
  ): Promise<void> {
    await db.insert(schema.driverStatusLog).values(entry);
  }

  /** Status changes in [from, to], oldest first, plus the last change before `from` (the state at `from`). */
  async logBetween(
    driverId: number,
    from: Date,
    to: Date,
  ): Promise<{ before: StatusLogRow | undefined; entries: StatusLogRow[] }> {
    const log = schema.driverStatusLog;
    const [before] = await this.db
      .select()
      .from(log)
      .where(and(eq(log.driverId, driverId), lt(log.changedAt, from)))
      .orderBy(desc(log.changedAt), desc(log.id))
      .limit(1);
    const entries = await this.db
      .select()
      .from(log)
      .where(and(eq(log.driverId, driverId), gte(log.changedAt, from), lte(log.changedAt, to)))
      .orderBy(log.changedAt, log.id);
    return { before, entries };
  }
}
