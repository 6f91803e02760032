import { FARE_ADJUSTMENT_REASON_LABELS, type FareAdjustment } from '@jala/contracts';
import { formatLimaDateTime, formatSoles, tripStatusLabelForOperators } from '@jala/domain';

/** '23 nov 2026, 19:40' in Lima time: the app's one date format, the domain's. */
export function formatDateTime(iso: string): string {
  return formatLimaDateTime(iso);
}

/** A status of the story log: trip statuses by their Spanish label, plus 'published'. */
export function storyStatusLabel(status: string): string {
  if (status === 'published') return 'Publicado';
  if (status === 'cancelled') return 'Cancelado';
  // Scheduled rides: joined the live requests 30 minutes before, became active 20 minutes before.
  if (status === 'booking_live') return 'Programado: publicado en vivo';
  if (status === 'booking_active') return 'Programado: viaje activo';
  return tripStatusLabelForOperators(status);
}

export const AUDIT_ACTION_LABELS: Readonly<Record<string, string>> = {
  'operator.grant': 'Nuevo operador',
  'operator.revoke': 'Operador retirado',
  'driver.approve': 'Conductor aprobado',
  'driver.reject': 'Documentos rechazados',
  'user.suspend': 'Usuario suspendido',
  'user.reactivate': 'Usuario reactivado',
  'user.delete': 'Cuenta eliminada por su titular',
  'trip.cancel': 'Viaje cancelado',
  'alert.resolve': 'Alerta SOS resuelta',
  'ledger.top_up': 'Recarga de saldo registrada',
  'ledger.adjust': 'Saldo ajustado',
};

export const AUDIT_TARGET_LABELS: Readonly<Record<string, string>> = {
  user: 'usuario',
  driver: 'conductor',
  trip: 'viaje',
  alert: 'alerta',
};

export const OFFER_STATUS_LABELS: Readonly<Record<string, string>> = {
  pending: 'en espera',
  accepted: 'aceptada',
  rejected: 'no elegida',
  withdrawn: 'retirada',
};

const ADJUSTMENT_STATUS_LABELS: Readonly<Record<FareAdjustment['status'], string>> = {
  pending: 'sin respuesta',
  accepted: 'aceptado',
  refused: 'rechazado',
  lapsed: 'vencido',
};

/** '+S/ 3.50 · Peajes (aceptado)'. */
export function adjustmentSummary(adjustment: FareAdjustment): string {
  return `+${formatSoles(adjustment.amount)} · ${FARE_ADJUSTMENT_REASON_LABELS[adjustment.reason]} (${ADJUSTMENT_STATUS_LABELS[adjustment.status]})`;
}
