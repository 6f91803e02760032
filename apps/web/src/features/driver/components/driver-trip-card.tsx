import type { DriverTripHistoryItem } from '@jala/contracts';
import { driverHistoryStatusBadge, driverPaymentText, driverTripStatusLabel, formatSoles } from '@jala/domain';
import { Link } from 'react-router';

import { StatusBadge } from '@/components/ui/badge';
import { Badge } from '@/components/ui/badge';
import { buttonClassName } from '@/components/ui/button';
import { TripRoute } from '@/components/ui/trip-route';

import { formatDateTime } from '../model/driver-format';

/** What the trip brought: the amount charged when completed; a cancelled or expired trip charged nothing. */
function fareText(trip: DriverTripHistoryItem): string {
  return trip.status === 'completed'
    ? formatSoles(trip.final_fare ?? trip.agreed_fare ?? trip.estimated_fare)
    : 'Sin cobro';
}

/** The agreed price, when accepted adjustments (a stop, waiting, tolls) made the charge differ from it. */
function agreedNote(trip: DriverTripHistoryItem): string | null {
  if (
    trip.status !== 'completed' ||
    trip.agreed_fare === null ||
    trip.final_fare === null ||
    trip.agreed_fare === trip.final_fare
  )
    return null;
  return `Precio acordado ${formatSoles(trip.agreed_fare)}`;
}

/**
 * One trip of 'Mis viajes': state, date, route, passenger, what it brought and how it was paid (a trip that did
 * not end in a ride charged nothing: 'Sin cobro', no payment line), both ratings and the way to its receipt.
 * A Yape/Plin trip waiting for the driver's answer says so ('Confirma el pago') and its link leads to the
 * receipt, where 'Pago recibido' / 'No recibí el pago' are.
 */
export function DriverTripCard({ trip }: { trip: DriverTripHistoryItem }) {
  const titleId = `viaje-${trip.id}`;
  const awaiting = trip.awaiting_payment_answer;
  const agreed = agreedNote(trip);
  return (
    <article
      className={`card drv-trip${awaiting ? ' drv-trip--awaiting' : ''}`}
      aria-labelledby={titleId}
      data-testid="driver-trip-card"
    >
      <div className="drv-trip__top">
        <StatusBadge tone={driverHistoryStatusBadge(trip.status)}>{driverTripStatusLabel(trip.status)}</StatusBadge>
        {awaiting && (
          <Badge tone="warning" className="drv-trip__alert">
            Confirma el pago
          </Badge>
        )}
        <time className="drv-trip__date" dateTime={trip.trip_date}>
          {formatDateTime(trip.trip_date)}
        </time>
      </div>
      <h2 className="visually-hidden" id={titleId}>
        Viaje {trip.trip_code}
      </h2>
      <TripRoute pickup={trip.pickup_address} destination={trip.destination_address} />
      <div className="drv-trip__money">
        <span className="drv-trip__who">
          {trip.service_type}
          {trip.passenger_first_name && <> · Pasajero: {trip.passenger_first_name}</>}
        </span>
        <span
          className={`drv-trip__fare${trip.status === 'completed' ? '' : ' drv-trip__fare--none'}`}
          data-testid="driver-trip-fare"
        >
          {fareText(trip)}
        </span>
      </div>
      {agreed && <p className="drv-trip__detail">{agreed}</p>}
      {trip.status === 'completed' && (
        <p
          className={`drv-trip__payment${awaiting ? ' drv-trip__payment--awaiting' : ''}`}
          data-testid="driver-trip-payment"
        >
          Pago: {driverPaymentText(trip.status, trip.payment_method, trip.payment_status)}
        </p>
      )}
      {(trip.rating_received !== null || trip.my_rating !== null) && (
        <p className="drv-trip__detail drv-trip__ratings">
          {trip.rating_received !== null && (
            <span aria-label={`Te calificó con ${trip.rating_received} de 5`}>
              Te calificó ★ {trip.rating_received}
            </span>
          )}
          {trip.my_rating !== null && (
            <span aria-label={`Calificaste con ${trip.my_rating} de 5`}>Calificaste ★ {trip.my_rating}</span>
          )}
        </p>
      )}
      {trip.status === 'completed' && (
        <Link
          to={`/trips/${trip.id}/receipt`}
          state={{ side: 'driver' }}
          className={buttonClassName({
            variant: awaiting ? 'primary' : 'ghost',
            block: true,
            className: 'drv-trip__receipt',
          })}
          aria-describedby={titleId}
        >
          {awaiting ? 'Confirmar el pago' : 'Ver recibo'}
        </Link>
      )}
    </article>
  );
}
