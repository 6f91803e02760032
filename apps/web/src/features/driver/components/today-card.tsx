import { formatSoles } from '@jala/domain';

import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api/api-client';

import { DRIVER_ERRORS } from '../api/driver-errors';
import { useDriverStats } from '../hooks/use-driver-queries';
import { formatHours, formatRate } from '../model/driver-format';
import { InlineLoading } from './inline-status';

/** Today's card: 'Hoy: S/ x', trips, online hours, acceptance and completion (definitions: docs/driver-metrics.md). */
export function TodayCard() {
  const { data: stats, error, isPending, refetch, isFetching } = useDriverStats();
  return (
    <section className="brand-panel drv-today" aria-labelledby="drv-today-title">
      <div>
        <p className="brand-panel__note">Tus ganancias de hoy</p>
        <h2 className="drv-today__amount" id="drv-today-title">
          Hoy: {stats ? formatSoles(stats.today_earnings) : '—'}
        </h2>
      </div>
      {isPending && <InlineLoading text="Cargando estadísticas..." />}
      {error && !stats && (
        <div className="drv-error-text" role="alert">
          <p>{errorMessage(error, DRIVER_ERRORS.dashboard)}</p>
          <Button variant="accent" onClick={() => void refetch()} disabled={isFetching}>
            Reintentar
          </Button>
        </div>
      )}
      {stats && (
        <dl className="drv-tiles">
          <div className="drv-tile">
            <dt>Viajes</dt>
            <dd data-testid="today-trips">{stats.today_trips}</dd>
          </div>
          <div className="drv-tile">
            <dt>Horas en línea</dt>
            <dd data-testid="online-hours">{formatHours(stats.online_hours_today)}</dd>
          </div>
          <div className="drv-tile">
            <dt>Aceptación</dt>
            <dd data-testid="acceptance-rate">{formatRate(stats.acceptance_rate)}</dd>
          </div>
          <div className="drv-tile">
            <dt>Finalización</dt>
            <dd data-testid="completion-rate">{formatRate(stats.completion_rate)}</dd>
          </div>
        </dl>
      )}
    </section>
  );
}
