import { lastNDaysKeys } from '@jala/domain';

/** The period presets of 'Indicadores'; 'custom' takes two dates. Days are Lima's. */
export type KpiPreset = 'today' | 'week' | 'month' | 'custom';

export const KPI_PRESETS: readonly { id: KpiPreset; label: string; days: number }[] = [
  { id: 'today', label: 'Hoy', days: 1 },
  { id: 'week', label: '7 días', days: 7 },
  { id: 'month', label: '30 días', days: 30 },
  { id: 'custom', label: 'Personalizado', days: 0 },
];

export interface KpiFilters {
  from: string;
  to: string;
  /** '' for the whole city. */
  district: string;
}

/** The first and last Lima day of a preset's period ending today. */
export function presetRange(
  preset: Exclude<KpiPreset, 'custom'>,
  now: Date = new Date(),
): { from: string; to: string } {
  const days = lastNDaysKeys(KPI_PRESETS.find((p) => p.id === preset)?.days ?? 1, now);
  return { from: days[0] as string, to: days[days.length - 1] as string };
}
