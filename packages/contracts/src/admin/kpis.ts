/**
 * GET /admin/kpis: the operators' 'Indicadores', the city in numbers for a period of Lima days and a district.
 * What each number means exactly is written in docs/ARCHITECTURE.md ('Indicadores').
 */
import { isDateKey } from '@jala/domain';
import { z } from 'zod';

import { zText } from '../core/text';
import { zPaymentMethod } from '../trips/payment';

/** The longest period one answer covers (a leap year). */
export const KPI_MAX_DAYS = 366;
export const KPI_DATE_MESSAGE = 'Usa una fecha válida con el formato AAAA-MM-DD.';
export const KPI_ORDER_MESSAGE = 'La fecha «hasta» no puede ser anterior a la fecha «desde».';
export const KPI_SPAN_MESSAGE = `El período puede tener como máximo ${KPI_MAX_DAYS} días.`;

const DAY_MS = 86_400_000;
const zKpiDay = zText({ error: KPI_DATE_MESSAGE, trim: false })
  .max(10, KPI_DATE_MESSAGE)
  .refine(isDateKey, KPI_DATE_MESSAGE);

/** Days from `from` to `to`, both included (calendar arithmetic: no time zone involved). */
export function kpiPeriodDays(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

/** ?from=&to=&district= — Lima days, both included; no district (or an empty one) is the whole city. */
export const zKpisQuery = z
  .object({
    from: zKpiDay,
    to: zKpiDay,
    district: zText({ error: 'Distrito no válido.' })
      .max(60, 'Distrito no válido.')
      .optional()
      .transform((v) => v || undefined),
  })
  .refine((q) => q.from <= q.to, { path: ['to'], message: KPI_ORDER_MESSAGE })
  .refine((q) => q.from > q.to || kpiPeriodDays(q.from, q.to) <= KPI_MAX_DAYS, {
    path: ['to'],
    message: KPI_SPAN_MESSAGE,
  });
export type KpisQuery = z.output<typeof zKpisQuery>;

const count = z.number().int();
/** Seconds, or null when no trip of the period had the moment measured. */
const seconds = z.number().nullable();

export const KPI_CANCEL_SIDES = ['passenger', 'driver', 'system'] as const;

export const zKpis = z.object({
  period: z.object({
    from: z.string(),
    to: z.string(),
    days: count,
    district: z.string().nullable(),
  }),
  /** The districts the filter offers (Lima and Callao), alphabetical. */
  districts: z.array(z.string()),
  requests: z.object({ total: count, with_offer: count, accepted: count, completed: count }),
  /** Live requests only (bookings wait by design). */
  waits: z.object({
    first_offer_median: seconds,
    first_offer_p90: seconds,
    acceptance_median: seconds,
    acceptance_p90: seconds,
  }),
  cancellations: z.array(z.object({ side: z.enum(KPI_CANCEL_SIDES), reason: z.string(), trips: count })),
  no_shows: z.object({ passenger: count, driver: count }),
  bookings: z.object({
    total: count,
    completed: count,
    cancelled_by_passenger: count,
    cancelled_by_driver: count,
    cancelled_by_system: count,
    open: count,
    driver_releases: count,
  }),
  prices: z.object({
    agreed_trips: count,
    /** Median of agreed ÷ asked (the passenger's offer), over trips with both. */
    agreed_vs_asked: z.number().nullable(),
    /** Median of agreed ÷ the app's estimate. */
    agreed_vs_estimated: z.number().nullable(),
    agreed_median: z.number().nullable(),
  }),
  payment_methods: z.array(z.object({ method: zPaymentMethod, trips: count, amount: z.number() })),
  payment_cases: z.object({ open: count, resolved_paid: count, resolved_unpaid: count }),
  /** Hour of day in Lima (0–23): distinct drivers online in that hour, averaged over the period's days, and the most on one day. */
  drivers_online: z.array(z.object({ hour: count, average: z.number(), peak: count })),
  active_passengers: count,
  active_drivers: count,
  sos: z.object({ total: count, resolved: count }),
  /** Requests that got no offer, by cell of about 1 km (the cell's centre), most first. */
  unmatched_cells: z.array(z.object({ latitude: z.number(), longitude: z.number(), requests: count })),
});
export type Kpis = z.output<typeof zKpis>;
