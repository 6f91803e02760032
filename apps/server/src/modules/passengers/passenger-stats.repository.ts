import { and, type Database, eq, schema, sql } from '@jala/db';

export interface PassengerTripTotals {
  completedTrips: number;
  spentCentimos: number;
}

export class PassengerStatsRepository {
  constructor(private readonly db: Database) {}

  /** Completed trips and what they cost (final fare, else the estimate a fare-less record carried). */
  async tripTotals(passengerId: number): Promise<PassengerTripTotals> {
    const [row] = await this.db
      .select({
        completedTrips: sql<number>`count(*)::int`,
        spentCentimos: sql<string>`coalesce(sum(coalesce(${schema.trips.finalFareCents}, ${schema.trips.estimatedFareCents})), 0)::bigint`,
      })
      .from(schema.trips)
      .where(and(eq(schema.trips.passengerId, passengerId), eq(schema.trips.status, 'completed')));
    return { completedTrips: Number(row?.completedTrips ?? 0), spentCentimos: Number(row?.spentCentimos ?? 0) };
  }
}
