import '../bookings.css';

import { type PassengerBooking, topics, zDriverOffer, zTripStatusMessage } from '@jala/contracts';
import { bookingStateLabel, formatSoles, LATE_CANCEL_WARNING, scheduledLabel } from '@jala/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';

import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api/api-client';
import { useRealtimeTopic } from '@/lib/realtime/use-realtime-topic';

import {
  acceptBookingOffer,
  bookingKeys,
  BOOKINGS_FALLBACK_POLL_MS,
  cancelBooking,
  fetchBookingOffers,
  fetchPassengerBookings,
} from '../api/bookings-api';
import { BookingChat } from './booking-chat';

const passengerBookingsQuery = {
  queryKey: bookingKeys.passenger,
  queryFn: fetchPassengerBookings,
  refetchInterval: BOOKINGS_FALLBACK_POLL_MS,
};

/**
 * "Próximos viajes" live: each booking's own topics, the ones its live trip uses — trip_offers/{id} while it
 * searches (an offer arrives) and trip_status/{id} (a driver chosen, a driver who gave it back or was taken
 * off by the clock, a cancel from another phone, the system's end, the activation). The list (and each
 * booking's offers, under the same key) is read again on any of them, and when a subscription goes live.
 */
function usePassengerBookingsLive(
  bookings: readonly PassengerBooking[] | undefined,
  onReason: (reason: string) => void,
): void {
  const client = useQueryClient();
  const refresh = () => void client.invalidateQueries({ queryKey: bookingKeys.passenger });
  // Every topic's SUBACK asks for one read: those arriving together share the read in flight.
  const resync = () => void client.invalidateQueries({ queryKey: bookingKeys.passenger }, { cancelRefetch: false });
  const list = bookings ?? [];
  useRealtimeTopic(
    list.filter((b) => b.state === 'searching').map((b) => topics.tripOffers(b.id)),
    zDriverOffer,
    { onMessage: refresh, onLive: resync },
  );
  useRealtimeTopic(
    list.map((b) => topics.tripStatus(b.id)),
    zTripStatusMessage,
    {
      onMessage: (message) => {
        // A confirmed driver gave it back (or the clock took it from them): the server says why, in Spanish.
        if (message.status === 'pending' && message.reason) onReason(message.reason);
        refresh();
      },
      onLive: resync,
    },
  );
}

/** The state the wizard leaves on the dashboard after a booking: its id and time. */
export interface BookedState {
  bookedFor: string;
  bookedTripId: number;
}

/**
 * '¡Listo! Programado: … Te avisaremos cuando un conductor confirme.' after a booking was made — only while
 * that booking is still searching: once a driver is confirmed, or it is cancelled (here or elsewhere), the
 * promise is kept or moot and the words go, even though the page's history entry (which survives a reload)
 * still carries them. 'Entendido' drops them from the history entry too.
 */
export function BookingCreatedNotice() {
  const location = useLocation();
  const navigate = useNavigate();
  const booked = location.state as Partial<BookedState> | null;
  const bookings = useQuery(passengerBookingsQuery);
  if (!booked?.bookedFor || booked.bookedTripId === undefined) return null;
  const booking = bookings.data?.find((b) => b.id === booked.bookedTripId);
  // Said at once after booking (the list may still be loading), but never about a booking that is no longer searching.
  if (bookings.data && booking?.state !== 'searching') return null;
  return (
    <div className="alert alert--info bk-banner" role="status">
      <span>¡Listo! {scheduledLabel(new Date(booked.bookedFor))}. Te avisaremos cuando un conductor confirme.</span>{' '}
      <button
        type="button"
        className="pw-link-btn"
        onClick={() => void navigate(location.pathname + location.search, { replace: true, state: null })}
      >
        Entendido
      </button>
    </div>
  );
}

