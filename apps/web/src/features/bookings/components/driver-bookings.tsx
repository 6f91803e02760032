import '../bookings.css';

import { type DriverBooking, topics, zBookingListNews, zDriverFeedMessage } from '@jala/contracts';
import {
  bookingCancelledByPassengerText,
  formatSoles,
  isLateBookingCancellation,
  relativeBookingTime,
  scheduledLabel,
} from '@jala/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { CounterOfferForm } from '@/features/live-trip';
import { PaymentLine, paymentSettingsQuery } from '@/features/payments';
import { errorMessage } from '@/lib/api/api-client';
import { useBookingNotice } from '@/lib/booking-notice';
import { messageOfType, useRealtimeTopic } from '@/lib/realtime/use-realtime-topic';
import { useSession } from '@/lib/session-store';

import {
  bookingKeys,
  BOOKINGS_FALLBACK_POLL_MS,
  fetchDriverBookings,
  offerOnBooking,
  releaseBooking,
} from '../api/bookings-api';
import { useDismissedBookings } from '../model/dismissed-bookings';
import { BookingChat } from './booking-chat';

const DRIVER_LATE_CANCEL_WARNING = 'Falta menos de 1 hora: si cancelas ahora, cuenta en tu tasa de finalización.';

/** Every news of the driver's bookings on their notifications topic; other kinds there pass as null. */
const listNews = messageOfType(
  ['bookings_changed', 'booking_cancelled', 'booking_activated', 'booking_released'],
  zBookingListNews,
);

const firstName = (name: string) => name.trim().split(/\s+/)[0] || name;

/** A confirmed booking its passenger cancelled: who, for when and when they did, until 'Entendido'. */
function CancelledBookingCard({
  booking,
  cancelledAt,
  onDismiss,
}: {
  booking: DriverBooking;
  cancelledAt: string;
  onDismiss: () => void;
}) {
  const now = new Date();
  return (
    <li
      className="card bk-card bk-card--cancelled"
      aria-label={`Viaje programado de ${booking.passenger_name}, cancelado`}
    >
      <span className="bk-state bk-state--cancelled">Cancelado por el pasajero</span>
      <p className="bk-card__headline" role="status">
        {bookingCancelledByPassengerText(firstName(booking.passenger_name), new Date(booking.scheduled_for), now)}.
      </p>
      <p className="bk-card__route">
        {booking.pickup_address} → {booking.destination_address}
      </p>
      <p className="bk-card__meta">
        Canceló {relativeBookingTime(new Date(cancelledAt), now).text} · no cuenta en tu contra.
      </p>
      <div className="bk-card__actions">
        <Button variant="ghost" onClick={onDismiss}>
          Entendido
        </Button>
      </div>
    </li>
  );
}

/**
 * A booking on "Programados": when, the passenger's route, service, price and how they pay, then what this
 * driver can do — offer (the asked price or their own, like a live request), wait for the passenger, or,
 * once confirmed, chat and give it back. The card's state is the server's (`my_offer_price`, `confirmed`),
 * so it never shows an earlier step beside a later one.
 */
function DriverBookingCard({ booking, onReleased }: { booking: DriverBooking; onReleased: (message: string) => void }) {
  const client = useQueryClient();
  const driverId = useSession((s) => s.user?.id ?? null);
  const [asking, setAsking] = useState(false);
  const markOffered = (price: number) =>
    client.setQueryData<DriverBooking[]>(bookingKeys.driver, (list) =>
      list?.map((b) => (b.id === booking.id ? { ...b, my_offer_price: price } : b)),
    );
  const offer = useMutation({
    mutationFn: (price: number | undefined) => offerOnBooking(booking.id, price),
    onSuccess: async (result) => {
      markOffered(result.data.price);
      await client.invalidateQueries({ queryKey: bookingKeys.driver });
    },
  });
  const release = useMutation({
    mutationFn: () => releaseBooking(booking.id),
    onSuccess: async (result) => {
      onReleased(result.message);
      await client.invalidateQueries({ queryKey: bookingKeys.driver });
    },
  });
  // A driver who does not take the passenger's method reads so and cannot offer (the server refuses too).
  const settings = useQuery({ ...paymentSettingsQuery(driverId ?? 0), enabled: driverId !== null });
  const accepted = settings.data ? settings.data.payment_methods.includes(booking.payment_method) : true;
  const failure = offer.error ?? release.error;
  const late = isLateBookingCancellation(new Date(booking.scheduled_for), new Date());
  const canOffer = !booking.confirmed && booking.my_offer_price === null && accepted;
  return (
    <li className="card bk-card" aria-label={`Viaje programado de ${booking.passenger_name}`}>
      <div className="bk-card__top">
        <span className="bk-card__when">{scheduledLabel(new Date(booking.scheduled_for))}</span>
        <Badge className="bk-card__service">{booking.service_type}</Badge>
      </div>
      {booking.confirmed && <span className="bk-state bk-state--confirmed">Confirmado contigo</span>}
      <p className="bk-card__route">
        {booking.pickup_address} → {booking.destination_address}
      </p>
      <p className="bk-card__meta">
        {formatSoles(booking.fare)} · {booking.distance_km.toFixed(1)} km · a {booking.distance_to_pickup_km.toFixed(1)}{' '}
        km de ti · {booking.passenger_name}
      </p>
      {/* Once confirmed it is theirs whatever they take today: how it is paid, not a refusal. */}
      <PaymentLine
        method={booking.payment_method}
        cashNote={booking.cash_note}
        price={booking.my_offer_price ?? booking.fare}
        accepted={booking.confirmed || accepted}
      />
      {booking.confirmed && driverId !== null && (
        <BookingChat tripId={booking.id} driverId={driverId} role="driver" peerName={booking.passenger_name} />
      )}
      {failure && (
        <p className="alert alert--error" role="alert">
          {errorMessage(failure)}
        </p>
      )}
      {booking.confirmed ? (
        asking ? (
          <div>
            {late && (
              <p className="bk-warning" role="alert">
                {DRIVER_LATE_CANCEL_WARNING}
              </p>
            )}
            <div className="bk-card__actions">
              <Button variant="danger" onClick={() => release.mutate()} disabled={release.isPending}>
                Sí, cancelar
              </Button>
              <Button variant="ghost" onClick={() => setAsking(false)}>
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
        )
      ) : booking.my_offer_price !== null ? (
        <p className="bk-card__offered" role="status">
          Oferta enviada: {formatSoles(booking.my_offer_price)} · Esperando la respuesta del pasajero
        </p>
      ) : (
        canOffer && (
          <div className="bk-card__offer">
            <div className="bk-card__actions">
              <Button variant="primary" onClick={() => offer.mutate(undefined)} disabled={offer.isPending}>
                {offer.isPending && offer.variables === undefined
                  ? 'Enviando...'
                  : `Ofertar ${formatSoles(booking.fare)}`}
              </Button>
            </div>
            <CounterOfferForm
              disabled={offer.isPending}
              isSending={offer.isPending && offer.variables !== undefined}
              onSubmit={(price) => offer.mutate(price)}
            />
          </div>
        )
      )}
    </li>
  );
}

