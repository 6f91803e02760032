import '../driver.css';

import { Link } from 'react-router';

import { Button, buttonClassName } from '@/components/ui/button';
import { InlineError } from '@/components/ui/form-field';
import { errorMessage } from '@/lib/api/api-client';

import { DRIVER_ERRORS } from '../api/driver-errors';
import { useDriverDocuments, useDriverProfile, useDriverStatus, useVehicles } from '../hooks/use-driver-queries';
import { usableVehicle, useStatusChange } from '../hooks/use-status-change';
import { useVerificationFeed } from '../hooks/use-verification-feed';
import { vehicleOptionLabel } from '../model/driver-format';

/** How long a review usually takes, as the driver is told (operators work through the queue in order). */
export const USUAL_REVIEW_TIME = 'menos de 24 horas';

/**
 * Whether the driver may receive requests, as far as the app knows before asking for them: 'checking'
 * while the answers load, 'ready' when nothing is known to stop them (the server still has the last
 * word), else what stops them. Asking for requests the server will refuse only shows an error.
 */
export type RequestsReadiness =
  'checking' | 'ready' | 'profile_missing' | 'in_review' | 'documents_missing' | 'rejected' | 'offline';

export function useRequestsReadiness(): RequestsReadiness {
  // An operator's decision arrives live: the answers below are refetched and the page follows.
  useVerificationFeed();
  const profile = useDriverProfile();
  const documents = useDriverDocuments();
  const status = useDriverStatus();
  if (profile.isPending || status.isPending) return 'checking';
  // Without a driver profile there are no documents to ask about (the documents query waits for one).
  if (profile.data === null) return 'profile_missing';
  if (documents.isPending && profile.isSuccess) return 'checking';
  const docs = documents.data;
  if (docs && docs.verification_status === 'pending_verification')
    return docs.submitted_at ? 'in_review' : 'documents_missing';
  if (docs && docs.verification_status === 'rejected') return 'rejected';
  if (status.data?.driver_status === 'offline') return 'offline';
  return 'ready';
}

/**
 * What a driver who cannot receive requests yet reads instead of an error: for documents in review,
 * what happens next, how long it usually takes, what to do meanwhile and that they will be told.
 */
export function RequestsReadinessCard({ readiness }: { readiness: Exclude<RequestsReadiness, 'checking' | 'ready'> }) {
  if (readiness === 'in_review') {
    return (
      <section className="card stack" aria-labelledby="drv-waiting-title" data-testid="verification-waiting">
        <h2 id="drv-waiting-title" className="drv-waiting__title">
          Tus documentos están en revisión
        </h2>
        <p>
          Un operador de Jala revisa tu licencia, SOAT, tarjeta de propiedad y la foto de tu vehículo. Suele tomar{' '}
          {USUAL_REVIEW_TIME}. Cuando los apruebe, las solicitudes de viaje aparecerán aquí.
        </p>
        <p>Te avisaremos en la app en cuanto un operador decida, también si hay que corregir algo.</p>
        <h3 className="drv-waiting__subtitle">Mientras tanto puedes</h3>
        <ul className="drv-waiting__list">
          <li>
            <Link to="/driver/profile?tab=vehiculos">Registrar o revisar tus vehículos</Link>
          </li>
          <li>
            <Link to="/driver/status">Elegir tu vehículo activo y conectarte</Link>
          </li>
          <li>
            <Link to="/driver/profile?tab=documentos">Ver el estado de tus documentos</Link>
          </li>
        </ul>
      </section>
    );
  }
  if (readiness === 'offline') return <OfflineCard />;
  const texts: Record<Exclude<typeof readiness, 'offline'>, { text: string; to: string; label: string }> = {
    profile_missing: {
      text: 'Completa tu perfil de conductor para empezar a recibir viajes.',
      to: '/driver/profile',
      label: 'Completar mi perfil',
    },
    documents_missing: {
      text: 'Sube tus documentos (licencia, SOAT, tarjeta de propiedad y foto del vehículo) para empezar a recibir viajes.',
      to: '/driver/profile?tab=documentos',
      label: 'Subir documentos',
    },
    rejected: {
      text: 'Tus documentos fueron rechazados. Revisa el motivo y vuelve a subirlos.',
      to: '/driver/profile?tab=documentos',
      label: 'Ver mis documentos',
    },
  };
  const { text, to, label } = texts[readiness];
  return (
    <section className="card stack" data-testid="requests-readiness">
      <p>{text}</p>
      <Link to={to} className={buttonClassName({ variant: 'primary', block: true })}>
        {label}
      </Link>
    </section>
  );
}

/**
 * An offline driver on the requests page. With a vehicle in service to go online with, 'Conectarse' is right
 * here (the status page's own call): one tap and the requests load, no detour through 'Estado'. Without one
 * (none yet, or it is in maintenance) the way is still 'Estado del Conductor', where the vehicle is chosen.
 */
function OfflineCard() {
  const status = useDriverStatus();
  const vehicles = useVehicles();
  const connect = useStatusChange();
  const vehicle = vehicles.isSuccess ? usableVehicle(status.data?.active_vehicle_id ?? null, vehicles.data) : null;
  const failure = connect.isError ? errorMessage(connect.error, DRIVER_ERRORS.updateStatus) : null;
  if (vehicles.isPending) {
    return (
      <section className="card stack" data-testid="requests-readiness">
        <p>Estás desconectado.</p>
      </section>
    );
  }
  if (!vehicle) {
    return (
      <section className="card stack" data-testid="requests-readiness">
        <p>Estás desconectado. Conéctate en "Estado" para recibir solicitudes.</p>
        <Link to="/driver/status" className={buttonClassName({ variant: 'primary', block: true })}>
          Ir a Estado del Conductor
        </Link>
      </section>
    );
  }
  return (
    <section className="card stack" data-testid="requests-readiness">
      <p>Estás desconectado. Conéctate para recibir solicitudes.</p>
      <p className="drv-offline__vehicle">Vehículo: {vehicleOptionLabel(vehicle)}</p>
      <Button
        variant="primary"
        block
        disabled={connect.isPending}
        onClick={() => connect.mutate({ status: 'online', vehicle_id: vehicle.id })}
      >
        {connect.isPending ? 'Conectando...' : 'Conectarse'}
      </Button>
      <InlineError message={failure} />
      <Link to="/driver/status" className="drv-offline__other">
        Usar otro vehículo en Estado del Conductor
      </Link>
    </section>
  );
}
