/**
 * 'Saldo con Jala': the driver's prepaid balance with the platform. Each completed trip with a fee debits it,
 * an operator's top-up (after the driver paid Jala by Yape) or adjustment changes it. Amounts in soles.
 */
import { z } from 'zod';

import { zText } from '../core/text';

export const LEDGER_ENTRY_KINDS = ['trip_fee', 'top_up', 'adjustment'] as const;
export type LedgerEntryKind = (typeof LEDGER_ENTRY_KINDS)[number];

export const LEDGER_ENTRY_LABELS: Readonly<Record<LedgerEntryKind, string>> = {
  trip_fee: 'Comisión del viaje',
  top_up: 'Recarga',
  adjustment: 'Ajuste',
};

export const zLedgerEntry = z.object({
  id: z.number().int(),
  kind: z.enum(LEDGER_ENTRY_KINDS),
  /** Signed soles: a fee is negative, a top-up positive, an adjustment either. */
  amount: z.number(),
  /** A fee's trip, its code as receipts show it. */
  trip_id: z.number().int().nullable(),
  trip_code: z.string().nullable(),
  /** A top-up's Yape operation number. */
  reference: z.string().nullable(),
  /** An adjustment's reason. */
  reason: z.string().nullable(),
  created_at: z.string(),
});
export type LedgerEntry = z.infer<typeof zLedgerEntry>;

/** GET /driver/ledger and GET /admin/drivers/{id}/ledger: balance, floor and the newest entries. */
export const zDriverLedger = z.object({
  driver_id: z.number().int(),
  balance: z.number(),
  /** DRIVER_MIN_BALANCE; null when there is no floor. */
  min_balance: z.number().nullable(),
  /** How much to top up to take requests again; 0 when the balance is at or above the floor. */
  short_by: z.number(),
  /** Newest first, at most LEDGER_PAGE_SIZE. */
  entries: z.array(zLedgerEntry),
});
export type DriverLedger = z.infer<typeof zDriverLedger>;

export const LEDGER_PAGE_SIZE = 200;

const zLedgerAmount = (max: number) =>
  z
    .number({ error: 'El monto debe ser un número.' })
    .refine((n) => Number.isFinite(n) && Math.abs(n) <= max, `El monto no puede pasar de S/ ${max}.`)
    .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, 'El monto admite como máximo dos decimales.')
    .refine((n) => Math.round(n * 100) !== 0, 'El monto no puede ser cero.');

/** POST /admin/drivers/{id}/ledger/top-ups: what the driver paid Jala by Yape, with its operation number. */
export const zLedgerTopUpRequest = z.object({
  reference: zText({ error: 'Escribe el número de operación de Yape.' })
    .min(1, 'Escribe el número de operación de Yape.')
    .regex(/^[A-Za-z0-9-]{4,30}$/, 'El número de operación debe tener de 4 a 30 letras o dígitos.'),
  amount: zLedgerAmount(2000).refine((n) => n > 0, 'La recarga debe ser mayor que cero.'),
});
export type LedgerTopUpRequest = z.infer<typeof zLedgerTopUpRequest>;

/** POST /admin/drivers/{id}/ledger/adjustments: a correction of either sign, always with its reason. */
export const zLedgerAdjustmentRequest = z.object({
  amount: zLedgerAmount(2000),
  reason: zText({ error: 'Escribe el motivo del ajuste.', multiline: true })
    .min(3, 'Escribe el motivo del ajuste.')
    .max(500, 'El motivo es demasiado largo (máximo 500 caracteres).'),
});
export type LedgerAdjustmentRequest = z.infer<typeof zLedgerAdjustmentRequest>;
