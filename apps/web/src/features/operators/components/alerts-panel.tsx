import type { SafetyAlert } from '@jala/contracts';

import { fetchAlerts, operatorKeys, resolveAlert } from '../api/operators-api';
import { formatDateTime } from '../model/operators-format';
import { OpenResolvedPanel, type OpenResolvedTexts, useResolveItem } from './open-resolved-panel';
import { ReasonForm } from './reason-form';

function AlertCard({ alert }: { alert: SafetyAlert }) {
  const { resolve, notice } = useResolveItem(
    (note: string) => resolveAlert(alert.id, note),
    [...operatorKeys.all, 'alerts'],
  );
  return (
    <article className="card ops-card ops-alert-card">
      <h3 className="ops-card__title">
        SOS de {alert.user.name} ({alert.role === 'passenger' ? 'pasajero' : 'conductor'})
      </h3>
      <dl className="ops-facts">
        <div>
          <dt>Viaje</dt>
          <dd>{alert.trip_code}</dd>
        </div>
        <div>
          <dt>Hora</dt>
          <dd>{formatDateTime(alert.created_at)}</dd>
        </div>
        <div>
          <dt>Teléfono</dt>
          <dd>
            {alert.user.phone ? (
              <a className="ops-tel" href={`tel:${alert.user.phone}`}>
                {alert.user.phone}
              </a>
            ) : (
              '—'
            )}
          </dd>
        </div>
        <div>
          <dt>Ubicación</dt>
          <dd>
            {alert.latitude !== null && alert.longitude !== null
              ? `${alert.latitude.toFixed(5)}, ${alert.longitude.toFixed(5)}`
              : 'sin ubicación'}
          </dd>
        </div>
        {alert.resolution_note && (
          <div>
            <dt>Resolución</dt>
            <dd>{alert.resolution_note}</dd>
          </div>
        )}
      </dl>
      {!alert.resolved_at && (
        <ReasonForm label="Cómo se resolvió" submitLabel="Marcar resuelta" minLength={3} onSubmit={resolve} />
      )}
      {notice && (
        <p className="alert ops-alert-success" role="status">
          {notice}
        </p>
      )}
    </article>
  );
}

const ALERT_TEXTS: OpenResolvedTexts = {
  label: 'Alertas',
  open: 'Abiertas',
  resolved: 'Resueltas',
  loading: 'Cargando alertas...',
  empty: { open: 'No hay alertas abiertas.', resolved: 'Aún no hay alertas resueltas.' },
};

/** SOS alerts from the safety feature: open ones oldest first (the longest wait first), or resolved. */
export function AlertsPanel() {
  return (
    <OpenResolvedPanel
      className="stack stack--loose"
      texts={ALERT_TEXTS}
      queryKey={operatorKeys.alerts}
      fetchItems={fetchAlerts}
      renderItem={(alert) => <AlertCard alert={alert} />}
    />
  );
}
