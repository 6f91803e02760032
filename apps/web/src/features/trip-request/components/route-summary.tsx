import { formatSoles, serviceTypeName } from '@jala/domain';

import { GEO_FALLBACKS, type RouteResult } from '@/features/map';
import { errorMessage } from '@/lib/api/api-client';

export interface RouteSummaryProps {
  route: RouteResult | null;
  isLoading: boolean;
  error: unknown;
  /** The service type the fare is for; null while it loads or before one is chosen. */
  fareServiceTypeId: number | null;
  /** No service type chosen yet: there is no fare to show. */
  needsServiceType?: boolean;
}

/** Distance, duration and fare estimate of the route, before confirming (spec §2). */
export function RouteSummary({
  route,
  isLoading,
  error,
  fareServiceTypeId,
  needsServiceType = false,
}: RouteSummaryProps) {
  if (error) {
    return (
      <p className="trq-route trq-route--error" role="alert">
        {errorMessage(error, GEO_FALLBACKS.route)}
      </p>
    );
  }
  if (isLoading && !route) {
    return (
      <p className="trq-route trq-route--loading" role="status">
        Calculando ruta...
      </p>
    );
  }
  if (!route) return null;
  const service = fareServiceTypeId === null ? null : serviceTypeName(fareServiceTypeId);
  return (
    <dl className="stat-facts trq-route" aria-label="Resumen de la ruta" aria-live="polite">
      <div className="trq-route__item">
        <dt>Distancia</dt>
        <dd>{route.distance.text}</dd>
      </div>
      <div className="trq-route__item">
        <dt>Duración</dt>
        <dd>{route.duration.text}</dd>
      </div>
      <div className="trq-route__item trq-route__item--fare">
        <dt>{service ? `Tarifa estimada (${service})` : 'Tarifa estimada'}</dt>
        <dd>
          {needsServiceType
            ? 'Elige el tipo de servicio'
            : fareServiceTypeId === null
              ? '…'
              : formatSoles(route.estimatedCost)}
        </dd>
      </div>
    </dl>
  );
}
