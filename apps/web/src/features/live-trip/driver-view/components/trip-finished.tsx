import { driverStageMessage } from '@jala/domain';
import { Link } from 'react-router';

import { buttonClassName } from '@/components/ui/button';
import { ReceiptActions } from '@/features/live-trip/shared/fare/receipt-actions';
import { TripReceiptCard } from '@/features/live-trip/shared/fare/trip-receipt';
import { RateTripForm } from '@/features/passenger';

import { type FinishedTrip, passengerCancelText } from '../hooks/use-active-trip';
import { TripDetailsCard } from './trip-details-card';

/** A trip that ended on this screen: '¡Viaje completado!' (then rate the passenger) or 'Viaje cancelado'. */
export function TripFinished({ finished }: { finished: FinishedTrip }) {
  const completed = finished.outcome === 'completed';
  const text = driverStageMessage(finished.trip.trip_status) ?? (completed ? '¡Viaje completado!' : 'Viaje cancelado');
  return (
    <>
      <section className={`card dt-finished dt-finished--${finished.outcome}`} aria-live="polite">
        <p className="dt-finished__title">{text}</p>
        {!completed && finished.trip.trip_status === 'cancelled_by_passenger' && (
          <p className="muted" data-testid="cancel-reason">
            {passengerCancelText(finished.reason)}
          </p>
        )}
        <Link to="/driver/trip-request" className={buttonClassName({ variant: 'primary', block: true })}>
          Buscar nuevos viajes
        </Link>
      </section>
      {/* 'Descargar PDF' right at the trip's end, the receipt page's own actions (no trip to the history first). */}
      {completed && (
        <TripReceiptCard
          tripId={finished.trip.id}
          footer={(receipt) => <ReceiptActions receipt={receipt} forPassenger={false} />}
        />
      )}
      {completed && <RateTripForm tripId={finished.trip.id} title="Califica al pasajero" />}
      {!completed && <TripDetailsCard trip={finished.trip} />}
    </>
  );
}
