import type { DriverTripRequest } from '@jala/contracts';
import { formatSoles, scheduledLabel } from '@jala/domain';
import { useMutation, useQuery } from '@tanstack/react-query';

import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { FactList } from '@/components/ui/fact-list';
import { DRIVER_TRIP_ERRORS } from '@/features/live-trip/driver-view/model/driver-trip-errors';
import { OfferChat } from '@/features/live-trip/shared/chat/offer-chat';
import type { ChatClient } from '@/features/live-trip/shared/chat/use-trip-chat';
import { formatAge, formatKm, formatMinutes } from '@/features/live-trip/shared/model/format';
import { PaymentLine, paymentSettingsQuery } from '@/features/payments';
import { errorMessage } from '@/lib/api/api-client';

import { CounterOfferForm } from './counter-offer-form';
import { RequestFareHint } from './request-fare-hint';
import { PassengerWho, RouteStops } from './trip-parts';

export interface TripRequestCardProps {
  request: DriverTripRequest;
  driverId: number;
  /** Sends an offer (the passenger's price, or `price`); resolves the price offered. */
  onOffer: (request: DriverTripRequest, price?: number) => Promise<number>;
  onReject: (request: DriverTripRequest) => Promise<void>;
  chatClient?: ChatClient;
}

type Pending = 'accept' | 'counter' | 'reject' | null;

interface CardAction {
  kind: Exclude<Pending, null>;
  /** Started in the click handler itself, so the request leaves before the click returns. */
  request: Promise<unknown>;
  /** Shown when the failure carries no message of its own. */
  fallback: string;
}

/**
 * One request (spec §2 'Driver trip requests'): passenger, service, pickup, destination, fares, distance,
 * time and distance to pickup; 'Aceptar' / 'Proponer otro precio' / 'Rechazar'. Once offered it shows
 * 'Oferta enviada: S/ x.xx' and the chat with the passenger.
 */
export function TripRequestCard({ request, driverId, onOffer, onReject, chatClient }: TripRequestCardProps) {
  // One action at a time on a card: its kind labels the busy button, its failure shows under the card.
  const action = useMutation({ mutationFn: ({ request }: CardAction) => request });
  const pending: Pending = action.isPending ? action.variables.kind : null;
  const error = action.isError ? errorMessage(action.error, action.variables.fallback) : null;
  const run = (kind: CardAction['kind'], perform: () => Promise<unknown>, fallback: string): void =>
    action.mutate({ kind, request: perform(), fallback });
  const offered = request.my_offer_price;
  const askedPrice = request.offer_price ?? request.estimated_fare;
  // A driver who does not take the trip's method reads so and cannot offer (the server refuses too).
  const settings = useQuery(paymentSettingsQuery(driverId));
  const method = request.payment_method ?? 'cash';
  const accepted = settings.data ? settings.data.payment_methods.includes(method) : true;
  const canOffer = offered === null && accepted;

  const busy = pending !== null;
  return (
    <article
      className="card dt-request"
      aria-label={`Solicitud de ${request.passenger_name}`}
      data-request-id={request.id}
    >
      {request.scheduled_for && (
        <p className="dt-request__scheduled">{scheduledLabel(new Date(request.scheduled_for))}</p>
      )}
      <header className="dt-request__head">
        <PassengerWho
          name={request.passenger_name}
          rating={request.passenger_rating}
          phoneVerified={request.passenger_phone_verified}
          detail={formatAge(request.created_at)}
          avatar="sm"
        />
        <Badge className="dt-pill">{request.service_type}</Badge>
      </header>

      <RouteStops pickupLabel="Recojo" pickup={request.pickup_address} destination={request.destination_address} />

      <FactList
        className="stat-facts dt-facts"
        facts={[
          { label: 'Tarifa estimada', value: formatSoles(request.estimated_fare) },
          request.offer_price !== null && {
            label: 'Precio ofrecido',
            value: formatSoles(request.offer_price),
            className: 'dt-facts__highlight',
          },
        ]}
      />
      <PaymentLine method={method} cashNote={request.cash_note} price={askedPrice} accepted={accepted} />
      <RequestFareHint request={request} />
      <FactList
        className="stat-facts dt-stats"
        facts={[
          { label: 'Distancia', value: formatKm(request.estimated_distance) },
          { label: 'Tiempo', value: formatMinutes(request.estimated_duration) },
          { label: 'Al recojo', value: formatKm(request.distance_to_pickup_km) },
        ]}
      />

      {request.passenger_notes && <p className="dt-request__notes">“{request.passenger_notes}”</p>}

      {offered !== null ? (
        <>
          <p className="dt-request__offered" role="status">
            Oferta enviada: {formatSoles(offered)}
            <span className="dt-request__waiting">Esperando la respuesta del pasajero</span>
          </p>
          <OfferChat
            tripId={request.id}
            driverId={driverId}
            role="driver"
            userId={driverId}
            peerName={request.passenger_name}
            peerLabel={request.passenger_name}
            {...(chatClient ? { client: chatClient } : {})}
          />
        </>
      ) : (
        canOffer && (
          <CounterOfferForm
            disabled={busy}
            isSending={pending === 'counter'}
            onSubmit={(price) => run('counter', () => onOffer(request, price), DRIVER_TRIP_ERRORS.accept)}
          />
        )
      )}

      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}

      <div className="dt-request__actions">
        <Button
          variant="ghost"
          className="dt-request__reject"
          disabled={busy}
          onClick={() => run('reject', () => onReject(request), DRIVER_TRIP_ERRORS.reject)}
        >
          {pending === 'reject' ? 'Rechazando...' : 'Rechazar'}
        </Button>
        {canOffer && (
          <Button
            variant="primary"
            className="dt-request__accept"
            disabled={busy}
            aria-describedby={`dt-asked-${request.id}`}
            onClick={() => run('accept', () => onOffer(request), DRIVER_TRIP_ERRORS.accept)}
          >
            {pending === 'accept' ? 'Aceptando...' : 'Aceptar'}
          </Button>
        )}
      </div>
      {canOffer && (
        <p className="dt-request__hint" id={`dt-asked-${request.id}`}>
          Aceptar envía tu oferta por {formatSoles(askedPrice)}.
        </p>
      )}
    </article>
  );
}
