import { describe, expect, it } from 'vitest';

import {
  EARNINGS_LINE_COLOR,
  earningsAxisLabel,
  earningsChartData,
  earningsChartOptions,
  earningsTooltipLabel,
  shortDayLabel,
} from '@/features/driver/components/earnings-chart-config';
import { formatDateTime, formatHours, formatRate, vehicleOptionLabel } from '@/features/driver/model/driver-format';

describe('driver display rules', () => {
  it('formats rates as es-PE percentages, and no measure as "—"', () => {
    expect(formatRate(75)).toBe('75%');
    expect(formatRate(66.7)).toBe('66.7%');
    expect(formatRate(0)).toBe('0%');
    expect(formatRate(null)).toBe('—');
  });

  it('formats online hours in hours and minutes', () => {
    expect(formatHours(0)).toBe('0 h');
    expect(formatHours(4)).toBe('4 h');
    expect(formatHours(1.5)).toBe('1 h 30 min');
    expect(formatHours(0.33)).toBe('20 min');
  });

  it('shows the last change in Lima time', () => {
    // The app's one date format (the domain's), year in full and 24 hours.
    expect(formatDateTime('2026-03-10T15:00:00.000Z')).toBe('10 mar 2026, 10:00');
    expect(formatDateTime(null)).toBe('—');
  });

  it('labels a vehicle option with brand, model and plate', () => {
    expect(vehicleOptionLabel({ brand: 'Toyota', model: 'Yaris', license_plate: 'ABC-123' })).toBe(
      'Toyota Yaris ABC-123',
    );
  });
});

describe('earnings chart configuration (spec §2, §9)', () => {
  const records = [
    { date: '2026-03-09', earnings: 15 },
    { date: '2026-03-10', earnings: 32.5 },
  ];

  it('plots the dates as labels and the earnings as the "Ganancias" dataset, a light-blue smooth line', () => {
    const data = earningsChartData(records);
    expect(data.labels).toEqual(['2026-03-09', '2026-03-10']);
    expect(data.datasets).toHaveLength(1);
    expect(data.datasets[0]).toMatchObject({
      label: 'Ganancias',
      data: [15, 32.5],
      tension: 0.4,
      borderColor: EARNINGS_LINE_COLOR,
    });
  });

  it('has no legend, a fixed-height container and a tooltip with "S/ " and two decimals', () => {
    const options = earningsChartOptions();
    expect(options.plugins?.legend?.display).toBe(false);
    expect(options.maintainAspectRatio).toBe(false);
    expect(earningsTooltipLabel(32.5)).toBe('S/\u00a032.50');
    expect(earningsTooltipLabel(0)).toBe('S/\u00a00.00');
    const label = options.plugins?.tooltip?.callbacks?.label as unknown as (item: { parsed: { y: number } }) => string;
    expect(label({ parsed: { y: 7 } })).toBe('S/\u00a07.00');
    expect(shortDayLabel('2026-03-10')).toBe('10/03');
    // The tooltip's title is the day as the axis shows it, not the ISO date.
    const title = options.plugins?.tooltip?.callbacks?.title as unknown as (items: { label: string }[]) => string;
    expect(title([{ label: '2026-03-10' }])).toBe('10/03');
  });

  it('counts the y axis in whole soles, from 0 to at least S/ 10 on an empty month', () => {
    const y = earningsChartOptions().scales?.y as {
      beginAtZero?: boolean;
      suggestedMax?: number;
      ticks?: { precision?: number };
    };
    expect(y).toMatchObject({ beginAtZero: true, suggestedMax: 10, ticks: { precision: 0 } });
    expect(earningsAxisLabel(5)).toBe('S/\u00a05');
  });
});
