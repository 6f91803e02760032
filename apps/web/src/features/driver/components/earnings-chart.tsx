import type { EarningsRecord } from '@jala/contracts';
import { EARNINGS_CHART_HEIGHT_PX } from '@jala/domain';
import {
  CategoryScale,
  Chart,
  Filler,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';
import { Line } from 'react-chartjs-2';

import { earningsChartData, earningsChartOptions } from './earnings-chart-config';

// Only what a line chart needs (no Legend plugin: the chart has none). Loaded with the earnings route only.
Chart.register(LineController, LineElement, PointElement, CategoryScale, LinearScale, Tooltip, Filler);

/** 'Historial 30 días' (spec §2, §9). */
export function EarningsChart({ records }: { records: readonly EarningsRecord[] }) {
  return (
    <section className="card stack stack--loose drv-chart-card" aria-labelledby="drv-chart-title">
      <h2 className="drv-section__title" id="drv-chart-title">
        Historial 30 días
      </h2>
      <div className="drv-chart" style={{ height: EARNINGS_CHART_HEIGHT_PX }}>
        <Line
          data={earningsChartData(records)}
          options={earningsChartOptions()}
          aria-label="Ganancias por día de los últimos 30 días"
          role="img"
        />
      </div>
    </section>
  );
}
