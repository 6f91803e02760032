import type { DriverOffer } from '@jala/contracts';
import type { TripPayment } from '@jala/contracts';
import { formatSoles } from '@jala/domain';

import { Button } from '@/components/ui/button';
import { OfferChat } from '@/features/live-trip/shared/chat/offer-chat';
import { PaymentLine } from '@/features/payments';
import { PhoneVerifiedBadge } from '@/features/phone-verification';

import { RatingText } from './rating-text';

export interface OfferCardProps {
  offer: DriverOffer;
  tripId: number;
  userId: number | null;
  onAccept: (offer: DriverOffer) => void;
  /** The offer being accepted right now, if any (all 'Aceptar' buttons wait meanwhile). */
  acceptingDriverId: number | null;
  /** How the trip is paid: every offer shows it, a cash note with the change at this offer's price. */
  payment?: TripPayment | undefined;
}

/** One driver's offer: name, vehicle, rating, price 'S/ x.xx', the chat with that driver and 'Aceptar'. */
export function OfferCard({ offer, tripId, userId, onAccept, acceptingDriverId, payment }: OfferCardProps) {
  const accepting = acceptingDriverId === offer.driver_id;
  return (
    <li className="tile ptr-offer" aria-label={`Oferta de ${offer.driver.name}`} data-testid="driver-offer">
      <div className="row-between row-between--top">
        <div className="ptr-offer__who">
          <p className="ptr-offer__name">{offer.driver.name}</p>
          <p className="ptr-offer__vehicle">{offer.driver.vehicle}</p>
          <RatingText rating={offer.driver.rating} />
          {offer.driver.phone_verified && <PhoneVerifiedBadge className="ptr-offer__verified" />}
        </div>
        <p className="ptr-offer__price" data-testid="offer-price">
          {formatSoles(offer.price)}
        </p>
      </div>
      {payment && <PaymentLine method={payment.method} cashNote={payment.cash_note} price={offer.price} />}
      <OfferChat
        tripId={tripId}
        driverId={offer.driver_id}
        role="passenger"
        userId={userId}
        peerName={offer.driver.name}
        peerLabel={offer.driver.name}
      />
      <Button variant="primary" block onClick={() => onAccept(offer)} disabled={acceptingDriverId !== null}>
        {accepting ? 'Aceptando...' : 'Aceptar'}
      </Button>
    </li>
  );
}
