import { formatSoles } from '@jala/domain';

const INTEGER = new Intl.NumberFormat('es-PE', { maximumFractionDigits: 0 });
const DECIMAL = new Intl.NumberFormat('es-PE', { maximumFractionDigits: 1 });
const PERCENT = new Intl.NumberFormat('es-PE', { style: 'percent', maximumFractionDigits: 1 });

export const formatCount = (n: number) => INTEGER.format(n);
export const formatDecimal = (n: number) => DECIMAL.format(n);

/** 'part of whole' as a percentage ('—' when there is no whole). */
export const formatShare = (part: number, whole: number) => (whole > 0 ? PERCENT.format(part / whole) : '—');

/** A ratio such as agreed ÷ asked: '1,05 ×' reads as 5 % above ('—' when unknown). */
export const formatRatio = (ratio: number | null) =>
  ratio === null ? '—' : `${new Intl.NumberFormat('es-PE', { maximumFractionDigits: 2 }).format(ratio)} ×`;

/** Seconds as '45 s', '2 min 05 s', '1 h 03 min' ('—' when there was nothing to measure). */
export function formatWait(seconds: number | null): string {
  if (seconds === null) return '—';
  const s = Math.round(seconds);
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`;
  return `${Math.floor(s / 3600)} h ${String(Math.floor((s % 3600) / 60)).padStart(2, '0')} min`;
}

export const formatMoney = (soles: number | null) => (soles === null ? '—' : formatSoles(soles));

const METHOD_LABELS: Record<string, string> = { cash: 'Efectivo', yape: 'Yape', plin: 'Plin' };
export const paymentMethodLabel = (method: string) => METHOD_LABELS[method] ?? method;

export const SIDE_LABELS: Record<string, string> = { passenger: 'Pasajero', driver: 'Conductor', system: 'Sistema' };

/** The stored cancel reasons that are codes, in words; a person's own words are shown as written. */
const REASON_LABELS: Record<string, string> = {
  passenger_request: 'El pasajero canceló',
  driver_request: 'El conductor canceló',
  expired: 'Nadie ofertó a tiempo',
  operator: 'Cancelado por un operador',
  none: 'Sin motivo',
};
export const cancelReasonLabel = (reason: string) => REASON_LABELS[reason] ?? reason;
