import { type Database, sql } from '@jala/db';
import { TIME_ZONE } from '@jala/domain';

export interface EarningsTotal {
  cents: number;
  trips: number;
  /** The platform fees stored on those same trips ('Saldo con Jala'), céntimos. */
  feeCents: number;
}

type Row = Record<string, unknown>;

function rowsOf(result: unknown): Row[] {
  // node-postgres and PGlite both return { rows }.
  return ((result as { rows?: Row[] }).rows ?? []) as Row[];
}

const toInt = (value: unknown) => (value == null ? 0 : Number(value));

/** An instant as a timestamptz parameter (both drivers serialise a string the same way). */
const at = (instant: Date) => sql`${instant.toISOString()}::timestamptz`;

/**
 * Money in the driver's hands (docs/driver-metrics.md 'Money'): cash at completion; Yape/Plin once the driver
 * confirmed it ('Pago recibido') or an operator found it paid. A wallet payment still unconfirmed or under
 * review is counted apart (`unsettledEarnings`), one found unpaid never.
 */
const SETTLED = sql`(payment_method = 'cash' or payment_status in ('confirmed', 'resolved_paid'))`;

/**
 * The queries behind the dashboard stats and the earnings page. All money is integer céntimos; every query
 * is bounded by the driver id and uses the (driver_id, completed_at) / (driver_id, created_at) indexes.
 */
export class DriverMetricsRepository {
  constructor(private readonly db: Database) {}

  /**
   * Completed trips of the driver, and the sum of the final fares of those whose money is in hand (SETTLED),
   * optionally within [from, to).
   */
  async completedEarnings(driverId: number, range?: { from: Date; to: Date }): Promise<EarningsTotal> {
    const within = range ? sql`and completed_at >= ${at(range.from)} and completed_at < ${at(range.to)}` : sql``;
    const result = await this.db.execute(sql`
      select coalesce(sum(final_fare_cents) filter (where ${SETTLED}), 0) as cents, count(*) as trips,
        coalesce(sum(platform_fee_cents) filter (where ${SETTLED}), 0) as fee_cents
      from trips
      where driver_id = ${driverId} and status = 'completed' and completed_at is not null ${within}`);
    const row = rowsOf(result)[0];
    return { cents: toInt(row?.cents), trips: toInt(row?.trips), feeCents: toInt(row?.fee_cents) };
  }

  /** All-time earnings (in hand) by how the passenger paid, céntimos per method; methods without any are absent. */
  async earningsByMethod(driverId: number): Promise<Map<string, number>> {
    const result = await this.db.execute(sql`
      select payment_method as method, coalesce(sum(final_fare_cents), 0) as cents
      from trips
      where driver_id = ${driverId} and status = 'completed' and completed_at is not null and ${SETTLED}
      group by 1`);
    return new Map(rowsOf(result).map((row) => [String(row.method), toInt(row.cents)]));
  }

  /**
   * Yape/Plin money of completed trips not in hand yet, ever: `unconfirmed` waits for the driver's answer
   * (the passenger said 'Ya pagué' or not yet), `in_review` is an open payment case.
   */
  async unsettledEarnings(driverId: number): Promise<{ unconfirmed: EarningsTotal; inReview: EarningsTotal }> {
    const result = await this.db.execute(sql`
      select payment_status = 'disputed' as in_review, coalesce(sum(final_fare_cents), 0) as cents, count(*) as trips
      from trips
      where driver_id = ${driverId} and status = 'completed' and completed_at is not null
        and payment_status in ('pending', 'reported', 'disputed')
      group by 1`);
    const rows = rowsOf(result);
    const part = (inReview: boolean): EarningsTotal => {
      const row = rows.find((r) => Boolean(r.in_review) === inReview);
      return { cents: toInt(row?.cents), trips: toInt(row?.trips), feeCents: 0 };
    };
    return { unconfirmed: part(false), inReview: part(true) };
  }

  /** Earnings in hand per Lima calendar day of completion ('YYYY-MM-DD' → céntimos) for trips completed within [from, to). */
  async dailyEarnings(driverId: number, from: Date, to: Date): Promise<Map<string, number>> {
    const result = await this.db.execute(sql`
      select to_char(completed_at at time zone ${TIME_ZONE}, 'YYYY-MM-DD') as day, coalesce(sum(final_fare_cents), 0) as cents
      from trips
      where driver_id = ${driverId} and status = 'completed' and completed_at >= ${at(from)} and completed_at < ${at(to)} and ${SETTLED}
      group by 1`);
    return new Map(rowsOf(result).map((row) => [String(row.day), toInt(row.cents)]));
  }

  /**
   * Trip requests the driver acted on within [from, to): answered with an offer, or rejected. A request
   * both offered on and rejected counts once, as offered.
   */
  async requestAnswers(driverId: number, from: Date, to: Date): Promise<{ offered: number; acted: number }> {
    const result = await this.db.execute(sql`
      with acted as (
        select trip_id, true as offered from trip_offers
          where driver_id = ${driverId} and created_at >= ${at(from)} and created_at < ${at(to)}
        union all
        select trip_id, false as offered from trip_rejections
          where driver_id = ${driverId} and created_at >= ${at(from)} and created_at < ${at(to)}
      )
      select count(distinct trip_id) filter (where offered) as offered, count(distinct trip_id) as acted from acted`);
    const row = rowsOf(result)[0];
    return { offered: toInt(row?.offered), acted: toInt(row?.acted) };
  }

  /**
   * Trips assigned to the driver that ended within [from, to): completed, or cancelled by the driver — a
   * confirmed booking given back less than 60 minutes before its time counts as a cancellation too (issue
   * 25; the booking itself goes back to the market, so it is read from booking_cancellations).
   */
  async tripOutcomes(
    driverId: number,
    from: Date,
    to: Date,
  ): Promise<{ completed: number; cancelledByDriver: number }> {
    const result = await this.db.execute(sql`
      select
        count(*) filter (where status = 'completed' and completed_at >= ${at(from)} and completed_at < ${at(to)}) as completed,
        count(*) filter (where status = 'cancelled_by_driver' and cancelled_at >= ${at(from)} and cancelled_at < ${at(to)})
          + (select count(*) from booking_cancellations b
             where b.user_id = ${driverId} and b.role = 'driver' and b.late and b.cancelled_at >= ${at(from)} and b.cancelled_at < ${at(to)}) as cancelled
      from trips
      where driver_id = ${driverId} and status in ('completed', 'cancelled_by_driver')`);
    const row = rowsOf(result)[0];
    return { completed: toInt(row?.completed), cancelledByDriver: toInt(row?.cancelled) };
  }
}
