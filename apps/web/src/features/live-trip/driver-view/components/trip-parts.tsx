import type { ReactNode } from 'react';

import { FactList } from '@/components/ui/fact-list';
import { formatRating } from '@/features/live-trip/shared/model/format';
import { PhoneVerifiedBadge } from '@/features/phone-verification';

/** The passenger as a driver sees them on a request or a trip: initial, name, rating · `detail`, then `children`. */
export function PassengerWho({
  name,
  rating,
  detail,
  avatar,
  phoneVerified = false,
  children,
}: {
  name: string;
  rating: number | null;
  /** The passenger confirmed their mobile by SMS code ('Celular verificado'). */
  phoneVerified?: boolean;
  detail: ReactNode;
  avatar: 'sm' | 'lg';
  children?: ReactNode;
}) {
  return (
    <>
      <span className={`avatar avatar--${avatar} dt-request__avatar`} aria-hidden="true">
        {name.charAt(0).toUpperCase()}
      </span>
      <div className="dt-request__who">
        <p className="dt-request__name">{name}</p>
        <p className="dt-request__meta">
          <span className="dt-request__rating">{formatRating(rating)}</span>
          <span aria-hidden="true"> · </span>
          <span>{detail}</span>
        </p>
        {phoneVerified && <PhoneVerifiedBadge className="dt-request__verified" />}
        {children}
      </div>
    </>
  );
}

/** Pickup and destination of a request or a trip, as the driver's route list (blue and red stops). */
export function RouteStops({
  pickupLabel,
  pickup,
  destination,
}: {
  pickupLabel: string;
  pickup: string;
  destination: string;
}) {
  return (
    <FactList
      className="dt-route"
      facts={[
        { label: pickupLabel, value: pickup, className: 'dt-route__stop dt-route__stop--pickup' },
        { label: 'Destino', value: destination, className: 'dt-route__stop dt-route__stop--destination' },
      ]}
    />
  );
}
