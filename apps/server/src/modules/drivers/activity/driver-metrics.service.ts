import type { DriverStats, EarningsRecord, EarningsSummary } from '@jala/contracts';
import { EARNINGS_CHART_DAYS, fromCentimos, limaDateKey, type PaymentMethod } from '@jala/domain';

import { ReadCache } from '../../../lib/read-cache';
import { readKeys, type ReadVersions } from '../../../lib/read-versions';
import type { DriverMetricsRepository, EarningsTotal } from './driver-metrics.repository';
import type { DriverStatusRepository } from './driver-status.repository';
import { limaLastDays, limaToday } from './lima-days';
import { millisToHours, onlineMillis, type StatusChange } from './online-hours';

/** Window of the acceptance and completion rates. */
export const RATE_WINDOW_DAYS = 30;
const DAY_MS = 86_400_000;
/** "Últimos 7 días" of the earnings card: the last 7 Lima calendar days, today included. */
export const LAST_WEEK_DAYS = 7;

/** A percentage with one decimal (2 of 3 → 66.7), or null when nothing was measured. */
export function percentage(part: number, whole: number): number | null {
  if (whole <= 0) return null;
  return Math.round((part / whole) * 1000) / 10;
}

/** A driver's stats as kept: everything but the online hours, and the status log they are computed from. */
interface KeptStats {
  stats: Omit<DriverStats, 'online_hours_today'>;
  log: { before: StatusChange | undefined; entries: StatusChange[] };
  /** The last answer, given again while the online hours read the same (its body and ETag are then reused). */
  last?: DriverStats;
}

/** Dashboard stats and earnings, computed from trips, offers, rejections and the status log (docs/driver-metrics.md). */
export class DriverMetricsService {
  private readonly kept: ReadCache<KeptStats>;

  constructor(
    private readonly metrics: DriverMetricsRepository,
    private readonly statusLog: DriverStatusRepository,
    private readonly now: () => Date,
    versions: ReadVersions,
  ) {
    this.kept = new ReadCache({ versions });
  }

  /**
   * Kept in memory per driver and Lima day under `stats(driver)` (completions, cancellations, offers,
   * rejections, ratings and status changes bump it). The online hours are computed on each read from the
   * kept status log and the current time: an open online interval grows without a reload.
   */
  async getStats(driverId: number): Promise<DriverStats> {
    const now = this.now();
    const today = this.limaDay(now);
    const kept = await this.kept.read(`${driverId}:${today.key}`, [readKeys.stats(driverId)], () =>
      this.loadStats(driverId),
    );
    const { log } = kept;
    const hours = millisToHours(onlineMillis(log.before, log.entries, today.from, now));
    if (kept.last?.online_hours_today !== hours) kept.last = { ...kept.stats, online_hours_today: hours };
    return kept.last;
  }

  /** Today's Lima day, its bounds computed once per day (limaToday costs ~40 µs, a kept read ~100 µs). */
  private limaDay(now: Date): ReturnType<typeof limaToday> {
    const key = limaDateKey(now);
    if (this.today?.key !== key) this.today = limaToday(now);
    return this.today;
  }

  private today: ReturnType<typeof limaToday> | undefined;

  private async loadStats(driverId: number): Promise<KeptStats> {
    const now = this.now();
    const today = limaToday(now);
    const windowStart = new Date(now.getTime() - RATE_WINDOW_DAYS * DAY_MS);
    const windowEnd = new Date(now.getTime() + 1); // [from, to) including "now"
    const [earnings, log, answers, outcomes] = await Promise.all([
      this.metrics.completedEarnings(driverId, today),
      this.statusLog.logBetween(driverId, today.from, now),
      this.metrics.requestAnswers(driverId, windowStart, windowEnd),
      this.metrics.tripOutcomes(driverId, windowStart, windowEnd),
    ]);
    return {
      log,
      stats: {
        today_earnings: fromCentimos(earnings.cents),
        today_trips: earnings.trips,
        acceptance_rate: percentage(answers.offered, answers.acted),
        completion_rate: percentage(outcomes.completed, outcomes.completed + outcomes.cancelledByDriver),
      },
    };
  }

  async getEarningsSummary(driverId: number): Promise<EarningsSummary> {
    const now = this.now();
    const [total, today, lastWeek, byMethod, unsettled] = await Promise.all([
      this.metrics.completedEarnings(driverId),
      this.metrics.completedEarnings(driverId, limaToday(now)),
      this.metrics.completedEarnings(driverId, limaLastDays(LAST_WEEK_DAYS, now)),
      this.metrics.earningsByMethod(driverId),
      this.metrics.unsettledEarnings(driverId),
    ]);
    const soles = (method: PaymentMethod) => fromCentimos(byMethod.get(method) ?? 0);
    const part = (p: EarningsTotal) => ({ earnings: fromCentimos(p.cents), trips: p.trips });
    return {
      total_earnings: fromCentimos(total.cents),
      platform_fees: fromCentimos(total.feeCents),
      net_earnings: fromCentimos(total.cents - total.feeCents),
      total_trips: total.trips,
      today_earnings: fromCentimos(today.cents),
      last_week_earnings: fromCentimos(lastWeek.cents),
      by_method: { cash: soles('cash'), yape: soles('yape'), plin: soles('plin') },
      unconfirmed: part(unsettled.unconfirmed),
      in_review: part(unsettled.inReview),
    };
  }

  /** One record per Lima day of the last 30, oldest first; days without completed trips are 0. */
  async getEarningsRecords(driverId: number): Promise<EarningsRecord[]> {
    const days = limaLastDays(EARNINGS_CHART_DAYS, this.now());
    const byDay = await this.metrics.dailyEarnings(driverId, days.from, days.to);
    return days.keys.map((date) => ({ date, earnings: fromCentimos(byDay.get(date) ?? 0) }));
  }
}
