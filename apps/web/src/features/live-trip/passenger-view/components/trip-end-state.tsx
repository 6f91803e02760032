import type { DriverOffer } from '@jala/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';

import { badgeClassName } from '@/components/ui/badge';
import { buttonClassName } from '@/components/ui/button';
import { liveTripKeys } from '@/features/live-trip/api/live-trip-api';
import { findEndedTrip } from '@/features/live-trip/api/passenger-trip-api';
import { ReceiptActions } from '@/features/live-trip/shared/fare/receipt-actions';
import { TripReceiptCard } from '@/features/live-trip/shared/fare/trip-receipt';
import { RateTripForm } from '@/features/passenger';

import type { ActiveTrip } from '../model/active-trip';
import { endStateText } from '../model/end-state';

export interface TripEndStateProps {
  trip: ActiveTrip;
  /** The status that ended it when known (trip_status message or our own cancellation), else looked up. */
  status: string | null;
}

/**
 * The end of a followed trip: '¡Viaje completado!' with the fare and the driver rating form, or
 * 'Viaje cancelado' with who cancelled; then back to the dashboard or a new request.
 */
export function TripEndState({ trip, status }: TripEndStateProps) {
  const queryClient = useQueryClient();
  const hadOffers = (queryClient.getQueryData<DriverOffer[]>(liveTripKeys.offers(trip.id))?.length ?? 0) > 0;
  const record = useQuery({ queryKey: liveTripKeys.ended(trip.id), queryFn: () => findEndedTrip(trip.id), retry: 1 });
  // Unknown and not found in the history either: a neutral 'Tu viaje terminó'.
  const finalStatus = record.data?.status ?? status ?? (record.isPending ? null : 'unknown');
  if (!finalStatus) {
    return (
      <p className="ptr-end__loading" role="status">
        Consultando cómo terminó tu viaje...
      </p>
    );
  }
  const text = endStateText(finalStatus, hadOffers);
  return (
    <section className={`card ptr-end ptr-end--${text.tone}`} aria-labelledby="ptr-end-title">
      <h2 id="ptr-end-title" className="ptr-end__title">
        {text.title}
      </h2>
      {text.who && <p className={badgeClassName({ tone: 'warning' }, 'ptr-end__who')}>{text.who}</p>}
      <p className="ptr-end__detail">{text.detail}</p>
      <p className="ptr-end__route">
        {trip.pickupAddress} → {trip.destinationAddress}
      </p>
      {finalStatus === 'completed' && (
        <>
          {/* 'Descargar PDF' right at the trip's end, the receipt page's own actions. */}
          <TripReceiptCard tripId={trip.id} footer={(receipt) => <ReceiptActions receipt={receipt} forPassenger />} />
          <RateTripForm tripId={trip.id} title="Califica a tu conductor" />
        </>
      )}
      {finalStatus !== 'completed' && <p className="ptr-end__fare">Sin cobro: este viaje no se realizó.</p>}
      <div className="stack stack--tight">
        <Link className={buttonClassName({ variant: 'primary' })} to="/passenger/trip-request">
          Solicitar otro viaje
        </Link>
        <Link className={buttonClassName({ variant: 'ghost' })} to="/dashboard">
          Ir al inicio
        </Link>
      </div>
    </section>
  );
}
