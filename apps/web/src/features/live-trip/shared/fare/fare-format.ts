import { FARE_ADJUSTMENT_REASON_LABELS, type FareAdjustment } from '@jala/contracts';
import { formatSoles } from '@jala/domain';

/** '+S/ 3.50 · Peajes (Peaje de Evitamiento)'. */
export function adjustmentLabel(adjustment: Pick<FareAdjustment, 'amount' | 'reason' | 'note'>): string {
  const reason = FARE_ADJUSTMENT_REASON_LABELS[adjustment.reason];
  return `+${formatSoles(adjustment.amount)} · ${reason}${adjustment.note ? ` (${adjustment.note})` : ''}`;
}

export const pendingAdjustment = (adjustments: readonly FareAdjustment[]) => adjustments.find((a) => a.status === 'pending') ?? null;

/** The last answered adjustment, to tell the driver how the passenger answered. */
export const lastAnswered = (adjustments: readonly FareAdjustment[]) =>
  [...adjustments].reverse().find((a) => a.status === 'accepted' || a.status === 'refused') ?? null;

/** The agreed price plus the accepted adjustments: what the passenger will pay. */
export const bindingTotal = (agreed: number, adjustments: readonly FareAdjustment[]) =>
  Math.round((agreed + adjustments.filter((a) => a.status === 'accepted').reduce((sum, a) => sum + a.amount, 0)) * 100) / 100;
