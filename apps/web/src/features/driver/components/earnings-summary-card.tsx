import type { EarningsSummary } from '@jala/contracts';
import { formatSoles, PAYMENT_METHOD_LABELS, PAYMENT_METHODS } from '@jala/domain';

const tripsText = (trips: number) => (trips === 1 ? '1 viaje' : `${trips} viajes`);

/**
 * The earnings card: total, completed trips, today and the last 7 days (spec §2). Money counts once it is in
 * the driver's hands (docs/driver-metrics.md); Yape/Plin payments not confirmed yet ('Por confirmar') or in an
 * operators' case ('En revisión') are said apart, never added in silently.
 */
export function EarningsSummaryCard({ summary }: { summary: EarningsSummary }) {
  const unconfirmed = summary.unconfirmed?.trips ? summary.unconfirmed : null;
  const inReview = summary.in_review?.trips ? summary.in_review : null;
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
      {summary.platform_fees !== undefined && summary.net_earnings !== undefined && (
        <dl className="drv-earnings-grid" aria-label="Comisión de Jala">
          <div>
            <dt>Ganancias brutas</dt>
            <dd data-testid="gross-earnings">{formatSoles(summary.total_earnings)}</dd>
          </div>
          <div>
            <dt>Comisión Jala</dt>
            <dd data-testid="platform-fees">{formatSoles(summary.platform_fees)}</dd>
          </div>
          <div>
            <dt>Ganancias netas</dt>
            <dd data-testid="net-earnings">{formatSoles(summary.net_earnings)}</dd>
          </div>
        </dl>
      )}
      {(unconfirmed ?? inReview) && (
        <div className="stack" aria-label="Pagos sin confirmar" role="group">
          <dl className="drv-earnings-grid">
            {unconfirmed && (
              <div>
                <dt>Por confirmar</dt>
                <dd data-testid="earnings-unconfirmed">{formatSoles(unconfirmed.earnings)}</dd>
                <dd className="drv-earnings-grid__note">{tripsText(unconfirmed.trips)}</dd>
              </div>
            )}
            {inReview && (
              <div>
                <dt>En revisión</dt>
                <dd data-testid="earnings-in-review">{formatSoles(inReview.earnings)}</dd>
                <dd className="drv-earnings-grid__note">{tripsText(inReview.trips)}</dd>
              </div>
            )}
          </dl>
          <p className="section-note">
            Pagos con Yape o Plin que aún no suman a tus ganancias: cuentan cuando confirmas que los recibiste (o Jala
            resuelve el caso).
          </p>
        </div>
      )}
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
