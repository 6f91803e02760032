import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  type ChartData,
  type ChartOptions,
  LinearScale,
  Tooltip,
} from 'chart.js';
import { useMemo, useRef } from 'react';
import { Bar } from 'react-chartjs-2';

// Only what a bar chart needs. This module is loaded lazily (kpis-panel.tsx): the console's first paint,
// and every other section, never pay for Chart.js.
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);

const BAR_COLOR = 'rgb(56, 189, 248)';

/** Room for each bar and its label's lines (about 14 px a line at Chart.js's 12 px font). */
function horizontalHeight(labels: readonly (string | string[])[]): number {
  const lines = labels.reduce<number>((sum, label) => sum + Math.max(2, Array.isArray(label) ? label.length : 1), 0);
  return Math.max(140, lines * 16 + labels.length * 8 + 40);
}

export interface KpiBarChartProps {
  /** What the chart shows, for screen readers (the table below gives the numbers). */
  title: string;
  /** One per bar; an array is a label on several lines (a horizontal chart on a phone has little room). */
  labels: (string | string[])[];
  values: number[];
  /** The tooltip text of a value ('12 viajes'). */
  format: (value: number) => string;
  horizontal?: boolean;
}

export function KpiBarChart({ title, labels, values, format, horizontal = false }: KpiBarChartProps) {
  const formatRef = useRef(format);
  formatRef.current = format;
  const figures = `${labels.join('|')}=${values.join(',')}`;
  // Data and options keep their identity while the figures do: react-chartjs-2 updates the chart whenever
  // either prop is a new object, and the panel re-renders for reasons of its own (a refetch starting).
  const data = useMemo<ChartData<'bar', number[], string | string[]>>(
    () => ({ labels, datasets: [{ label: title, data: values, backgroundColor: BAR_COLOR, borderRadius: 4 }] }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `figures` stands for labels and values
    [figures, title],
  );
  const options = useMemo<ChartOptions<'bar'>>(
    () => ({
      indexAxis: horizontal ? 'y' : 'x',
      responsive: true,
      maintainAspectRatio: false,
      animation: false,
      plugins: {
        legend: { display: false },
        tooltip: {
          callbacks: { label: (item) => formatRef.current(Number(horizontal ? item.parsed.x : item.parsed.y)) },
        },
      },
      scales: {
        x: { beginAtZero: true, ticks: { maxRotation: 0, autoSkip: true }, grid: { display: horizontal } },
        // Every bar of a horizontal chart keeps its label (Chart.js would skip those it finds too tall).
        y: { beginAtZero: true, ticks: { precision: 0, autoSkip: !horizontal }, grid: { display: !horizontal } },
      },
    }),
    [horizontal],
  );
  return (
    <div className="kpi-chart" style={{ height: horizontal ? horizontalHeight(labels) : 220 }}>
      {/* A new chart for new figures rather than an update in place: the figures change only with the filters. */}
      <Bar
        key={figures}
        role="img"
        aria-label={`Gráfico: ${title}. Los números están en la tabla de abajo.`}
        data={data}
        options={options}
      />
    </div>
  );
}
