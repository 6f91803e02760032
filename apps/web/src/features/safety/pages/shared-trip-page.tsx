import '../safety.css';

import { APP_NAME, SHARE_POLL_MS, tripStatusLabel } from '@jala/domain';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';

import { FollowedTripMap } from '@/features/map';
import { errorMessage, isApiError } from '@/lib/api/api-client';
import { createQueryClient } from '@/lib/query-client';

import { fetchSharedTrip, SAFETY_ERRORS, safetyKeys } from '../api/safety-api';

/**
 * Whoever opens a shared link is usually signed out, and the signed-out app has no query cache (the
 * login route stays light): this page brings its own.
 */
export function SharedTripPage() {
  const [client] = useState(createQueryClient);
  return (
    <QueryClientProvider client={client}>
      <SharedTripView />
    </QueryClientProvider>
  );
}

/**
 * The public, read-only page of a shared trip (/compartir/:token, no login): driver, vehicle, plate, the
 * car moving on the map with the route, and the ETA. It polls its own endpoint; once the trip ends or the
 * link expires (404) it says so and shows no position any more.
 */
function SharedTripView() {
  const { token = '' } = useParams();
  const query = useQuery({
    queryKey: safetyKeys.sharedTrip(token),
    queryFn: () => fetchSharedTrip(token),
    retry: (count, error) => !(isApiError(error) && error.status < 500) && count < 2,
    refetchInterval: (q) => (q.state.status === 'error' ? false : SHARE_POLL_MS),
  });
  useEffect(() => {
    document.title = `Viaje compartido · ${APP_NAME}`;
  }, []);
  const trip = query.data;
  // A link that stopped working hides what was shown before it did.
  const ended = query.isError;

  return (
    <div className="sf-public">
      <header className="sf-public__header">
        <p className="sf-public__brand">{APP_NAME}</p>
        <h1 className="sf-public__title">Viaje compartido</h1>
      </header>
      <main className="sf-public__main">
        {query.isPending && (
          <p role="status" className="section-note">
            Cargando viaje...
          </p>
        )}
        {ended && (
          <section className="card sf-public__ended" role="alert" data-testid="share-ended">
            <h2 className="section-title">Viaje no disponible</h2>
            <p>
              {isApiError(query.error) && query.error.status === 404
                ? query.error.message
                : errorMessage(query.error, SAFETY_ERRORS.sharedTrip)}
            </p>
          </section>
        )}
        {trip && !ended && (
          <>
            <section className="card sf-public__summary" aria-label="Resumen del viaje">
              <p className="sf-pill" data-testid="shared-status">
                {tripStatusLabel(trip.status)}
              </p>
              <p className="sf-public__eta" data-testid="shared-eta">
                {trip.eta_minutes == null
                  ? 'Esperando la ubicación del auto...'
                  : `${trip.status === 'in_progress' ? 'Llega a su destino' : 'Llega al punto de recojo'} en ~${trip.eta_minutes} min`}
              </p>
              <p>
                Conductor: <strong>{trip.driver_first_name}</strong>
              </p>
              {trip.vehicle && (
                <>
                  <p>
                    {trip.vehicle.brand} {trip.vehicle.model} · {trip.vehicle.color}
                  </p>
                  <p className="sf-plate" data-testid="shared-plate">
                    {trip.vehicle.license_plate}
                  </p>
                </>
              )}
            </section>
            <section className="card sf-public__map-card" aria-label="Mapa en vivo">
              <div className="sf-public__map">
                <FollowedTripMap
                  label="Mapa del viaje compartido"
                  origin={trip.pickup}
                  destination={trip.destination}
                  routePolyline={trip.route_polyline}
                  driverPosition={trip.position}
                  driverTitle="El auto"
                />
              </div>
              <p className="section-note sf-public__addr">Recojo: {trip.pickup.address}</p>
              <p className="section-note sf-public__addr">Destino: {trip.destination.address}</p>
              {trip.position && (
                <p className="section-note" data-testid="shared-position">
                  Posición: {trip.position.latitude.toFixed(4)}, {trip.position.longitude.toFixed(4)}
                </p>
              )}
            </section>
          </>
        )}
      </main>
    </div>
  );
}
