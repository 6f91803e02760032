import type { EarningsSummary } from '@jala/contracts';
import { formatSoles, PAYMENT_METHOD_LABELS, PAYMENT_METHODS } from '@jala/domain';

/** The earnings card: total, completed trips, today and the last 7 days (spec §2). */
export function EarningsSummaryCard({ summary }: { summary: EarningsSummary }) {
  return (
    <section className="card stack stack--loose" aria-label="Resumen de ganancias">
      <dl className="drv-earnings-grid">
        <div>
          <dt>Ganancias totales</dt>
          <dd data-testid="total-earnings">{formatSoles(summary.total_earnings)}</dd>
        </div>
        <div>
          <dt>Viajes completados</dt>
          <dd data-testid="total-trips">{summary.total_trips}</dd>
        </div>
        <div>
          <dt>Ganado hoy</dt>
          <dd data-testid="today-earnings">{formatSoles(summary.today_earnings)}</dd>
        </div>
        <div>
          <dt>Últimos 7 días</dt>
          <dd data-testid="week-earnings">{formatSoles(summary.last_week_earnings)}</dd>
        </div>
      </dl>
      {summary.by_method && (
        <>
          <h2 className="drv-section__title">Por método de pago</h2>
          <dl className="drv-earnings-grid" aria-label="Ganancias por método de pago">
            {PAYMENT_METHODS.map((method) => (
              <div key={method}>
                <dt>{PAYMENT_METHOD_LABELS[method]}</dt>
                <dd data-testid={`earnings-${method}`}>{formatSoles(summary.by_method![method])}</dd>
              </div>
            ))}
          </dl>
        </>
      )}
    </section>
  );
}
