import '../driver.css';

import { Link } from 'react-router';

import { AppLayout } from '@/components/layout/app-layout';
import { buttonClassName } from '@/components/ui/button';
import { CarIcon, ChevronRightIcon, HistoryIcon, UserIcon, WalletIcon } from '@/components/ui/icons';
import { BalanceFloorNotice } from '@/features/driver-ledger';
import { VerifyPhonePrompt } from '@/features/phone-verification';

import { MotivationBanner } from '../components/motivation-banner';
import { TodayCard } from '../components/today-card';
import { USUAL_REVIEW_TIME } from '../components/verification-waiting';
import { useDriverDocuments, useDriverProfile, useDriverStatus } from '../hooks/use-driver-queries';
import { useVerificationFeed } from '../hooks/use-verification-feed';
import { driverStatusLabel } from '../model/driver-format';

/** What a new or pending driver still has to do before receiving requests. */
function ReadinessNotice() {
  const { data: profile, isSuccess } = useDriverProfile();
  if (!isSuccess) return null;
  if (profile === null) {
    return (
      <Link to="/driver/profile" className="alert drv-alert-warning list-link">
        <span className="list-link__text">Completa tu perfil de conductor para empezar a recibir viajes.</span>
        <ChevronRightIcon />
      </Link>
    );
  }
  return <DocumentsNotice />;
}

/**
 * Where the driver's documents stand, linking to 'Documentos': missing or rejected (with the operator's
 * reason), waiting for review, or about to expire / expired — told a week before and on the day.
 */
function DocumentsNotice() {
  const { data } = useDriverDocuments();
  if (!data) return null;
  const toDocuments = (text: string, tone: 'warning' | 'error') => (
    <Link
      to="/driver/profile?tab=documentos"
      className={`alert ${tone === 'error' ? 'alert--error' : 'drv-alert-warning'} list-link`}
    >
      <span className="list-link__text">{text}</span>
      <ChevronRightIcon />
    </Link>
  );
  if (data.verification_status === 'rejected') {
    return toDocuments(
      `Tus documentos fueron rechazados: ${data.rejection_reason ?? 'revisa el motivo'}. Vuelve a subirlos.`,
      'error',
    );
  }
  if (data.verification_status === 'pending_verification') {
    return data.submitted_at ? (
      <p className="alert drv-alert-warning">
        Tus documentos están en revisión; suele tomar {USUAL_REVIEW_TIME}. Mientras tanto puedes registrar tus vehículos
        y conectarte: recibirás solicitudes cuando un operador los apruebe y te avisaremos en la app.
      </p>
    ) : (
      toDocuments(
        'Sube tus documentos (licencia, SOAT, tarjeta de propiedad y foto del vehículo) para empezar a recibir viajes.',
        'warning',
      )
    );
  }
  if (data.expiry_notice) return toDocuments(data.expiry_notice, data.documents_expired ? 'error' : 'warning');
  return null;
}

function StatusLink() {
  const { data: status } = useDriverStatus();
  const isOnline = status?.driver_status === 'online';
  return (
    <Link to="/driver/status" className="list-link card">
      <CarIcon />
      {/* The pill under the title: beside it, 'Desconectado' leaves the title no room at 360 px. */}
      <span className="list-link__text drv-status-link__text">
        Estado del conductor
        {status && (
          <span className={`drv-status-pill tone--${isOnline ? 'success' : 'neutral'}`}>
            {driverStatusLabel(isOnline)}
          </span>
        )}
      </span>
      <ChevronRightIcon />
    </Link>
  );
}

/** 'Panel del Conductor' (spec §2): motivation, today's numbers and the ways in to work. */
export function DriverDashboardPage() {
  const verification = useVerificationFeed();
  return (
    <AppLayout title="Panel del Conductor" subtitle="Monitorea tu progreso y maximiza tus ganancias" nav="driver">
      <MotivationBanner />
      {verification === 'verified' && (
        <p className="alert drv-alert-success" role="status">
          Un operador aprobó tus documentos: ya puedes recibir solicitudes.
        </p>
      )}
      <ReadinessNotice />
      <BalanceFloorNotice />
      <VerifyPhonePrompt profilePath="/driver/profile" />
      <TodayCard />
      <Link to="/driver/trip-request" className={buttonClassName({ variant: 'primary', block: true })}>
        <CarIcon /> Empezar a ganar
      </Link>
      <Link to="/driver/earnings" className="list-link card">
        <WalletIcon />
        <span className="list-link__text">Consulta tus ingresos detallados</span>
        <ChevronRightIcon />
      </Link>
      <Link to="/driver/saldo" className="list-link card">
        <WalletIcon />
        <span className="list-link__text">Saldo con Jala</span>
        <ChevronRightIcon />
      </Link>
      <Link to="/driver/trips" className="list-link card">
        <HistoryIcon />
        <span className="list-link__text">Mis viajes y recibos</span>
        <ChevronRightIcon />
      </Link>
      <StatusLink />
      <Link to="/driver/profile" className="list-link card">
        <UserIcon />
        <span className="list-link__text">Perfil y vehículos</span>
        <ChevronRightIcon />
      </Link>
    </AppLayout>
  );
}
