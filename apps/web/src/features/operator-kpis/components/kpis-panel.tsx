import '../operator-kpis.css';

import type { Kpis } from '@jala/contracts';
import { formatLimaDate } from '@jala/domain';
import { lazy, type ReactNode, Suspense, useState } from 'react';

import { errorMessage, isApiError } from '@/lib/api/api-client';

import { useKpis } from '../hooks/use-kpis';
import {
  cancelReasonLabel,
  formatCount,
  formatMoney,
  formatShare,
  formatWait,
  labelLines,
  paymentMethodLabel,
  SIDE_LABELS,
} from '../model/kpi-format';
import { type KpiFilters, presetRange } from '../model/kpi-period';
import { hourLabel, type KpiTable, kpiTables } from '../model/kpi-tables';
import type { KpiBarChartProps } from './kpi-bar-chart';
import { KpiFiltersBar, type KpiFilterState } from './kpi-filters';
import { KpiTableView } from './kpi-table-view';
import { UnmatchedMap } from './unmatched-map';

// Chart.js arrives with the first chart, not with the console.
const KpiBarChart = lazy(async () => ({ default: (await import('./kpi-bar-chart')).KpiBarChart }));

function Chart(props: KpiBarChartProps) {
  return (
    <Suspense fallback={<p className="ops-muted">Cargando gráfico…</p>}>
      <KpiBarChart {...props} />
    </Suspense>
  );
}

function filtersOf(state: KpiFilterState): KpiFilters {
  const range = state.preset === 'custom' ? { from: state.from, to: state.to } : presetRange(state.preset);
  return { ...range, district: state.district };
}

const trips = (n: number) => `${formatCount(n)} ${n === 1 ? 'viaje' : 'viajes'}`;

/** One chart (or map) over its table and the table's CSV. */
function KpiSection({ table, period, children }: { table: KpiTable; period: Kpis['period']; children?: ReactNode }) {
  return (
    <section className="card stack kpi-section" aria-labelledby={`kpi-${table.id}`}>
      <h3 className="kpi-section__title" id={`kpi-${table.id}`}>
        {table.title}
      </h3>
      {table.rows.length > 0 && children}
      <KpiTableView table={table} period={period} />
    </section>
  );
}

function Summary({ k }: { k: Kpis }) {
  const { total, with_offer, accepted, completed } = k.requests;
  const stats: [string, string][] = [
    ['Solicitudes', formatCount(total)],
    ['Con oferta', formatShare(with_offer, total)],
    ['Aceptadas', formatShare(accepted, total)],
    ['Completadas', formatCount(completed)],
    ['Primera oferta (mediana)', formatWait(k.waits.first_offer_median)],
    ['Precio acordado (mediana)', formatMoney(k.prices.agreed_median)],
    ['Pasajeros activos', formatCount(k.active_passengers)],
    ['Alertas SOS', formatCount(k.sos.total)],
  ];
  return (
    <div className="ops-stats" aria-label="Resumen del período">
      {stats.map(([label, value]) => (
        <p key={label} className="ops-stat">
          <strong>{value}</strong> {label}
        </p>
      ))}
    </div>
  );
}

function Figures({ k }: { k: Kpis }) {
  const [requests, waits, cancellations, attendance, prices, payments, cases, online, unmatched] = kpiTables(k) as [
    KpiTable,
    KpiTable,
    KpiTable,
    KpiTable,
    KpiTable,
    KpiTable,
    KpiTable,
    KpiTable,
    KpiTable,
  ];
  const period = k.period;
  return (
    <>
      <Summary k={k} />
      <KpiSection table={requests} period={period}>
        <Chart
          title="Solicitudes, con oferta, aceptadas y completadas"
          labels={['Solicitudes', 'Con oferta', 'Aceptadas', 'Completadas']}
          values={[k.requests.total, k.requests.with_offer, k.requests.accepted, k.requests.completed]}
          format={trips}
        />
      </KpiSection>
      <KpiSection table={waits} period={period} />
      <KpiSection table={cancellations} period={period}>
        <Chart
          title="Cancelaciones por lado y motivo"
          labels={k.cancellations.map((c) => [
            SIDE_LABELS[c.side] ?? c.side,
            ...labelLines(cancelReasonLabel(c.reason)),
          ])}
          values={k.cancellations.map((c) => c.trips)}
          format={trips}
          horizontal
        />
      </KpiSection>
      <KpiSection table={attendance} period={period} />
      <KpiSection table={prices} period={period} />
      <KpiSection table={payments} period={period}>
        <Chart
          title="Viajes completados por método de pago"
          labels={k.payment_methods.map((m) => paymentMethodLabel(m.method))}
          values={k.payment_methods.map((m) => m.trips)}
          format={trips}
        />
      </KpiSection>
      <KpiSection table={cases} period={period} />
      <KpiSection table={online} period={period}>
        <Chart
          title="Conductores en línea por hora del día (promedio por día)"
          labels={k.drivers_online.map((h) => hourLabel(h.hour))}
          values={k.drivers_online.map((h) => h.average)}
          format={(n) => `${n.toLocaleString('es-PE')} conductores`}
        />
      </KpiSection>
      <KpiSection table={unmatched} period={period}>
        <UnmatchedMap cells={k.unmatched_cells} />
      </KpiSection>
    </>
  );
}

/** 'Indicadores': the city in numbers for a period and a district, each chart with its table and CSV. */
export function KpisPanel() {
  const [state, setState] = useState<KpiFilterState>({ preset: 'today', from: '', to: '', district: '' });
  const filters = filtersOf(state);
  const { data, error, isPending, isFetching } = useKpis(filters);
  const fields = isApiError(error) ? error.fields : undefined;
  const fieldError = (name: string) => fields?.[name] ?? fields?.[`query.${name}`];
  return (
    <div className="stack stack--loose kpi-panel">
      <KpiFiltersBar
        value={state}
        onChange={setState}
        districts={data?.districts ?? []}
        errors={{ from: fieldError('from'), to: fieldError('to'), district: fieldError('district') }}
      />
      {filters.from === '' || filters.to === '' ? (
        <p className="ops-muted">Elige las dos fechas del período.</p>
      ) : isPending ? (
        <p role="status">Calculando indicadores…</p>
      ) : error ? (
        <p className="alert alert--error" role="alert">
          {errorMessage(error)}
        </p>
      ) : (
        <div className="stack stack--loose" aria-busy={isFetching}>
          <p className="ops-muted" role="status">
            {data.period.from === data.period.to
              ? `Día ${formatLimaDate(data.period.from)}`
              : `Del ${formatLimaDate(data.period.from)} al ${formatLimaDate(data.period.to)}`}{' '}
            · {data.period.district ?? 'Todos los distritos'} · hora de Lima
          </p>
          <Figures k={data} />
        </div>
      )}
    </div>
  );
}
