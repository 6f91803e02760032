import { and, eq, or, schema, type Database } from '@jala/db';
import { isDriverBusyStatus } from '@jala/domain';

/**
 * Who may see what of a trip. Used by HTTP routes and by the MQTT ACL alike, so both channels apply
 * exactly the same ownership rules (GUIDE §4).
 */
export class TripAccess {
  constructor(private readonly db: Database) {}

  async isPassengerOf(userId: number, tripId: number): Promise<boolean> {
    const [row] = await this.db.select({ id: schema.trips.id }).from(schema.trips)
      .where(and(eq(schema.trips.id, tripId), eq(schema.trips.passengerId, userId)));
    return Boolean(row);
  }

  /** A driver takes part in a trip once they made an offer on it or were assigned to it. */
  async isDriverOf(driverId: number, tripId: number): Promise<boolean> {
    const [assigned] = await this.db.select({ id: schema.trips.id }).from(schema.trips)
      .where(and(eq(schema.trips.id, tripId), eq(schema.trips.driverId, driverId)));
    if (assigned) return true;
    const [offer] = await this.db.select({ id: schema.tripOffers.id }).from(schema.tripOffers)
      .where(and(eq(schema.tripOffers.tripId, tripId), eq(schema.tripOffers.driverId, driverId)));
    return Boolean(offer);
  }

  async isAssignedDriver(driverId: number, tripId: number, activeOnly = true): Promise<boolean> {
    const [row] = await this.db.select({ status: schema.trips.status }).from(schema.trips)
      .where(and(eq(schema.trips.id, tripId), eq(schema.trips.driverId, driverId)));
    if (!row) return false;
    return !activeOnly || isDriverBusyStatus(row.status);
  }

  /** The conversation chat/{trip}/{driver}: that trip's passenger and that driver, if the driver takes part. */
  async canUseChat(userId: number, tripId: number, driverId: number): Promise<'passenger' | 'driver' | null> {
    if (!(await this.isDriverOf(driverId, tripId))) return null;
    if (userId === driverId) return 'driver';
    if (await this.isPassengerOf(userId, tripId)) return 'passenger';
    return null;
  }

  async canFollowStatus(userId: number, tripId: number): Promise<boolean> {
    const [row] = await this.db.select({ id: schema.trips.id }).from(schema.trips)
      .where(and(eq(schema.trips.id, tripId), or(eq(schema.trips.passengerId, userId), eq(schema.trips.driverId, userId))));
    return Boolean(row) || (await this.isDriverOf(userId, tripId));
  }
}
