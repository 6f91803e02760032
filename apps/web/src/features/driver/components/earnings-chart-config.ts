import type { EarningsRecord } from '@jala/contracts';
import { EARNINGS_CHART_TENSION, formatSoles, solesText } from '@jala/domain';
import type { ChartData, ChartOptions } from 'chart.js';

/** Light blue of the spec's chart line. */
export const EARNINGS_LINE_COLOR = 'rgb(56, 189, 248)';
const EARNINGS_FILL_COLOR = 'rgba(56, 189, 248, 0.15)';

/** The tooltip text: 'S/ ' plus two decimals. */
export function earningsTooltipLabel(value: number): string {
  return formatSoles(value);
}

/** The y axis counts whole soles ('S/ 0', 'S/ 5'): never 0.5 / 1.0 steps, even on an empty month. */
export function earningsAxisLabel(value: number): string {
  return solesText(value);
}

/** '2026-03-10' → '10/03' for the axis (the data label stays the date). */
export function shortDayLabel(date: string): string {
  const [, month, day] = date.split('-');
  return month && day ? `${day}/${month}` : date;
}

/** Data of the 'Historial 30 días' line: labels are the dates, values the earnings, dataset 'Ganancias'. */
export function earningsChartData(records: readonly EarningsRecord[]): ChartData<'line', number[], string> {
  return {
    labels: records.map((r) => r.date),
    datasets: [
      {
        label: 'Ganancias',
        data: records.map((r) => r.earnings),
        borderColor: EARNINGS_LINE_COLOR,
        backgroundColor: EARNINGS_FILL_COLOR,
        fill: true,
        tension: EARNINGS_CHART_TENSION,
        pointRadius: 2,
        borderWidth: 2,
      },
    ],
  };
}

/** Fixed-height, legend-free line chart options (spec §9). */
export function earningsChartOptions(): ChartOptions<'line'> {
  return {
    responsive: true,
    maintainAspectRatio: false,
    animation: false,
    plugins: {
      legend: { display: false },
      tooltip: {
        callbacks: {
          // The title is the day as the axis writes it (dd/mm), not the ISO date of the data.
          title: (items) => (items[0] ? shortDayLabel(String(items[0].label)) : ''),
          label: (item) => earningsTooltipLabel(Number(item.parsed.y ?? 0)),
        },
      },
    },
    scales: {
      x: {
        grid: { display: false },
        ticks: {
          maxRotation: 0,
          autoSkip: true,
          maxTicksLimit: 6,
          callback(value) {
            return shortDayLabel(String(this.getLabelForValue(Number(value))));
          },
        },
      },
      // An empty month: 0…S/ 10 instead of Chart.js's default 0…1 in 0.5 steps.
      y: {
        beginAtZero: true,
        suggestedMax: 10,
        ticks: { maxTicksLimit: 4, precision: 0, callback: (value) => earningsAxisLabel(Number(value)) },
      },
    },
  };
}
