import { type FareAdjustment, fareAdjustmentLabel } from '@jala/contracts';

/** '+S/ 3.50 · Peajes (Peaje de Evitamiento)' (the contracts' label, shared with the PDF receipt). */
export const adjustmentLabel = fareAdjustmentLabel;

export const pendingAdjustment = (adjustments: readonly FareAdjustment[]) =>
  adjustments.find((a) => a.status === 'pending') ?? null;

/** The last answered adjustment, to tell the driver how the passenger answered. */
export const lastAnswered = (adjustments: readonly FareAdjustment[]) =>
  [...adjustments].reverse().find((a) => a.status === 'accepted' || a.status === 'refused') ?? null;

/** The agreed price plus the accepted adjustments: what the passenger will pay. */
export const bindingTotal = (agreed: number, adjustments: readonly FareAdjustment[]) =>
  Math.round(
    (agreed + adjustments.filter((a) => a.status === 'accepted').reduce((sum, a) => sum + a.amount, 0)) * 100,
  ) / 100;
