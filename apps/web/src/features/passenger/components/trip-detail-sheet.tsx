import type { TripHistoryItem } from '@jala/contracts';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';

import { buttonClassName } from '@/components/ui/button';

import { formatOneDecimal, formatTripDate } from '../model/format';
import { RateTripForm } from './rate-trip-form';
import { tripFareText } from './trip-card';
import { TripStatusBadge } from './trip-status-badge';

/** Bottom sheet with one trip's details and, for a completed trip with a driver, its rating. */
export function TripDetailSheet({
  trip,
  onClose,
  onRated,
}: {
  trip: TripHistoryItem;
  onClose: () => void;
  onRated?: (score: number) => void;
}) {
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    closeRef.current?.focus();
    const onKey = (event: KeyboardEvent): void => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);

  return (
    <div className="sheet-backdrop pw-sheet-backdrop" onClick={onClose}>
      <div
        className="pw-sheet"
        role="dialog"
        aria-modal="true"
        aria-labelledby="trip-sheet-title"
        onClick={(event) => event.stopPropagation()}
      >
        <div className="pw-sheet__header">
          <h2 className="pw-sheet__title" id="trip-sheet-title">
            Detalle del viaje
          </h2>
          <button type="button" className="pw-sheet__close" onClick={onClose} ref={closeRef}>
            Cerrar
          </button>
        </div>
        <div className="pw-sheet__body">
          <div className="row-between">
            <TripStatusBadge status={trip.status} />
            <span className="pw-sheet__code">{trip.trip_code}</span>
          </div>
          <dl className="pw-detail-list">
            <div>
              <dt>Fecha</dt>
              <dd>{formatTripDate(trip.trip_date)}</dd>
            </div>
            <div>
              <dt>Origen</dt>
              <dd>{trip.pickup_address}</dd>
            </div>
            <div>
              <dt>Destino</dt>
              <dd>{trip.destination_address}</dd>
            </div>
          </dl>
          <dl className="pw-detail-list pw-detail-list--grid">
            <div>
              <dt>Servicio</dt>
              <dd>{trip.service_type}</dd>
            </div>
            <div>
              <dt>{trip.status === 'completed' ? 'Total pagado' : 'Cobro'}</dt>
              <dd>{tripFareText(trip)}</dd>
            </div>
            {trip.distance_km !== null && (
              <div>
                <dt>Distancia</dt>
                <dd>{formatOneDecimal(trip.distance_km)} km</dd>
              </div>
            )}
            {trip.duration_minutes !== null && (
              <div>
                <dt>Duración</dt>
                <dd>{trip.duration_minutes} min</dd>
              </div>
            )}
            {trip.driver && (
              <div className="pw-detail-list__wide">
                <dt>Conductor</dt>
                <dd>
                  {trip.driver.name}
                  {trip.driver.rating_average !== null && ` · ★ ${formatOneDecimal(trip.driver.rating_average)}`}
                </dd>
              </div>
            )}
          </dl>
          {trip.status === 'completed' && trip.driver && (
            <Link
              className={buttonClassName({ variant: 'ghost', block: true, className: 'pw-sheet__receipt' })}
              to={`/trips/${trip.id}/receipt`}
            >
              Ver recibo
            </Link>
          )}
          {trip.status === 'completed' && trip.driver && (
            <RateTripForm tripId={trip.id} title="Califica a tu conductor" {...(onRated ? { onRated } : {})} />
          )}
        </div>
      </div>
    </div>
  );
}
