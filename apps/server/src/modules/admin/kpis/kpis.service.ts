import type { Kpis, KpisQuery } from '@jala/contracts';
import { limaDateKey, limaDayStart } from '@jala/domain';

import { DISTRICT_ANCHORS } from '../../../geo';
import { AppError } from '../../../lib/app-error';
import {
  type DayFigures,
  emptyDay,
  histogramPercentile,
  onlineByHour,
  paymentMethods,
  RATIO_SCALE,
  sumDistricts,
  topCancellations,
  topUnmatchedCells,
  WAIT_SCALE,
} from './kpi-days';
import { KPI_CELL_DEGREES, type KpisRepository } from './kpis.repository';

/** At most this many cells on the no-offer map (the busiest). */
const MAX_CELLS = 300;
/** At most this many (side, reason) rows of cancellations (the most frequent). */
const MAX_CANCELLATION_ROWS = 60;
const DAY_MS = 86_400_000;

const KPI_DISTRICTS: readonly string[] = [...new Set(DISTRICT_ANCHORS.map((a) => a.district))].sort((a, b) =>
  a.localeCompare(b, 'es'),
);

export const UNKNOWN_DISTRICT_MESSAGE = 'Elige un distrito de la lista.';

const soles = (cents: number) => cents / 100;
const round = (value: number | null, digits: number) =>
  value === null ? null : Math.round(value * 10 ** digits) / 10 ** digits;
const sideOf = (status: string): 'passenger' | 'driver' | 'system' =>
  status === 'cancelled_by_passenger' ? 'passenger' : status === 'cancelled_by_driver' ? 'driver' : 'system';

