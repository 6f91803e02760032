import { describe, expect, it } from 'vitest';

import { CUSTOM_PERIOD, historyPeriods, periodOf, shiftDay } from '@/features/driver/model/history-periods';

describe("the periods of the driver's 'Mis viajes'", () => {
  it('moves a day key across months, years and leap days', () => {
    expect(shiftDay('2026-03-01', -1)).toBe('2026-02-28');
    expect(shiftDay('2024-03-01', -1)).toBe('2024-02-29');
    expect(shiftDay('2026-01-01', -1)).toBe('2025-12-31');
    expect(shiftDay('2026-12-31', 1)).toBe('2027-01-01');
  });

  it("offers today, yesterday, the last 7 and 30 days and the last 12 months by name, as of Lima's day", () => {
    // 2026-03-01T03:00Z is still 28 February in Lima.
    const periods = historyPeriods(new Date('2026-03-01T03:00:00Z'));
    const byValue = new Map(periods.map((p) => [p.value, p]));
    expect(byValue.get('todo')?.range).toEqual({ from: '', to: '' });
    expect(byValue.get('hoy')?.range).toEqual({ from: '2026-02-28', to: '2026-02-28' });
    expect(byValue.get('ayer')?.range).toEqual({ from: '2026-02-27', to: '2026-02-27' });
    expect(byValue.get('7-dias')?.range).toEqual({ from: '2026-02-22', to: '2026-02-28' });
    expect(byValue.get('30-dias')?.range).toEqual({ from: '2026-01-30', to: '2026-02-28' });
    const months = periods.filter((p) => /^\d{4}-\d{2}$/.test(p.value));
    expect(months).toHaveLength(12);
    expect(months[0]).toEqual({
      value: '2026-02',
      label: 'Febrero de 2026',
      range: { from: '2026-02-01', to: '2026-02-28' },
    });
    expect(months[1]).toMatchObject({ label: 'Enero de 2026', range: { from: '2026-01-01', to: '2026-01-31' } });
    expect(months[11]).toMatchObject({ label: 'Marzo de 2025', range: { from: '2025-03-01', to: '2025-03-31' } });
    expect(periods.at(-1)).toEqual({ value: CUSTOM_PERIOD, label: 'Elegir fechas…', range: null });
  });

  it('names the period a range stands for, and any other range as chosen dates', () => {
    const periods = historyPeriods(new Date('2026-03-10T15:00:00Z'));
    expect(periodOf(periods, { from: '', to: '' })).toBe('todo');
    expect(periodOf(periods, { from: '2026-03-10', to: '2026-03-10' })).toBe('hoy');
    expect(periodOf(periods, { from: '2026-02-01', to: '2026-02-28' })).toBe('2026-02');
    expect(periodOf(periods, { from: '2026-02-02', to: '2026-02-28' })).toBe(CUSTOM_PERIOD);
    expect(periodOf(periods, { from: '2026-02-02', to: '' })).toBe(CUSTOM_PERIOD);
  });
});
