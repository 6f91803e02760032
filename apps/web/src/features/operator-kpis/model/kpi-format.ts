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

/**
 * A chart label on lines of at most `width` characters, broken between words, and at most `maxLines` of them
 * (the last one cut with '…'): a horizontal chart on a 360 px phone gives its labels under half the width.
 */
export function labelLines(text: string, width = 22, maxLines = 2): string[] {
  const lines: string[] = [];
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const last = lines[lines.length - 1];
    if (last !== undefined && last.length + 1 + word.length <= width) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  const cut = (line: string) => (line.length > width ? `${line.slice(0, width - 1)}…` : line);
  if (lines.length <= maxLines) return lines.map(cut);
  const kept = lines.slice(0, maxLines);
  const last = kept[maxLines - 1]!;
  // Room for the '…': drop the line's last word rather than cut into it.
  const space = last.lastIndexOf(' ');
  kept[maxLines - 1] = `${last.length + 1 > width && space > 0 ? last.slice(0, space) : last}…`;
  return kept.map(cut);
}