/** The offers on a booking still searching: the passenger picks one, as on a live trip. */
function BookingOffers({ bookingId }: { bookingId: number }) {
  const client = useQueryClient();
  const offers = useQuery({
    queryKey: [...bookingKeys.passenger, bookingId, 'offers'],
    queryFn: () => fetchBookingOffers(bookingId),
  });
  const accept = useMutation({
    mutationFn: (driverId: number) => acceptBookingOffer(bookingId, driverId),
    onSuccess: () => client.invalidateQueries({ queryKey: bookingKeys.passenger }),
  });
  if (!offers.data?.length) return null;
  return (
    <ul className="bk-offers" aria-label="Ofertas">
      {offers.data.map((offer) => (
        <li key={offer.driver_id} className="bk-offer">
          <span className="bk-offer__who">
            <span className="bk-offer__name">{offer.driver.name}</span>
            <span className="bk-offer__vehicle">{offer.driver.vehicle}</span>
          </span>
          <span className="bk-offer__price">{formatSoles(offer.price)}</span>
          <Button
            variant="primary"
            className="bk-offer__accept"
            onClick={() => accept.mutate(offer.driver_id)}
            disabled={accept.isPending}
          >
            Aceptar
          </Button>
        </li>
      ))}
      {accept.isError && (
        <li className="alert alert--error" role="alert">
          {errorMessage(accept.error)}
        </li>
      )}
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
      <p className="bk-card__route">
        {booking.pickup_address} → {booking.destination_address}
      </p>
      <p className="bk-card__meta">
        {formatSoles(booking.fare)} · {booking.distance_km.toFixed(1)} km
        {confirmed && booking.driver
          ? ` · ${booking.driver.name}${booking.driver.vehicle ? ` (${booking.driver.vehicle})` : ''}`
          : ''}
        {!confirmed && booking.offers_count > 0
          ? ` · ${booking.offers_count} ${booking.offers_count === 1 ? 'oferta' : 'ofertas'}`
          : ''}
      </p>
      {!confirmed && booking.offers_count > 0 && <BookingOffers bookingId={booking.id} />}
      {confirmed && booking.driver && (
        <BookingChat tripId={booking.id} driverId={booking.driver.id} role="passenger" peerName={booking.driver.name} />
      )}
      {cancel.isError && (
        <p className="alert alert--error" role="alert">
          {errorMessage(cancel.error)}
        </p>
      )}
      {asking ? (
        <div>
          {booking.late_cancel && (
            <p className="bk-warning" role="alert">
              {LATE_CANCEL_WARNING}
            </p>
          )}
          <div className="bk-card__actions">
            <Button variant="danger" onClick={() => cancel.mutate()} disabled={cancel.isPending}>
              {cancel.isPending ? 'Cancelando...' : 'Sí, cancelar'}
            </Button>
            <Button variant="ghost" onClick={() => setAsking(false)} disabled={cancel.isPending}>
              Volver
            </Button>
          </div>
        </div>
      ) : (
        <div className="bk-card__actions">
          <Button variant="ghost" onClick={() => setAsking(true)}>
            Cancelar
          </Button>
        </div>
      )}
    </li>
  );
}

/** "Próximos viajes" on the passenger's dashboard: bookings not yet the active trip, soonest first. */
export function UpcomingBookings() {
  const bookings = useQuery(passengerBookingsQuery);
  // Kept here, not on the card: the cancelled booking's card leaves the list, its confirmation must not.
  const [notice, setNotice] = useState<string | null>(null);
  usePassengerBookingsLive(bookings.data, setNotice);
  const empty = (bookings.data?.length ?? 0) === 0 && !bookings.isError;
  if (bookings.isPending || (empty && !notice)) return null;
  return (
    <section aria-labelledby="bk-upcoming-title">
      <h2 id="bk-upcoming-title" className="pw-section-title">
        Próximos viajes
      </h2>
      {notice && (
        <div className="alert alert--info bk-banner" role="status">
          <span>{notice}</span>{' '}
          <button type="button" className="pw-link-btn" onClick={() => setNotice(null)}>
            Entendido
          </button>
        </div>
      )}
      {bookings.isError && (
        <p className="alert alert--error" role="alert">
          {errorMessage(bookings.error)}
        </p>
      )}
      {!empty && (
        <ul className="bk-list">
          {bookings.data?.map((booking) => (
            <BookingCard key={booking.id} booking={booking} onCancelled={setNotice} />
          ))}
        </ul>
      )}
    </section>
  );
}
