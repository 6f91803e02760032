import { Link } from 'react-router';
import { useDriverDocuments, useDriverStatus } from '../hooks/use-driver-queries';
import { useVerificationFeed } from '../hooks/use-verification-feed';
import '../driver.css';

/** How long a review usually takes, as the driver is told (operators work through the queue in order). */
export const USUAL_REVIEW_TIME = 'menos de 24 horas';

/**
 * Whether the driver may receive requests, as far as the app knows before asking for them: 'checking'
 * while the answers load, 'ready' when nothing is known to stop them (the server still has the last
 * word), else what stops them. Asking for requests the server will refuse only shows an error.
 */
export type RequestsReadiness = 'checking' | 'ready' | 'in_review' | 'documents_missing' | 'rejected' | 'offline';

export function useRequestsReadiness(): RequestsReadiness {
  // An operator's decision arrives live: the answers below are refetched and the page follows.
  useVerificationFeed();
  const documents = useDriverDocuments();
  const status = useDriverStatus();
  if (documents.isPending || status.isPending) return 'checking';
  const docs = documents.data;
  if (docs && docs.verification_status === 'pending_verification') return docs.submitted_at ? 'in_review' : 'documents_missing';
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
          Un operador de Jala revisa tu licencia, SOAT, tarjeta de propiedad y la foto de tu vehículo. Suele tomar {USUAL_REVIEW_TIME}. Cuando los
          apruebe, las solicitudes de viaje aparecerán aquí.
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
  const texts: Record<typeof readiness, { text: string; to: string; label: string }> = {
    documents_missing: {
      text: 'Sube tus documentos (licencia, SOAT, tarjeta de propiedad y foto del vehículo) para empezar a recibir viajes.',
      to: '/driver/profile?tab=documentos',
      label: 'Subir documentos',
    },
    rejected: { text: 'Tus documentos fueron rechazados. Revisa el motivo y vuelve a subirlos.', to: '/driver/profile?tab=documentos', label: 'Ver mis documentos' },
    offline: { text: 'Estás desconectado. Conéctate en "Estado" para recibir solicitudes.', to: '/driver/status', label: 'Ir a Estado del Conductor' },
  };
  const { text, to, label } = texts[readiness];
  return (
    <section className="card stack" data-testid="requests-readiness">
      <p>{text}</p>
      <Link to={to} className="btn btn--primary btn--block">
        {label}
      </Link>
    </section>
  );
}
