/**
 * The driver's 'Mis viajes' (trip history): how the driver's side names a finished trip, its filters and its
 * payment state. The passenger's history reads a cancellation from the passenger's side ('Cancelado por ti'
 * is the passenger's own); the driver's reads the same statuses from theirs. Pure rules shared by server and web.
 */
import {
  canDriverAnswerPayment,
  isWalletMethod,
  PAYMENT_METHOD_LABELS,
  type PaymentMethod,
  type WalletPaymentStatus,
} from '../money/payment';
import type { HistoryStatus, HistoryStatusFilterValue, StatusBadge } from './trip-status';

/** Trips per page of the driver's history: a phone shows a handful, 'Cargar más' brings the next ones. */
export const DRIVER_HISTORY_PAGE_SIZE = 10;

const DRIVER_STATUS_LABELS: Readonly<Record<HistoryStatus, string>> = Object.freeze({
  completed: 'Completado',
  cancelled_by_passenger: 'Cancelado por el pasajero',
  cancelled_by_driver: 'Cancelado por ti',
  cancelled_by_system: 'Cancelado por el sistema',
});

/** Spanish label of a finished trip as its driver reads it; 'Otro' for anything unknown. */
export function driverTripStatusLabel(status: string): string {
  return (DRIVER_STATUS_LABELS as Record<string, string>)[status] ?? 'Otro';
}

/** Badge tone: the driver's own cancellation warns (it counts in their completion rate), the passenger's is red. */
export function driverHistoryStatusBadge(status: string): StatusBadge {
  switch (status) {
    case 'completed':
      return 'success';
    case 'cancelled_by_driver':
      return 'warning';
    case 'cancelled_by_passenger':
      return 'danger';
    default:
      return 'neutral';
  }
}

/** The driver's filter pills ('' means every finished trip), in an order that fits two rows on a 360 px phone. */
export const DRIVER_HISTORY_STATUS_FILTERS: ReadonlyArray<
  Readonly<{ value: HistoryStatusFilterValue; label: string }>
> = Object.freeze([
  Object.freeze({ value: '', label: 'Todos' }),
  Object.freeze({ value: 'completed', label: 'Completados' }),
  Object.freeze({ value: 'cancelled_by_driver', label: 'Por ti' }),
  Object.freeze({ value: 'cancelled_by_passenger', label: 'Por pasajero' }),
  Object.freeze({ value: 'cancelled_by_system', label: 'Por sistema' }),
] as const);

/**
 * A completed Yape/Plin trip whose driver has not said 'Pago recibido' or 'No recibí el pago' yet: the one
 * thing in the history that waits for the driver.
 */
export function isAwaitingDriverPaymentAnswer(
  tripStatus: string,
  method: PaymentMethod,
  status: WalletPaymentStatus | null,
): boolean {
  return tripStatus === 'completed' && isWalletMethod(method) && canDriverAnswerPayment(status ?? 'pending');
}

/**
 * The payment as a history card tells the driver: 'Efectivo', 'Yape · por confirmar', 'Plin · el pasajero
 * avisó que pagó', 'Yape · confirmado', 'Yape · no recibido, en revisión', … A trip that did not end in a ride
 * charged nothing: only the method the passenger had chosen.
 */
export function driverPaymentText(
  tripStatus: string,
  method: PaymentMethod,
  status: WalletPaymentStatus | null,
): string {
  const label = PAYMENT_METHOD_LABELS[method];
  if (tripStatus !== 'completed' || !isWalletMethod(method)) return label;
  switch (status) {
    case 'reported':
      return `${label} · el pasajero avisó que pagó`;
    case 'confirmed':
      return `${label} · confirmado`;
    case 'disputed':
      return `${label} · no recibido, en revisión`;
    case 'resolved_paid':
      return `${label} · pagado (revisado por Jala)`;
    case 'resolved_unpaid':
      return `${label} · no pagado (revisado por Jala)`;
    default:
      return `${label} · por confirmar`;
  }
}