/**
 * "Programados": bookings of the next 7 days near the driver's usual area, those confirmed with them, and
 * for a while those their passenger cancelled. Live: the server tells this driver on notifications/{driver}
 * whenever their list changes (a booking near them made, taken, cancelled, given back, confirmed with them)
 * and their feed says when their offer was not chosen; the list then reads itself again at once. The poll
 * is only the fallback for a lost message.
 */
export function DriverBookings() {
  const client = useQueryClient();
  const driverId = useSession((s) => s.user?.id ?? null);
  const bookings = useQuery({
    queryKey: bookingKeys.driver,
    queryFn: fetchDriverBookings,
    refetchInterval: BOOKINGS_FALLBACK_POLL_MS,
  });
  const refresh = () => void client.invalidateQueries({ queryKey: bookingKeys.driver });
  useRealtimeTopic(driverId === null ? null : topics.notifications(driverId), listNews, {
    onMessage: (news) => {
      if (news) refresh();
    },
    // Whatever changed while the link was down is read once the subscription is live again.
    onLive: refresh,
  });
  useRealtimeTopic(driverId === null ? null : topics.driverTripRequests(driverId), zDriverFeedMessage, {
    onMessage: (message) => {
      // 'offer_declined': the passenger chose another driver's offer on a booking this driver offered on.
      if (message.type !== 'trip_request' && bookings.data?.some((b) => b.id === message.trip_id)) refresh();
    },
  });
  const { dismissed, dismiss } = useDismissedBookings(driverId);
  // A list-level word: the card it is about may leave the list (a booking given back is no longer theirs).
  const [notice, setNotice] = useState<string | null>(null);
  const visible = bookings.data?.filter((b) => !(b.passenger_cancelled_at && dismissed.has(b.id))) ?? [];
  // The app-wide banner says the same as a cancelled card on screen: the card keeps it, the banner goes.
  const bannerTrip = useBookingNotice((s) => s.tripId);
  const onScreen = bannerTrip !== null && visible.some((b) => b.id === bannerTrip && b.passenger_cancelled_at);
  useEffect(() => {
    if (onScreen) useBookingNotice.getState().dismiss();
  }, [onScreen]);

  if (bookings.isPending) return <p role="status">Cargando viajes programados...</p>;
  if (bookings.isError)
    return (
      <p className="alert alert--error" role="alert">
        {errorMessage(bookings.error)}
      </p>
    );
  return (
    <>
      {notice && (
        <div className="alert alert--info bk-banner" role="status">
          <span>{notice}</span>{' '}
          <button type="button" className="pw-link-btn" onClick={() => setNotice(null)}>
            Entendido
          </button>
        </div>
      )}
      {visible.length === 0 ? (
        <p className="card bk-card">No hay viajes programados cerca de tu zona en los próximos 7 días.</p>
      ) : (
        <ul className="bk-list">
          {visible.map((booking) =>
            booking.passenger_cancelled_at ? (
              <CancelledBookingCard
                key={booking.id}
                booking={booking}
                cancelledAt={booking.passenger_cancelled_at}
                onDismiss={() => dismiss(booking.id)}
              />
            ) : (
              <DriverBookingCard key={booking.id} booking={booking} onReleased={setNotice} />
            ),
          )}
        </ul>
      )}
    </>
  );
}

/** The tabs beside the live requests. */
export function RequestsTabs({
  tab,
  onChange,
}: {
  tab: 'live' | 'scheduled';
  onChange: (tab: 'live' | 'scheduled') => void;
}) {
  return (
    <div className="bk-tabs" role="tablist" aria-label="Solicitudes">
      <button
        type="button"
        role="tab"
        className="bk-tabs__tab"
        aria-selected={tab === 'live'}
        onClick={() => onChange('live')}
      >
        En vivo
      </button>
      <button
        type="button"
        role="tab"
        className="bk-tabs__tab"
        aria-selected={tab === 'scheduled'}
        onClick={() => onChange('scheduled')}
      >
        Programados
      </button>
    </div>
  );
}
