import { and, type Database, desc, eq, inArray, schema, sql } from '@jala/db';
import type { HistoryStatus } from '@jala/domain';

const { trips } = schema;

/** When a finished trip ended (completed or cancelled; requested for rows that lack both): orders and filters the list. */
const endedAt = sql<Date>`coalesce(${trips.completedAt}, ${trips.cancelledAt}, ${trips.createdAt})`;

/** An instant as a timestamptz parameter (node-postgres and PGlite serialise a string the same way). */
const at = (instant: Date) => sql`${instant.toISOString()}::timestamptz`;

export interface DriverHistoryFilter {
  statuses: readonly HistoryStatus[];
  /** [from, to) instants; either side open. */
  from?: Date | undefined;
  to?: Date | undefined;
}

export interface DriverHistoryRow {
  id: number;
  tripCode: string;
  status: HistoryStatus;
  endedAt: Date;
  pickupAddress: string;
  destinationAddress: string;
  serviceTypeId: number;
  agreedFareCents: number | null;
  finalFareCents: number | null;
  estimatedFareCents: number;
  distanceKm: string;
  durationMinutes: number;
  paymentMethod: 'cash' | 'yape' | 'plin';
  paymentStatus: 'pending' | 'reported' | 'confirmed' | 'disputed' | 'resolved_paid' | 'resolved_unpaid' | null;
  passengerFirstName: string | null;
  myScore: number | null;
  receivedScore: number | null;
}

/**
 * The driver's finished trips. Every query is bounded by `trips.driver_id` (the leading column of
 * `trips_driver_completed_idx`), so a driver's history never reads another driver's rows.
 */
export class DriverTripHistoryRepository {
  constructor(private readonly db: Database) {}

  private mine(driverId: number, statuses: readonly HistoryStatus[]) {
    return and(eq(trips.driverId, driverId), inArray(trips.status, [...statuses]));
  }

  /** The filter's statuses and dates (the driver's bound comes from `mine`). */
  private matching(filter: DriverHistoryFilter) {
    return and(
      inArray(trips.status, [...filter.statuses]),
      filter.from ? sql`${endedAt} >= ${at(filter.from)}` : undefined,
      filter.to ? sql`${endedAt} < ${at(filter.to)}` : undefined,
    );
  }

  /**
   * In one pass over the driver's finished trips: how many match the filter, and how many completed Yape/Plin
   * trips, whatever the filter, still wait for the driver's answer (the page's reminder).
   */
  async counts(
    driverId: number,
    filter: DriverHistoryFilter,
    allStatuses: readonly HistoryStatus[],
  ): Promise<{ total: number; awaiting: number }> {
    const [row] = await this.db
      .select({
        total: sql<number>`(count(*) filter (where ${this.matching(filter)}))::int`,
        awaiting: sql<number>`(count(*) filter (where ${trips.status} = 'completed' and ${trips.paymentMethod} <> 'cash'
          and coalesce(${trips.paymentStatus}, 'pending') in ('pending', 'reported')))::int`,
      })
      .from(trips)
      .where(this.mine(driverId, allStatuses));
    return { total: Number(row?.total ?? 0), awaiting: Number(row?.awaiting ?? 0) };
  }

  /** One page, latest ended first, with the passenger's first name and both ratings of the trip. */
  async findPage(
    driverId: number,
    filter: DriverHistoryFilter,
    limit: number,
    offset: number,
  ): Promise<DriverHistoryRow[]> {
    const rows = await this.db
      .select({
        id: trips.id,
        tripCode: trips.tripCode,
        status: trips.status,
        endedAt: sql<string>`${endedAt}`,
        pickupAddress: trips.pickupAddress,
        destinationAddress: trips.destinationAddress,
        serviceTypeId: trips.serviceTypeId,
        agreedFareCents: trips.agreedFareCents,
        finalFareCents: trips.finalFareCents,
        estimatedFareCents: trips.estimatedFareCents,
        distanceKm: trips.distanceKm,
        durationMinutes: trips.durationMinutes,
        paymentMethod: trips.paymentMethod,
        paymentStatus: trips.paymentStatus,
        passengerFirstName: schema.users.firstName,
        // One rating per rater and trip (unique index): the driver's own, and the one they received.
        myScore: sql<
          number | null
        >`(select r.score from ratings r where r.trip_id = ${trips.id} and r.rater_id = ${driverId})`,
        receivedScore: sql<
          number | null
        >`(select r.score from ratings r where r.trip_id = ${trips.id} and r.ratee_id = ${driverId})`,
      })
      .from(trips)
      .leftJoin(schema.users, eq(schema.users.id, trips.passengerId))
      .where(and(this.mine(driverId, filter.statuses), this.matching(filter)))
      .orderBy(desc(endedAt), desc(trips.id))
      .limit(limit)
      .offset(offset);
    return rows.map((row) => ({
      ...row,
      status: row.status as HistoryStatus,
      // A raw expression comes back as the driver's text (node-postgres) or a Date (PGlite): one Date either way.
      endedAt: new Date(row.endedAt),
      myScore: row.myScore == null ? null : Number(row.myScore),
      receivedScore: row.receivedScore == null ? null : Number(row.receivedScore),
    }));
  }
}
