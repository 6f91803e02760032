import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PassengerBooking } from '@jala/contracts';
import { bookingStateLabel, formatSoles, LATE_CANCEL_WARNING, scheduledLabel } from '@jala/domain';
import { errorMessage } from '../../lib/api-client';
import { BookingChat } from './booking-chat';
import { acceptBookingOffer, bookingKeys, cancelBooking, fetchBookingOffers, fetchPassengerBookings } from './booking-api';
import './bookings.css';

/** The offers on a booking still searching: the passenger picks one, as on a live trip. */
function BookingOffers({ bookingId }: { bookingId: number }) {
  const client = useQueryClient();
  const offers = useQuery({ queryKey: [...bookingKeys.passenger, bookingId, 'offers'], queryFn: () => fetchBookingOffers(bookingId) });
  const accept = useMutation({
    mutationFn: (driverId: number) => acceptBookingOffer(bookingId, driverId),
    onSuccess: () => client.invalidateQueries({ queryKey: bookingKeys.passenger }),
  });
  if (!offers.data?.length) return null;
  return (
    <ul className="bk-offers" aria-label="Ofertas">
      {offers.data.map((offer) => (
        <li key={offer.driver_id} className="bk-offer">
          <span>{offer.driver.name} · {offer.driver.vehicle} · {formatSoles(offer.price)}</span>
          <button type="button" className="btn btn--primary" onClick={() => accept.mutate(offer.driver_id)} disabled={accept.isPending}>Aceptar</button>
        </li>
      ))}
      {accept.isError && <li className="alert alert--error" role="alert">{errorMessage(accept.error)}</li>}
    </ul>
  );
}

/** `onCancelled` gets the server's words: the card itself leaves the list once the booking is cancelled. */
function BookingCard({ booking, onCancelled }: { booking: PassengerBooking; onCancelled: (message: string) => void }) {
  const client = useQueryClient();
  const [asking, setAsking] = useState(false);
  const cancel = useMutation({
    mutationFn: () => cancelBooking(booking.id),
    onSuccess: async (result) => {
      onCancelled(result.message);
      await client.invalidateQueries({ queryKey: bookingKeys.passenger });
    },
  });
  const confirmed = booking.state === 'confirmed';
  return (
    <li className="card bk-card" aria-label={`Viaje programado ${booking.trip_code}`}>
      <span className="bk-card__when">{scheduledLabel(new Date(booking.scheduled_for))}</span>
      <span className={`bk-state bk-state--${booking.state}`}>{bookingStateLabel(confirmed)}</span>
      <p className="bk-card__route">{booking.pickup_address} → {booking.destination_address}</p>
      <p className="bk-card__meta">
        {formatSoles(booking.fare)} · {booking.distance_km.toFixed(1)} km
        {confirmed && booking.driver ? ` · ${booking.driver.name}${booking.driver.vehicle ? ` (${booking.driver.vehicle})` : ''}` : ''}
        {!confirmed && booking.offers_count > 0 ? ` · ${booking.offers_count} ${booking.offers_count === 1 ? 'oferta' : 'ofertas'}` : ''}
      </p>
      {!confirmed && booking.offers_count > 0 && <BookingOffers bookingId={booking.id} />}
      {confirmed && booking.driver && <BookingChat tripId={booking.id} driverId={booking.driver.id} role="passenger" peerName={booking.driver.name} />}
      {cancel.isError && <p className="alert alert--error" role="alert">{errorMessage(cancel.error)}</p>}
      {asking ? (
        <div>
          {booking.late_cancel && <p className="bk-warning" role="alert">{LATE_CANCEL_WARNING}</p>}
          <div className="bk-card__actions">
            <button type="button" className="btn btn--danger" onClick={() => cancel.mutate()} disabled={cancel.isPending}>
              {cancel.isPending ? 'Cancelando...' : 'Sí, cancelar'}
            </button>
            <button type="button" className="btn btn--ghost" onClick={() => setAsking(false)} disabled={cancel.isPending}>Volver</button>
          </div>
        </div>
      ) : (
        <div className="bk-card__actions">
          <button type="button" className="btn btn--ghost" onClick={() => setAsking(true)}>Cancelar</button>
        </div>
      )}
    </li>
  );
}

/** "Próximos viajes" on the passenger's dashboard: bookings not yet the active trip, soonest first. */
export function UpcomingBookings() {
  const bookings = useQuery({ queryKey: bookingKeys.passenger, queryFn: fetchPassengerBookings, refetchInterval: 60_000 });
  // Kept here, not on the card: the cancelled booking's card leaves the list, its confirmation must not.
  const [notice, setNotice] = useState<string | null>(null);
  const empty = (bookings.data?.length ?? 0) === 0 && !bookings.isError;
  if (bookings.isPending || (empty && !notice)) return null;
  return (
    <section aria-labelledby="bk-upcoming-title">
      <h2 id="bk-upcoming-title" className="pw-section-title">Próximos viajes</h2>
      {notice && <p className="alert alert--info" role="status">{notice}</p>}
      {bookings.isError && <p className="alert alert--error" role="alert">{errorMessage(bookings.error)}</p>}
      {!empty && (
        <ul className="bk-list">
          {bookings.data?.map((booking) => <BookingCard key={booking.id} booking={booking} onCancelled={setNotice} />)}
        </ul>
      )}
    </section>
  );
}