/** The day after a 'YYYY-MM-DD' key (calendar arithmetic). */
function nextDayKey(key: string): string {
  return new Date(Date.parse(`${key}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
}

/** Every day key from `from` to `to`, both included. */
function dayKeys(from: string, to: string): string[] {
  const keys: string[] = [];
  for (let key = from; key <= to; key = nextDayKey(key)) keys.push(key);
  return keys;
}

/** Runs of consecutive keys, so each is computed in one statement: ['a','b','d'] → [['a','b'], ['d']]. */
function consecutiveRuns(keys: readonly string[]): string[][] {
  const runs: string[][] = [];
  for (const key of keys) {
    const run = runs[runs.length - 1];
    if (run && nextDayKey(run[run.length - 1]!) === key) run.push(key);
    else runs.push([key]);
  }
  return runs;
}

/**
 * 'Indicadores': every figure of the operators' dashboard for a period of Lima days and a district. A day
 * that is over is read from kpi_day_rollups, computed and kept the first time it is asked for (the database
 * forgets it when something it counts changes); today is computed on every read.
 */
export class KpisService {
  constructor(
    private readonly repository: KpisRepository,
    private readonly now: () => Date,
  ) {}

  districts(): readonly string[] {
    return KPI_DISTRICTS;
  }

  /** The figures of each day of [from, to] (keys), from storage where the day is over. */
  private async days(from: string, to: string, now: Date): Promise<DayFigures[]> {
    const today = limaDateKey(now);
    const over = dayKeys(from, to).filter((key) => key < today);
    const stored = await this.repository.storedDays(over);
    const computed = new Map<string, DayFigures>();
    for (const run of consecutiveRuns(over.filter((key) => !stored.has(key)))) {
      const figures = await this.repository.computeDays(
        limaDayStart(run[0]!),
        limaDayStart(nextDayKey(run[run.length - 1]!)),
        now,
      );
      for (const key of run) computed.set(key, figures.get(key) ?? emptyDay());
    }
    await this.repository.storeDays(computed);
    const days = [...stored.values(), ...computed.values()];
    if (to >= today) {
      const start = from > today ? from : today;
      const live = await this.repository.computeDays(limaDayStart(start), limaDayStart(nextDayKey(to)), now);
      days.push(...live.values());
    }
    return days;
  }

  async figures(query: KpisQuery): Promise<Kpis> {
    const district = query.district;
    if (district !== undefined && !KPI_DISTRICTS.includes(district))
      throw new AppError('VALIDATION', UNKNOWN_DISTRICT_MESSAGE);
    const from = limaDayStart(query.from);
    const to = limaDayStart(nextDayKey(query.to));
    const days = Math.round((to.getTime() - from.getTime()) / DAY_MS);
    const now = this.now();
    // One after the other: PGlite runs one query at a time anyway, and a pool of PostgreSQL connections is shared.
    const perDay = await this.days(query.from, query.to, now);
    const people = await this.repository.activePeople({ from, to, ...(district ? { district } : {}) });
    const trips = sumDistricts(perDay, district);
    const online = onlineByHour(perDay);
    const cancellations = topCancellations(trips, MAX_CANCELLATION_ROWS);
    const methods = paymentMethods(trips);
    const cells = topUnmatchedCells(trips, MAX_CELLS);
    const agreedMedianCents = histogramPercentile(trips.agreed, 0.5);
    return {
      period: { from: query.from, to: query.to, days, district: district ?? null },
      districts: [...KPI_DISTRICTS],
      requests: {
        total: trips.total,
        with_offer: trips.withOffer,
        accepted: trips.accepted,
        completed: trips.completed,
      },
      waits: {
        first_offer_median: round(histogramPercentile(trips.firstOffer, 0.5, WAIT_SCALE), 1),
        first_offer_p90: round(histogramPercentile(trips.firstOffer, 0.9, WAIT_SCALE), 1),
        acceptance_median: round(histogramPercentile(trips.acceptance, 0.5, WAIT_SCALE), 1),
        acceptance_p90: round(histogramPercentile(trips.acceptance, 0.9, WAIT_SCALE), 1),
      },
      cancellations: cancellations.map((c) => ({ side: sideOf(c.status), reason: c.reason, trips: c.trips })),
      no_shows: { passenger: trips.passengerNoShows, driver: trips.driverNoShows },
      bookings: {
        total: trips.bookings,
        completed: trips.bookingsCompleted,
        cancelled_by_passenger: trips.bookingsByPassenger,
        cancelled_by_driver: trips.bookingsByDriver,
        cancelled_by_system: trips.bookingsBySystem,
        open:
          trips.bookings -
          trips.bookingsCompleted -
          trips.bookingsByPassenger -
          trips.bookingsByDriver -
          trips.bookingsBySystem,
        driver_releases: trips.driverReleases,
      },
      prices: {
        agreed_trips: trips.agreedTrips,
        agreed_vs_asked: round(histogramPercentile(trips.vsAsked, 0.5, RATIO_SCALE), 3),
        agreed_vs_estimated: round(histogramPercentile(trips.vsEstimated, 0.5, RATIO_SCALE), 3),
        agreed_median: agreedMedianCents === null ? null : round(soles(agreedMedianCents), 2),
      },
      payment_methods: methods.map((m) => ({
        method: m.method as Kpis['payment_methods'][number]['method'],
        trips: m.trips,
        amount: soles(m.cents),
      })),
      payment_cases: { open: trips.casesOpen, resolved_paid: trips.casesPaid, resolved_unpaid: trips.casesUnpaid },
      drivers_online: Array.from({ length: 24 }, (_, hour) => {
        const h = online.get(hour);
        return { hour, average: h ? (round(h.total / days, 1) ?? 0) : 0, peak: h?.peak ?? 0 };
      }),
      active_passengers: people.passengers,
      active_drivers: people.drivers,
      sos: { total: trips.sosTotal, resolved: trips.sosResolved },
      unmatched_cells: cells.map((c) => ({
        latitude: round((c.latCell + 0.5) * KPI_CELL_DEGREES, 4) ?? 0,
        longitude: round((c.lngCell + 0.5) * KPI_CELL_DEGREES, 4) ?? 0,
        requests: c.requests,
      })),
    };
  }
}
