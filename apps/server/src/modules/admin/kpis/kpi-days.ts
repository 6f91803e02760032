/**
 * 'Indicadores' as sums of days: what one Lima day's trips add to every figure, per pickup district, in a
 * shape that adds up. Medians and percentiles come from histograms (how many trips had each value), so the
 * days of a period can be merged exactly; a day that is over is computed once and kept (kpi_day_rollups).
 */

/** Value → trips with it: waits in tenths of a second, price ratios in ten-thousandths, fares in céntimos. */
export type Histogram = Record<string, number>;

/** The scale of each histogram's values: a stored value divided by it is the figure's unit. */
export const WAIT_SCALE = 10;
export const RATIO_SCALE = 10_000;

export interface DistrictDay {
  total: number;
  withOffer: number;
  accepted: number;
  completed: number;
  /** Cancelled by the driver after arriving: the passenger did not show up. */
  passengerNoShows: number;
  bookings: number;
  bookingsCompleted: number;
  bookingsByPassenger: number;
  bookingsByDriver: number;
  bookingsBySystem: number;
  agreedTrips: number;
  /** Live requests only (a booking waits for its day, not for a driver). */
  firstOffer: Histogram;
  acceptance: Histogram;
  vsAsked: Histogram;
  vsEstimated: Histogram;
  agreed: Histogram;
  /** `${status} ${reason}` → trips. */
  cancellations: Record<string, number>;
  /** Completed trips by payment method. */
  methods: Record<string, { trips: number; cents: number }>;
  /** Requests nobody offered on, by map cell: `${latCell},${lngCell}` → requests. */
  unmatched: Record<string, number>;
  driverReleases: number;
  driverNoShows: number;
  casesOpen: number;
  casesPaid: number;
  casesUnpaid: number;
  sosTotal: number;
  sosResolved: number;
}

export interface DayFigures {
  /** By pickup district; '' holds pickups outside every district. */
  districts: Record<string, DistrictDay>;
  /** Lima hour of the day → distinct drivers online at some moment of it. */
  online: Record<string, number>;
}

export function emptyDistrictDay(): DistrictDay {
  return {
    total: 0,
    withOffer: 0,
    accepted: 0,
    completed: 0,
    passengerNoShows: 0,
    bookings: 0,
    bookingsCompleted: 0,
    bookingsByPassenger: 0,
    bookingsByDriver: 0,
    bookingsBySystem: 0,
    agreedTrips: 0,
    firstOffer: {},
    acceptance: {},
    vsAsked: {},
    vsEstimated: {},
    agreed: {},
    cancellations: {},
    methods: {},
    unmatched: {},
    driverReleases: 0,
    driverNoShows: 0,
    casesOpen: 0,
    casesPaid: 0,
    casesUnpaid: 0,
    sosTotal: 0,
    sosResolved: 0,
  };
}

export const emptyDay = (): DayFigures => ({ districts: {}, online: {} });

const COUNTS = [
  'total',
  'withOffer',
  'accepted',
  'completed',
  'passengerNoShows',
  'bookings',
  'bookingsCompleted',
  'bookingsByPassenger',
  'bookingsByDriver',
  'bookingsBySystem',
  'agreedTrips',
  'driverReleases',
  'driverNoShows',
  'casesOpen',
  'casesPaid',
  'casesUnpaid',
  'sosTotal',
  'sosResolved',
] as const satisfies readonly (keyof DistrictDay)[];

const TALLIES = [
  'firstOffer',
  'acceptance',
  'vsAsked',
  'vsEstimated',
  'agreed',
  'cancellations',
  'unmatched',
] as const satisfies readonly (keyof DistrictDay)[];

function addTally(into: Record<string, number>, from: Record<string, number>): void {
  for (const [key, count] of Object.entries(from)) into[key] = (into[key] ?? 0) + count;
}

/** Adds `from` into `into` (every count, histogram and tally). */
export function addDistrictDay(into: DistrictDay, from: DistrictDay): void {
  for (const key of COUNTS) into[key] += from[key];
  for (const key of TALLIES) addTally(into[key], from[key]);
  for (const [method, m] of Object.entries(from.methods)) {
    const sum = (into.methods[method] ??= { trips: 0, cents: 0 });
    sum.trips += m.trips;
    sum.cents += m.cents;
  }
}

/** The days' figures in one district, or in the whole city when `district` is undefined. */
export function sumDistricts(days: readonly DayFigures[], district: string | undefined): DistrictDay {
  const total = emptyDistrictDay();
  for (const day of days)
    for (const [name, figures] of Object.entries(day.districts))
      if (district === undefined || name === district) addDistrictDay(total, figures);
  return total;
}

/**
 * The `p` quantile (0–1) of the values a histogram counts, interpolated between neighbours as PostgreSQL's
 * percentile_cont does, divided by `scale`; null when it counts nothing.
 */
export function histogramPercentile(histogram: Histogram, p: number, scale = 1): number | null {
  const entries = Object.entries(histogram)
    .map(([value, count]) => [Number(value), count] as const)
    .filter(([, count]) => count > 0)
    .sort((a, b) => a[0] - b[0]);
  const n = entries.reduce((sum, [, count]) => sum + count, 0);
  if (n === 0) return null;
  const position = p * (n - 1);
  const valueAt = (rank: number): number => {
    let seen = 0;
    for (const [value, count] of entries) {
      seen += count;
      if (rank < seen) return value;
    }
    return entries[entries.length - 1]![0];
  };
  const low = valueAt(Math.floor(position));
  const high = valueAt(Math.ceil(position));
  return (low + (position - Math.floor(position)) * (high - low)) / scale;
}

/** Per Lima hour of day: drivers online summed over the days, and the most on one day. */
export function onlineByHour(days: readonly DayFigures[]): Map<number, { total: number; peak: number }> {
  const hours = new Map<number, { total: number; peak: number }>();
  for (const day of days)
    for (const [hour, drivers] of Object.entries(day.online)) {
      const h = hours.get(Number(hour)) ?? { total: 0, peak: 0 };
      hours.set(Number(hour), { total: h.total + drivers, peak: Math.max(h.peak, drivers) });
    }
  return hours;
}

/** The most frequent (status, reason) pairs, ties by status then reason. */
export function topCancellations(figures: DistrictDay, limit: number) {
  return Object.entries(figures.cancellations)
    .map(([key, trips]) => {
      const space = key.indexOf(' ');
      return { status: key.slice(0, space), reason: key.slice(space + 1), trips };
    })
    .sort((a, b) => b.trips - a.trips || a.status.localeCompare(b.status) || a.reason.localeCompare(b.reason))
    .slice(0, limit);
}

/** Completed trips by payment method, the most used first. */
export function paymentMethods(figures: DistrictDay) {
  return Object.entries(figures.methods)
    .map(([method, m]) => ({ method, ...m }))
    .sort((a, b) => b.trips - a.trips || a.method.localeCompare(b.method));
}

/** The busiest cells of the no-offer map. */
export function topUnmatchedCells(figures: DistrictDay, limit: number) {
  return Object.entries(figures.unmatched)
    .map(([key, requests]) => {
      const [latCell, lngCell] = key.split(',').map(Number) as [number, number];
      return { latCell, lngCell, requests };
    })
    .sort((a, b) => b.requests - a.requests || a.latCell - b.latCell || a.lngCell - b.lngCell)
    .slice(0, limit);
}
