import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DriverBooking } from '@jala/contracts';
import { formatSoles, isLateBookingCancellation, scheduledLabel } from '@jala/domain';
import { errorMessage } from '../../lib/api-client';
import { bookingKeys, fetchDriverBookings, offerOnBooking, releaseBooking } from './booking-api';
import { useSession } from '../../lib/session-store';
import { BookingChat } from './booking-chat';
import './bookings.css';

const DRIVER_LATE_CANCEL_WARNING = 'Falta menos de 1 hora: si cancelas ahora, cuenta en tu tasa de finalización.';

function DriverBookingCard({ booking }: { booking: DriverBooking }) {
  const client = useQueryClient();
  const driverId = useSession((s) => s.user?.id ?? null);
  const [notice, setNotice] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const refresh = () => client.invalidateQueries({ queryKey: bookingKeys.driver });
  const offer = useMutation({ mutationFn: () => offerOnBooking(booking.id), onSuccess: async (r) => { setNotice(r.message); await refresh(); } });
  const release = useMutation({ mutationFn: () => releaseBooking(booking.id), onSuccess: async (r) => { setNotice(r.message); await refresh(); } });
  const failure = offer.error ?? release.error;
  const late = isLateBookingCancellation(new Date(booking.scheduled_for), new Date());
  return (
    <li className="card bk-card" aria-label={`Viaje programado de ${booking.passenger_name}`}>
      <span className="bk-card__when">{scheduledLabel(new Date(booking.scheduled_for))}</span>
      {booking.confirmed && <span className="bk-state bk-state--confirmed">Confirmado contigo</span>}
      <p className="bk-card__route">{booking.pickup_address} → {booking.destination_address}</p>
      <p className="bk-card__meta">
        {formatSoles(booking.fare)} · {booking.distance_km.toFixed(1)} km · a {booking.distance_to_pickup_km.toFixed(1)} km de ti · {booking.passenger_name}
      </p>
      {booking.confirmed && driverId !== null && <BookingChat tripId={booking.id} driverId={driverId} role="driver" peerName={booking.passenger_name} />}
      {notice && <p className="alert alert--info" role="status">{notice}</p>}
      {failure && <p className="alert alert--error" role="alert">{errorMessage(failure)}</p>}
      {booking.confirmed ? (
        asking ? (
          <div>
            {late && <p className="bk-warning" role="alert">{DRIVER_LATE_CANCEL_WARNING}</p>}
            <div className="bk-card__actions">
              <button type="button" className="btn btn--danger" onClick={() => release.mutate()} disabled={release.isPending}>Sí, cancelar</button>
              <button type="button" className="btn btn--ghost" onClick={() => setAsking(false)}>Volver</button>
            </div>
          </div>
        ) : (
          <div className="bk-card__actions"><button type="button" className="btn btn--ghost" onClick={() => setAsking(true)}>Cancelar</button></div>
        )
      ) : booking.my_offer_price !== null ? (
        <p className="bk-card__meta">Ofertaste {formatSoles(booking.my_offer_price)}. Esperando al pasajero.</p>
      ) : (
        <div className="bk-card__actions">
          <button type="button" className="btn btn--primary" onClick={() => offer.mutate()} disabled={offer.isPending}>
            {offer.isPending ? 'Enviando...' : `Ofertar ${formatSoles(booking.fare)}`}
          </button>
        </div>
      )}
    </li>
  );
}

/** "Programados": bookings of the next 7 days near the driver's usual area, and those confirmed with them. */
export function DriverBookings() {
  const bookings = useQuery({ queryKey: bookingKeys.driver, queryFn: fetchDriverBookings, refetchInterval: 60_000 });
  if (bookings.isPending) return <p role="status">Cargando viajes programados...</p>;
  if (bookings.isError) return <p className="alert alert--error" role="alert">{errorMessage(bookings.error)}</p>;
  if (bookings.data.length === 0) return <p className="card bk-card">No hay viajes programados cerca de tu zona en los próximos 7 días.</p>;
  return <ul className="bk-list">{bookings.data.map((booking) => <DriverBookingCard key={booking.id} booking={booking} />)}</ul>;
}

/** The tabs beside the live requests. */
export function RequestsTabs({ tab, onChange }: { tab: 'live' | 'scheduled'; onChange: (tab: 'live' | 'scheduled') => void }) {
  return (
    <div className="bk-tabs" role="tablist" aria-label="Solicitudes">
      <button type="button" role="tab" className="bk-tabs__tab" aria-selected={tab === 'live'} onClick={() => onChange('live')}>En vivo</button>
      <button type="button" role="tab" className="bk-tabs__tab" aria-selected={tab === 'scheduled'} onClick={() => onChange('scheduled')}>Programados</button>
    </div>
  );
}
