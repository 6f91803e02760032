import {
  and,
  asc,
  type Database,
  type DbExecutor,
  desc,
  eq,
  isNotNull,
  isNull,
  type SafetyAlertRow,
  schema,
  type TripRow,
  type UserRow,
} from '@jala/db';

/** How many alerts one page of the SOS queue shows. */
const QUEUE_LIMIT = 100;

/** The `safety_alerts` table as operators work it: the queue with who pressed SOS on which trip, and resolving. */
export class AlertsAdminRepository {
  constructor(private readonly db: Database) {}

  /** Open alerts oldest first (the longest-waiting person first), resolved ones most recently resolved first. */
  async list(state: 'open' | 'resolved'): Promise<{ alert: SafetyAlertRow; user: UserRow; trip: TripRow }[]> {
    return this.db
      .select({ alert: schema.safetyAlerts, user: schema.users, trip: schema.trips })
      .from(schema.safetyAlerts)
      .innerJoin(schema.users, eq(schema.users.id, schema.safetyAlerts.userId))
      .innerJoin(schema.trips, eq(schema.trips.id, schema.safetyAlerts.tripId))
      .where(state === 'open' ? isNull(schema.safetyAlerts.resolvedAt) : isNotNull(schema.safetyAlerts.resolvedAt))
      .orderBy(state === 'open' ? asc(schema.safetyAlerts.createdAt) : desc(schema.safetyAlerts.resolvedAt))
      .limit(QUEUE_LIMIT);
  }

  async find(alertId: number, executor: DbExecutor = this.db): Promise<SafetyAlertRow | undefined> {
    const [alert] = await executor.select().from(schema.safetyAlerts).where(eq(schema.safetyAlerts.id, alertId));
    return alert;
  }

  /** Resolves the alert if it is still open; undefined when someone resolved it first. */
  async resolveOpen(
    alertId: number,
    resolution: { resolvedAt: Date; resolvedBy: number; resolutionNote: string },
    executor: DbExecutor = this.db,
  ): Promise<SafetyAlertRow | undefined> {
    const [resolved] = await executor
      .update(schema.safetyAlerts)
      .set(resolution)
      .where(and(eq(schema.safetyAlerts.id, alertId), isNull(schema.safetyAlerts.resolvedAt)))
      .returning();
    return resolved;
  }
}
