import { type Database, sql } from '@jala/db';
import { ACTIVE_TRIP_STATUSES, type TripStatus } from '@jala/domain';

/**
 * The two reads a scrape of /metrics makes, both answered from partial indexes whose rows are only the
 * trips still open (trips_one_active_per_passenger, trips_pending_expiry_idx): their cost follows the
 * trips in play, never the table's history.
 */
export class MetricsRepository {
  constructor(private readonly db: Database) {}

  /** Live trips by status: bookings count once activated, as for "one active trip" (schema.ts). */
  async liveTripsByStatus(): Promise<Map<TripStatus, number>> {
    const result = await this.db.execute<{ status: TripStatus; n: number }>(sql`
      select status, count(*)::int as n from trips
      where status in ('pending','accepted','en_route','arrived','in_progress')
        and (scheduled_for is null or activated_at is not null)
      group by status`);
    const counts = new Map<TripStatus, number>(ACTIVE_TRIP_STATUSES.map((status) => [status, 0]));
    for (const row of result.rows) counts.set(row.status, Number(row.n));
    return counts;
  }

  /**
   * How long the most overdue pending trip has waited past its expiry (0 when none is overdue): the
   * marketplace clock's lag as riders feel it, whichever node turns the clock.
   */
  async expiryOverdueSeconds(now: Date): Promise<number> {
    const result = await this.db.execute<{ oldest: string | Date | null }>(
      sql`select min(expires_at) as oldest from trips where status = 'pending'`,
    );
    const oldest = result.rows[0]?.oldest;
    if (oldest === null || oldest === undefined) return 0;
    return Math.max(0, (now.getTime() - new Date(oldest).getTime()) / 1000);
  }
}
