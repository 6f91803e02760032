import type { DriverTripRequest } from '@jala/contracts';

import { DRIVER_TRIP_ERRORS } from '@/features/live-trip/driver-view/model/driver-trip-errors';
import type { ChatClient } from '@/features/live-trip/shared/chat/use-trip-chat';
import { errorMessage } from '@/lib/api/api-client';

import { RequestsError } from './requests-error';
import { TripRequestCard } from './trip-request-card';

export interface TripRequestsViewProps {
  driverId: number;
  requests: readonly DriverTripRequest[];
  isLoading: boolean;
  error: unknown;
  onOffer: (request: DriverTripRequest, price?: number) => Promise<number>;
  onReject: (request: DriverTripRequest) => Promise<void>;
  chatClient?: ChatClient;
}

/** '1 solicitud disponible' / 'N solicitudes disponibles': how many cards are rendered. */
export function requestsCountLabel(count: number): string {
  return count === 1 ? '1 solicitud disponible' : `${count} solicitudes disponibles`;
}

/** The list part of 'Solicitudes de Viaje': loading, store error, empty state or the cards under a count header. */
export function TripRequestsView({
  driverId,
  requests,
  isLoading,
  error,
  onOffer,
  onReject,
  chatClient,
}: TripRequestsViewProps) {
  if (error) return <RequestsError message={errorMessage(error, DRIVER_TRIP_ERRORS.requests)} />;
  if (isLoading) {
    return (
      <p className="dt-status" role="status">
        <span className="spinner" aria-hidden="true" /> Cargando solicitudes...
      </p>
    );
  }
  if (requests.length === 0) {
    return (
      <section className="card empty-state">
        <p className="empty-state__text">No hay solicitudes de viaje disponibles.</p>
        <p className="muted">Te avisaremos aquí apenas llegue una nueva.</p>
      </section>
    );
  }
  return (
    <section className="stack" aria-labelledby="dt-requests-count">
      <h2 id="dt-requests-count" className="dt-requests__count" aria-live="polite">
        {requestsCountLabel(requests.length)}
      </h2>
      <ul className="dt-requests__list">
        {requests.map((request) => (
          <li key={request.id}>
            <TripRequestCard
              request={request}
              driverId={driverId}
              onOffer={onOffer}
              onReject={onReject}
              {...(chatClient ? { chatClient } : {})}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
