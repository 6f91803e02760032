import {
  and,
  asc,
  type Database,
  desc,
  eq,
  type FareAdjustmentRow,
  inArray,
  isNotNull,
  schema,
  sql,
  type TripOfferRow,
  type TripRow,
  type UserRow,
} from '@jala/db';
import { ACTIVE_TRIP_STATUSES, type TripStatus } from '@jala/domain';
import { alias } from 'drizzle-orm/pg-core';

const passengers = alias(schema.users, 'passenger');
const drivers = alias(schema.users, 'driver');

/** How many trips one list shows. */
const LIST_LIMIT = 100;

export interface AdminTripFilters {
  status?: TripStatus;
  /** Only trips in an active status. */
  activeOnly: boolean;
  /** Only bookings, soonest pickup first. */
  scheduledOnly: boolean;
  /** Text searched in the trip code, both addresses and both names (already escaped for LIKE, with wildcards). */
  pattern?: string;
}

export interface TripWithParties {
  trip: TripRow;
  passenger: UserRow;
  driver: UserRow | null;
}

export interface ChatRow {
  message: typeof schema.chatMessages.$inferSelect;
  driver: UserRow;
}

/** Trips as operators read them, with their passenger and driver, offers, fare adjustments and chat. */
export class AdminTripsRepository {
  constructor(private readonly db: Database) {}

  async list(filters: AdminTripFilters): Promise<TripWithParties[]> {
    const conditions = [];
    if (filters.scheduledOnly) conditions.push(isNotNull(schema.trips.scheduledFor));
    if (filters.status) conditions.push(eq(schema.trips.status, filters.status));
    if (filters.activeOnly) conditions.push(inArray(schema.trips.status, [...ACTIVE_TRIP_STATUSES]));
    if (filters.pattern) {
      const { pattern } = filters;
      conditions.push(sql`(${schema.trips.tripCode} ilike ${pattern} or ${schema.trips.pickupAddress} ilike ${pattern}
        or ${schema.trips.destinationAddress} ilike ${pattern}
        or (${passengers.firstName} || ' ' || ${passengers.lastName}) ilike ${pattern}
        or (${drivers.firstName} || ' ' || ${drivers.lastName}) ilike ${pattern})`);
    }
    return this.db
      .select({ trip: schema.trips, passenger: passengers, driver: drivers })
      .from(schema.trips)
      .innerJoin(passengers, eq(passengers.id, schema.trips.passengerId))
      .leftJoin(drivers, eq(drivers.id, schema.trips.driverId))
      .where(conditions.length > 0 ? and(...conditions) : undefined)
      .orderBy(
        ...(filters.scheduledOnly ? [asc(schema.trips.scheduledFor), asc(schema.trips.id)] : [desc(schema.trips.id)]),
      )
      .limit(LIST_LIMIT);
  }

  async findWithParties(tripId: number): Promise<TripWithParties | undefined> {
    const [row] = await this.db
      .select({ trip: schema.trips, passenger: passengers, driver: drivers })
      .from(schema.trips)
      .innerJoin(passengers, eq(passengers.id, schema.trips.passengerId))
      .leftJoin(drivers, eq(drivers.id, schema.trips.driverId))
      .where(eq(schema.trips.id, tripId));
    return row;
  }

  async exists(tripId: number): Promise<boolean> {
    const [trip] = await this.db.select({ id: schema.trips.id }).from(schema.trips).where(eq(schema.trips.id, tripId));
    return trip !== undefined;
  }

  /** Every offer of the trip in the order they came, with the driver who made it. */
  async offers(tripId: number): Promise<{ offer: TripOfferRow; driver: UserRow }[]> {
    return this.db
      .select({ offer: schema.tripOffers, driver: schema.users })
      .from(schema.tripOffers)
      .innerJoin(schema.users, eq(schema.users.id, schema.tripOffers.driverId))
      .where(eq(schema.tripOffers.tripId, tripId))
      .orderBy(asc(schema.tripOffers.id));
  }

  async fareAdjustments(tripId: number): Promise<FareAdjustmentRow[]> {
    return this.db
      .select()
      .from(schema.fareAdjustments)
      .where(eq(schema.fareAdjustments.tripId, tripId))
      .orderBy(asc(schema.fareAdjustments.id));
  }

  /**
   * The trip's chat (every conversation of it) newest first, at most `limit` messages, only those before the
   * message `before` in history order (stored time, then id) when given.
   */
  async chatNewestFirst(tripId: number, before: number | undefined, limit: number): Promise<ChatRow[]> {
    const m = schema.chatMessages;
    const beforeMark =
      before === undefined
        ? undefined
        : sql`(${m.createdAt}, ${m.id}) < (
      select mark.created_at, mark.id from ${m} mark where mark.id = ${before} and mark.trip_id = ${tripId})`;
    return this.db
      .select({ message: m, driver: schema.users })
      .from(m)
      .innerJoin(schema.users, eq(schema.users.id, m.driverId))
      .where(and(eq(m.tripId, tripId), beforeMark))
      .orderBy(desc(m.createdAt), desc(m.id))
      .limit(limit);
  }
}
