import {
  and,
  count,
  type Database,
  desc,
  type DriverProfileRow,
  eq,
  inArray,
  isNotNull,
  isNull,
  schema,
  sql,
  type TripRow,
  type UserRow,
  type VehicleRow,
} from '@jala/db';
import { ACTIVE_TRIP_STATUSES } from '@jala/domain';

/** At most this many drivers and trips on one snapshot of the map. */
const MAP_LIMIT = 1000;

/** What the operators' live map shows: online drivers where they are, active trips, open SOS alerts. */
export class LiveCityRepository {
  constructor(private readonly db: Database) {}

  /** Online drivers with an active vehicle whose position was updated at `since` or later. */
  async onlineDriversSince(since: Date): Promise<{ profile: DriverProfileRow; user: UserRow; vehicle: VehicleRow }[]> {
    return this.db
      .select({ profile: schema.driverProfiles, user: schema.users, vehicle: schema.vehicles })
      .from(schema.driverProfiles)
      .innerJoin(schema.users, eq(schema.users.id, schema.driverProfiles.userId))
      .innerJoin(schema.vehicles, eq(schema.vehicles.id, schema.driverProfiles.activeVehicleId))
      .where(
        and(
          eq(schema.driverProfiles.driverStatus, 'online'),
          isNotNull(schema.driverProfiles.currentLatitude),
          sql`${schema.driverProfiles.locationUpdatedAt} >= ${since}`,
        ),
      )
      .limit(MAP_LIMIT);
  }

  /** Trips in an active status, newest first. */
  async activeTrips(): Promise<TripRow[]> {
    return this.db
      .select()
      .from(schema.trips)
      .where(inArray(schema.trips.status, [...ACTIVE_TRIP_STATUSES]))
      .orderBy(desc(schema.trips.id))
      .limit(MAP_LIMIT);
  }

  async openAlertCount(): Promise<number> {
    const [alerts] = await this.db
      .select({ open: count() })
      .from(schema.safetyAlerts)
      .where(isNull(schema.safetyAlerts.resolvedAt));
    return alerts?.open ?? 0;
  }
}
