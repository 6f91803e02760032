/**
 * GET /driver/trip-history: the driver's 'Mis viajes'. The same paging and status filter as the passenger's
 * history (passenger.ts), plus a date range in Lima days, and each trip as its driver needs to see it: the
 * price, how it was paid and whether a Yape/Plin payment still waits for the driver's answer.
 */
import { DRIVER_HISTORY_PAGE_SIZE, HISTORY_STATUSES, isDateKey } from '@jala/domain';
import { z } from 'zod';

import { zText } from '../core/text';
import { zPaymentMethod, zWalletPaymentStatus } from '../trips/payment';
import { historyPaging } from './passenger';

export const HISTORY_DATE_MESSAGE = 'Usa una fecha válida con el formato AAAA-MM-DD.';
export const HISTORY_DATE_ORDER_MESSAGE = 'La fecha «hasta» no puede ser anterior a la fecha «desde».';

/** A Lima calendar day, 'YYYY-MM-DD' ('2026-02-30' is refused). */
const zHistoryDay = zText({ error: HISTORY_DATE_MESSAGE, trim: false })
  .max(10, HISTORY_DATE_MESSAGE)
  .refine(isDateKey, HISTORY_DATE_MESSAGE);

/**
 * ?page=&per_page=&status=&from=&to= — `from` and `to` are Lima days, both included; either may be left out
 * (or sent empty). A range that ends before it starts is a 400 on `to`.
 */
export const zDriverTripHistoryQuery = z
  .object({
    ...historyPaging(DRIVER_HISTORY_PAGE_SIZE),
    from: z
      .union([z.literal(''), zHistoryDay], { error: HISTORY_DATE_MESSAGE })
      .optional()
      .transform((v) => v || undefined),
    to: z
      .union([z.literal(''), zHistoryDay], { error: HISTORY_DATE_MESSAGE })
      .optional()
      .transform((v) => v || undefined),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ['to'], message: HISTORY_DATE_ORDER_MESSAGE });
export type DriverTripHistoryQuery = z.output<typeof zDriverTripHistoryQuery>;

export const zDriverTripHistoryItem = z.object({
  id: z.number().int(),
  trip_code: z.string(),
  status: z.enum(HISTORY_STATUSES),
  /** When the trip ended (completed or cancelled), else when it was requested; ISO 8601. Orders and filters the list. */
  trip_date: z.string(),
  pickup_address: z.string(),
  destination_address: z.string(),
  /** 'Mototaxi' or 'Auto'. */
  service_type: z.string(),
  service_type_id: z.number().int(),
  /** The accepted offer's price (soles), binding; null when no offer was accepted. */
  agreed_fare: z.number().nullable(),
  /** What was charged: agreed plus accepted adjustments (soles); null unless completed. */
  final_fare: z.number().nullable(),
  estimated_fare: z.number(),
  distance_km: z.number(),
  duration_minutes: z.number().int(),
  payment_method: zPaymentMethod,
  /** Yape/Plin after the ride (pending, reported, confirmed, disputed, resolved_*); null for cash or no ride. */
  payment_status: zWalletPaymentStatus.nullable(),
  /** A completed Yape/Plin trip that waits for the driver's 'Pago recibido' or 'No recibí el pago'. */
  awaiting_payment_answer: z.boolean(),
  /** Only the first name: the driver's history is no address book of passengers. */
  passenger_first_name: z.string(),
  /** The score this driver gave the passenger, or null. */
  my_rating: z.number().int().nullable(),
  /** The score the passenger gave this driver for this trip, or null. */
  rating_received: z.number().int().nullable(),
});
export type DriverTripHistoryItem = z.infer<typeof zDriverTripHistoryItem>;

export const zDriverTripHistoryPage = z.object({
  trips: z.array(zDriverTripHistoryItem),
  page: z.number().int(),
  per_page: z.number().int(),
  /** Trips matching the filters. */
  total: z.number().int(),
  /** At least 1. */
  total_pages: z.number().int(),
  /** All of the driver's trips still waiting for their payment answer, whatever the filters. */
  awaiting_payment_answers: z.number().int(),
});
export type DriverTripHistoryPage = z.infer<typeof zDriverTripHistoryPage>;
