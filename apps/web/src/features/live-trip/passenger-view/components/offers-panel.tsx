import type { DriverOffer, TripPayment } from '@jala/contracts';

import { CardSection } from '@/components/ui/card-section';
import { InlineError } from '@/components/ui/form-field';
import { errorMessage } from '@/lib/api/api-client';

import { OfferCard } from './offer-card';

export interface OffersPanelProps {
  tripId: number;
  userId: number | null;
  /** Already de-duplicated by driver and sorted by price (see mergeOffers). */
  offers: readonly DriverOffer[];
  isLoading: boolean;
  loadError: unknown;
  onAccept: (offer: DriverOffer) => void;
  acceptingDriverId: number | null;
  acceptError: string | null;
  /** How the trip is paid, shown on every offer. */
  payment?: TripPayment | undefined;
}

/** 'Ofertas de conductores' (spec §2): the drivers' offers, cheapest first, each with its chat. */
export function OffersPanel({
  tripId,
  userId,
  offers,
  isLoading,
  loadError,
  onAccept,
  acceptingDriverId,
  acceptError,
  payment,
}: OffersPanelProps) {
  return (
    <CardSection
      id="ptr-offers-title"
      title="Ofertas de conductores"
      className="ptr-offers"
      titleClassName="ptr-section-title"
    >
      <InlineError message={acceptError} className="alert alert--error" />
      {loadError ? (
        <p className="field__error" role="alert">
          {errorMessage(loadError, 'No se pudieron cargar las ofertas')}
        </p>
      ) : null}
      {offers.length === 0 ? (
        <p className="ptr-offers__empty">{isLoading ? 'Cargando ofertas...' : 'No hay ofertas aún.'}</p>
      ) : (
        <ul className="list-plain">
          {offers.map((offer) => (
            <OfferCard
              key={offer.driver_id}
              offer={offer}
              tripId={tripId}
              userId={userId}
              onAccept={onAccept}
              acceptingDriverId={acceptingDriverId}
              payment={payment}
            />
          ))}
        </ul>
      )}
    </CardSection>
  );
}
