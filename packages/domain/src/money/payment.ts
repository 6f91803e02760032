/**
 * How the passenger pays ("payment method, chosen before the ride"): cash (with the note they
 * will hand over, so the driver brings change), Yape or Plin (Peru's phone-number wallets, paid to the
 * driver's number at the end and confirmed by the driver). Pure rules shared by server and web.
 */
import { formatSoles, solesText } from './money';

export const PAYMENT_METHODS = ['cash', 'yape', 'plin'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = { cash: 'Efectivo', yape: 'Yape', plin: 'Plin' };

/** The methods a driver profile row accepts, in the canonical order. */
export function acceptedMethods(profile: {
  acceptsCash: boolean;
  acceptsYape: boolean;
  acceptsPlin: boolean;
}): PaymentMethod[] {
  return [profile.acceptsCash && 'cash', profile.acceptsYape && 'yape', profile.acceptsPlin && 'plin'].filter(
    (m): m is PaymentMethod => m !== false,
  );
}

/** The wallets: paid to the driver's phone number, so the driver must have given one. */
export const WALLET_METHODS = ['yape', 'plin'] as const satisfies readonly PaymentMethod[];
export type WalletMethod = (typeof WALLET_METHODS)[number];
export const isWalletMethod = (method: PaymentMethod): method is WalletMethod => method !== 'cash';

/** '¿Con cuánto pagarás?': the notes a passenger may name (soles); none means the exact amount. */
export const CASH_NOTES = [10, 20, 50, 100, 200] as const;
export type CashNote = (typeof CASH_NOTES)[number];
export const isCashNote = (value: number): value is CashNote => (CASH_NOTES as readonly number[]).includes(value);

/** 'No aceptas Yape': what a driver who does not take the trip's method reads (and the server answers). */
export function methodNotAcceptedMessage(method: PaymentMethod): string {
  return method === 'cash' ? 'No aceptas efectivo' : `No aceptas ${PAYMENT_METHOD_LABELS[method]}`;
}

/**
 * The driver's fare line on the live trip: 'Cobrarás (efectivo)', 'Cobrarás (Yape)', 'Cobrarás (Plin)' —
 * the trip's own method, so a Yape trip never tells the driver to collect cash.
 */
export function chargeLabel(method: PaymentMethod): string {
  return `Cobrarás (${method === 'cash' ? 'efectivo' : PAYMENT_METHOD_LABELS[method]})`;
}

/** A note as people name it: 'S/ 50' (notes are whole soles). */
export const cashNoteLabel = (noteSoles: number): string => solesText(noteSoles);

/** A cash note too small for the price at request time: the Spanish message under the field. */
export function cashNoteTooSmallMessage(noteSoles: number, priceCents: number): string {
  return `Con ${cashNoteLabel(noteSoles)} no alcanza para ${formatSoles(priceCents / 100)}. Elige un billete mayor o monto exacto.`;
}

/** What the driver hands back for a cash trip: exact, the change, or how much the note falls short. */
export type CashChange =
  | { kind: 'exact' }
  | { kind: 'change'; noteCents: number; changeCents: number }
  | { kind: 'short'; noteCents: number; shortCents: number };

/** Change for `fareCents` paid with a note of `noteSoles` (null: the exact amount). */
export function cashChange(noteSoles: number | null, fareCents: number): CashChange {
  if (noteSoles == null) return { kind: 'exact' };
  const noteCents = Math.round(noteSoles * 100);
  return noteCents >= fareCents
    ? { kind: 'change', noteCents, changeCents: noteCents - fareCents }
    : { kind: 'short', noteCents, shortCents: fareCents - noteCents };
}

/**
 * The driver's line: 'Pagará con S/ 50.00 · lleva S/ 35.50 de vuelto', 'Pagará con el monto exacto', or —
 * when an accepted fare change outgrew the note — 'Pagará con S/ 20.00 · no alcanza: faltan S/ 3.50'.
 */
export function cashChangeText(change: CashChange): string {
  switch (change.kind) {
    case 'exact':
      return 'Pagará con el monto exacto';
    case 'change':
      return change.changeCents === 0
        ? `Pagará con ${cashNoteLabel(change.noteCents / 100)} · sin vuelto`
        : `Pagará con ${cashNoteLabel(change.noteCents / 100)} · lleva ${formatSoles(change.changeCents / 100)} de vuelto`;
    case 'short':
      return `Pagará con ${cashNoteLabel(change.noteCents / 100)} · no alcanza: faltan ${formatSoles(change.shortCents / 100)}`;
  }
}

/**
 * A Yape/Plin payment after the ride: `pending` until the passenger taps 'Ya pagué' (`reported`), then the
 * driver's 'Pago recibido' (`confirmed`) or 'No recibí el pago' (`disputed`: a case operators resolve as
 * `resolved_paid` or `resolved_unpaid`). Cash trips have no such state (null).
 */
export const WALLET_PAYMENT_STATUSES = [
  'pending',
  'reported',
  'confirmed',
  'disputed',
  'resolved_paid',
  'resolved_unpaid',
] as const;
export type WalletPaymentStatus = (typeof WALLET_PAYMENT_STATUSES)[number];

/** The passenger may say 'Ya pagué' until the driver has answered. */
export const canReportPaid = (status: WalletPaymentStatus | null) => status === 'pending';
/** The driver answers 'Pago recibido' or 'No recibí el pago' once, before any case. */
export const canDriverAnswerPayment = (status: WalletPaymentStatus | null) =>
  status === 'pending' || status === 'reported';

/**
 * The receipt's payment line: 'Pagado con Yape · confirmado por el conductor', 'Yape · pendiente de
 * confirmación', 'Efectivo · pagó con S/ 50 · vuelto S/ 35.50', …
 */
export function paymentReceiptText(
  method: PaymentMethod,
  status: WalletPaymentStatus | null,
  change: CashChange = { kind: 'exact' },
): string {
  if (!isWalletMethod(method)) {
    if (change.kind === 'exact') return 'Efectivo';
    const paid = `Efectivo · pagó con ${cashNoteLabel(change.noteCents / 100)}`;
    return change.kind === 'change' ? `${paid} · vuelto ${formatSoles(change.changeCents / 100)}` : paid;
  }
  const label = PAYMENT_METHOD_LABELS[method];
  switch (status) {
    case 'confirmed':
      return `Pagado con ${label} · confirmado por el conductor`;
    case 'resolved_paid':
      return `Pagado con ${label} · confirmado por Jala`;
    case 'disputed':
      return `${label} · pago en revisión por Jala`;
    case 'resolved_unpaid':
      return `${label} · pago no recibido`;
    default:
      return `${label} · pendiente de confirmación`;
  }
}

/**
 * A 'Ya pagué' the driver has not answered yet: what the driver reads wherever they are (the banner of every
 * driver screen, the push): 'Ana dice que ya te pagó S/ 38.00 por Yape.'
 */
export function paymentClaimText(passengerFirstName: string, amountSoles: number, method: WalletMethod): string {
  return `${passengerFirstName} dice que ya te pagó ${formatSoles(amountSoles)} por ${PAYMENT_METHOD_LABELS[method]}.`;
}

/**
 * Reminders to the driver while a 'Ya pagué' stays unanswered, in minutes after the passenger's tap, in
 * order: a driver who missed the first push is told again, a few times at most (never a stream of pushes).
 */
export const PAYMENT_REMINDER_MINUTES = Object.freeze([10, 60, 180] as const);
