import type { Kpis, KpisQuery } from '@jala/contracts';
import { limaDayStart } from '@jala/domain';

import { DISTRICT_ANCHOR_KM, DISTRICT_ANCHORS } from '../../../geo';
import { AppError } from '../../../lib/app-error';
import { KPI_CELL_DEGREES, type KpiScope, type KpisRepository } from './kpis.repository';

/** At most this many cells on the no-offer map (the busiest). */
const MAX_CELLS = 300;
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

/** 'Indicadores': every figure of the operators' dashboard for a period of Lima days and a district. */
export class KpisService {
  constructor(
    private readonly repository: KpisRepository,
    private readonly now: () => Date,
  ) {}

  districts(): readonly string[] {
    return KPI_DISTRICTS;
  }

  async figures(query: KpisQuery): Promise<Kpis> {
    const district = query.district;
    if (district !== undefined && !KPI_DISTRICTS.includes(district))
      throw new AppError('VALIDATION', UNKNOWN_DISTRICT_MESSAGE);
    const scope: KpiScope = {
      from: limaDayStart(query.from),
      to: limaDayStart(nextDayKey(query.to)),
      ...(district
        ? {
            district: {
              name: district,
              own: DISTRICT_ANCHORS.filter((a) => a.district === district),
              all: DISTRICT_ANCHORS,
              radiusKm: DISTRICT_ANCHOR_KM,
            },
          }
        : {}),
    };
    const days = Math.round((scope.to.getTime() - scope.from.getTime()) / DAY_MS);
    // One after the other: PGlite runs one query at a time anyway, and a pool of PostgreSQL connections is shared.
    const { trips, side, cancellations, methods, cells } = await this.repository.figures(scope, MAX_CELLS);
    const online = await this.repository.driversOnlineByHour(scope, this.now());
    const byHour = new Map(online.map((h) => [h.hour, h]));
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
        first_offer_median: round(trips.firstOfferMedian, 1),
        first_offer_p90: round(trips.firstOfferP90, 1),
        acceptance_median: round(trips.acceptanceMedian, 1),
        acceptance_p90: round(trips.acceptanceP90, 1),
      },
      cancellations: cancellations.map((c) => ({ side: sideOf(c.status), reason: c.reason, trips: c.trips })),
      no_shows: { passenger: trips.passengerNoShows, driver: side.driverNoShows },
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
        driver_releases: side.driverReleases,
      },
      prices: {
        agreed_trips: trips.agreedTrips,
        agreed_vs_asked: round(trips.agreedVsAsked, 3),
        agreed_vs_estimated: round(trips.agreedVsEstimated, 3),
        agreed_median: trips.agreedMedianCents === null ? null : round(soles(trips.agreedMedianCents), 2),
      },
      payment_methods: methods.map((m) => ({
        method: m.method as Kpis['payment_methods'][number]['method'],
        trips: m.trips,
        amount: soles(m.cents),
      })),
      payment_cases: { open: side.casesOpen, resolved_paid: side.casesPaid, resolved_unpaid: side.casesUnpaid },
      drivers_online: Array.from({ length: 24 }, (_, hour) => {
        const h = byHour.get(hour);
        return { hour, average: h ? (round(h.total / days, 1) ?? 0) : 0, peak: h?.peak ?? 0 };
      }),
      active_passengers: trips.activePassengers,
      active_drivers: trips.activeDrivers,
      sos: { total: side.sosTotal, resolved: side.sosResolved },
      unmatched_cells: cells.map((c) => ({
        latitude: round((c.latCell + 0.5) * KPI_CELL_DEGREES, 4) ?? 0,
        longitude: round((c.lngCell + 0.5) * KPI_CELL_DEGREES, 4) ?? 0,
        requests: c.requests,
      })),
    };
  }
}
