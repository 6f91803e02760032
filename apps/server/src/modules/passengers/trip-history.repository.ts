import { and, type Database, desc, eq, gt, inArray, schema, sql } from '@jala/db';
import { type HistoryStatus, ratingAverage } from '@jala/domain';

export interface HistoryRow {
  trip: typeof schema.trips.$inferSelect;
  driverFirstName: string | null;
  driverLastName: string | null;
  myScore: number | null;
}

export class TripHistoryRepository {
  constructor(private readonly db: Database) {}

  private passengerHistory(passengerId: number, statuses: readonly HistoryStatus[]) {
    return and(eq(schema.trips.passengerId, passengerId), inArray(schema.trips.status, [...statuses]));
  }

  async countHistory(passengerId: number, statuses: readonly HistoryStatus[]): Promise<number> {
    const [row] = await this.db
      .select({ total: sql<number>`count(*)::int` })
      .from(schema.trips)
      .where(this.passengerHistory(passengerId, statuses));
    return Number(row?.total ?? 0);
  }

  /** One page, newest first (served by the passenger/created_at index), with the driver and the passenger's own score. */
  async findHistoryPage(
    passengerId: number,
    statuses: readonly HistoryStatus[],
    limit: number,
    offset: number,
  ): Promise<HistoryRow[]> {
    return this.db
      .select({
        trip: schema.trips,
        driverFirstName: schema.users.firstName,
        driverLastName: schema.users.lastName,
        myScore: schema.ratings.score,
      })
      .from(schema.trips)
      .leftJoin(schema.users, eq(schema.users.id, schema.trips.driverId))
      .leftJoin(
        schema.ratings,
        and(eq(schema.ratings.tripId, schema.trips.id), eq(schema.ratings.raterId, passengerId)),
      )
      .where(this.passengerHistory(passengerId, statuses))
      .orderBy(desc(schema.trips.createdAt), desc(schema.trips.id))
      .limit(limit)
      .offset(offset);
  }

  /** Average received score per user (2 decimals), for the given users only. */
  async ratingAverages(userIds: readonly number[]): Promise<Map<number, number>> {
    if (userIds.length === 0) return new Map();
    const rows = await this.db
      .select({ userId: schema.users.id, average: schema.users.ratingAverage })
      .from(schema.users)
      .where(and(inArray(schema.users.id, [...userIds]), gt(schema.users.ratingCount, 0)));
    return new Map(rows.map((row) => [row.userId, ratingAverage(row.average) ?? 0]));
  }
}
