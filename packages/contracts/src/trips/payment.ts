/**
 * Payment method, chosen before the ride: what the passenger picks in the wizard, what the driver
 * accepts in their profile, how both phones read it on a trip, and the Yape/Plin confirmations and cases.
 */
import {
  CASH_NOTES,
  isCashNote,
  isValidPeruvianPhone,
  PAYMENT_METHODS,
  WALLET_METHODS,
  WALLET_PAYMENT_STATUSES,
} from '@jala/domain';
import { z } from 'zod';

import { zText } from '../core/text';

export const zPaymentMethod = z.enum(PAYMENT_METHODS, { error: 'Elige cómo pagarás: efectivo, Yape o Plin.' });

/** '¿Con cuánto pagarás?': one of the listed notes; null (or absent) is the exact amount. */
export const zCashNote = z
  .number({ error: `Elige un billete: ${CASH_NOTES.join(', ')} o monto exacto.` })
  .refine(isCashNote, `Elige un billete: ${CASH_NOTES.join(', ')} o monto exacto.`);

export const zWalletPaymentStatus = z.enum(WALLET_PAYMENT_STATUSES);

/** The driver's change for a cash trip, from the binding price (agreed plus accepted adjustments). */
export const zCashChange = z.object({
  kind: z.enum(['exact', 'change', 'short']),
  /** Soles to hand back ('change'); null otherwise. */
  change: z.number().nullable(),
  /** Soles the note falls short of the price ('short': an accepted fare change outgrew it); null otherwise. */
  short: z.number().nullable(),
  /** 'Pagará con S/ 50 · lleva S/ 35.50 de vuelto'. */
  text: z.string(),
});
export type CashChange = z.infer<typeof zCashChange>;

/** How a trip is paid, as both phones read it. */
export const zTripPayment = z.object({
  method: zPaymentMethod,
  cash_note: z.number().int().nullable(),
  /** Cash trips with a driver's price known (the driver's side and the receipt); null otherwise. */
  cash_change: zCashChange.nullable(),
  /** Yape/Plin after the ride; null for cash. */
  status: zWalletPaymentStatus.nullable(),
  /** Yape/Plin: whom to pay — only in the answer of that trip's passenger, once a driver accepted. */
  payee: z.object({ name: z.string(), phone: z.string() }).nullable(),
});
export type TripPayment = z.infer<typeof zTripPayment>;

/** GET/PUT /driver/payment-methods: what the driver accepts and the number their Yape/Plin is on. */
export const zDriverPaymentSettings = z.object({
  payment_methods: z.array(zPaymentMethod),
  wallet_phone: z.string().nullable(),
});
export type DriverPaymentSettings = z.infer<typeof zDriverPaymentSettings>;

export const WALLET_PHONE_MESSAGE = 'Ingresa el celular de tu Yape o Plin: 9 dígitos que empiecen con 9.';
export const NO_METHOD_MESSAGE = 'Elige al menos un método de pago.';

export const zUpdatePaymentSettingsRequest = z
  .object({
    payment_methods: z
      .array(zPaymentMethod)
      .min(1, NO_METHOD_MESSAGE)
      .max(PAYMENT_METHODS.length)
      .refine((methods) => new Set(methods).size === methods.length, 'Cada método va una sola vez.'),
    wallet_phone: zText({ trim: false }).max(30, WALLET_PHONE_MESSAGE).nullish(),
  })
  .superRefine((v, ctx) => {
    const needsPhone = v.payment_methods.some((m) => (WALLET_METHODS as readonly string[]).includes(m));
    if (needsPhone && !(v.wallet_phone && isValidPeruvianPhone(v.wallet_phone))) {
      ctx.addIssue({ code: 'custom', path: ['wallet_phone'], message: WALLET_PHONE_MESSAGE });
    }
  });
export type UpdatePaymentSettingsRequest = z.infer<typeof zUpdatePaymentSettingsRequest>;

/** The answer of 'Ya pagué', 'Pago recibido' and 'No recibí el pago'. */
export const zPaymentState = z.object({
  trip_id: z.number().int(),
  method: zPaymentMethod,
  status: zWalletPaymentStatus,
  /** The case opened by 'No recibí el pago'. */
  case_id: z.number().int().nullable(),
});
export type PaymentState = z.infer<typeof zPaymentState>;

/**
 * GET /driver/pending-payments: the driver's Yape/Plin trips whose passenger said 'Ya pagué' and that wait
 * for the driver's answer, oldest claim first. Every driver screen shows them until answered, so a claim
 * made after the driver left the trip is never lost. The passenger's first name only, never a number.
 */
export const zPendingPayment = z.object({
  trip_id: z.number().int(),
  method: z.enum(WALLET_METHODS),
  /** Soles the passenger says they paid (the trip's final fare). */
  amount: z.number(),
  passenger_first_name: z.string(),
  /** When the passenger tapped 'Ya pagué'. */
  reported_at: z.string(),
});
export type PendingPayment = z.infer<typeof zPendingPayment>;

/**
 * notifications/{driver} (only that driver subscribes; only the server publishes): a Yape/Plin payment of
 * one of the driver's trips moved ('Ya pagué', the driver's answer on any of their phones, an operator's
 * resolution). The app reads GET /driver/pending-payments again; the message carries no amount or name.
 */
export const zPaymentNews = z.object({
  type: z.literal('payment_changed'),
  trip_id: z.number().int(),
  payment_status: zWalletPaymentStatus,
});
export type PaymentNews = z.infer<typeof zPaymentNews>;

// ----------------------------------------------------------------------------- operators' cases

export const zPaymentCasesQuery = z.object({
  state: z.enum(['open', 'resolved'], { error: 'Valor no válido.' }).optional(),
});

export const zPaymentCase = z.object({
  id: z.number().int(),
  trip_id: z.number().int(),
  trip_code: z.string(),
  method: z.enum(WALLET_METHODS),
  amount: z.number(),
  passenger: z.object({ id: z.number().int(), name: z.string(), phone: z.string().nullable() }),
  driver: z.object({ id: z.number().int(), name: z.string(), phone: z.string().nullable() }),
  /** When the passenger tapped 'Ya pagué' (null: never did). */
  reported_paid_at: z.string().nullable(),
  opened_at: z.string(),
  status: z.enum(['open', 'resolved']),
  outcome: z.enum(['paid', 'unpaid']).nullable(),
  resolution_note: z.string().nullable(),
  resolved_at: z.string().nullable(),
});
export type PaymentCase = z.infer<typeof zPaymentCase>;

export const PAYMENT_CASE_OUTCOME_LABELS = { paid: 'Sí se pagó', unpaid: 'No se pagó' } as const;

export const zResolvePaymentCaseRequest = z.object({
  outcome: z.enum(['paid', 'unpaid'], { error: 'Indica si el pago se hizo.' }),
  note: zText({ error: 'Escribe cómo se resolvió el caso.', multiline: true })
    .min(3, 'Escribe cómo se resolvió el caso.')
    .max(1000, 'La nota es demasiado larga (máximo 1000 caracteres).'),
});
