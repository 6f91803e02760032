import { and, type Database, eq, schema } from '@jala/db';
import type { TripStatus } from '@jala/domain';

/** The reads behind TripAccess: who a trip's passenger is, and where one driver stands on it. */
export class TripAccessRepository {
  constructor(private readonly db: Database) {}

  async isPassengerOf(userId: number, tripId: number): Promise<boolean> {
    const [row] = await this.db
      .select({ id: schema.trips.id })
      .from(schema.trips)
      .where(and(eq(schema.trips.id, tripId), eq(schema.trips.passengerId, userId)));
    return Boolean(row);
  }

  /** The trip's assigned driver and this driver's offer status on it; undefined when the trip does not exist. */
  async driverStanding(
    driverId: number,
    tripId: number,
  ): Promise<{ assigned: number | null; offer: string | null } | undefined> {
    const [row] = await this.db
      .select({ assigned: schema.trips.driverId, offer: schema.tripOffers.status })
      .from(schema.trips)
      .leftJoin(
        schema.tripOffers,
        and(eq(schema.tripOffers.tripId, schema.trips.id), eq(schema.tripOffers.driverId, driverId)),
      )
      .where(eq(schema.trips.id, tripId));
    return row;
  }

  /** The status of the trip when this driver is its assigned driver; undefined otherwise. */
  async statusAssignedTo(driverId: number, tripId: number): Promise<TripStatus | undefined> {
    const [row] = await this.db
      .select({ status: schema.trips.status })
      .from(schema.trips)
      .where(and(eq(schema.trips.id, tripId), eq(schema.trips.driverId, driverId)));
    return row?.status;
  }
}
