import '../driver.css';

import { isDriverType } from '@jala/domain';
import { useState } from 'react';
import { useSearchParams } from 'react-router';

import { AppLayout } from '@/components/layout/app-layout';
import { RetryAlert } from '@/components/ui/retry-alert';
import { type TabItem, Tabs } from '@/components/ui/tabs';
import { AccountSection } from '@/features/account';
import { NotificationsSection } from '@/features/notifications';
import { ChangePasswordSection } from '@/features/password';
import { PaymentSettingsSection } from '@/features/payments';
import { PhoneVerificationCard } from '@/features/phone-verification';
import { DriverPhotoSection, TrustedContactsSection } from '@/features/safety';
import { errorMessage } from '@/lib/api/api-client';
import { useSession } from '@/lib/session-store';

import { DRIVER_ERRORS } from '../api/driver-errors';
import { DocumentsSection } from '../components/documents-section';
import { DriverProfileForm } from '../components/driver-profile-form';
import { DriverRegistrationForm } from '../components/driver-registration-form';
import { InlineLoading, SuccessBanner } from '../components/inline-status';
import { RequestAlertSwitch } from '../components/request-alert-switch';
import { VehiclesSection } from '../components/vehicles-section';
import { useDriverProfile, useInvalidateDriver } from '../hooks/use-driver-queries';
import { useVerificationFeed } from '../hooks/use-verification-feed';

type Tab = 'perfil' | 'vehiculos' | 'documentos';
const TABS: readonly TabItem<Tab>[] = [
  { id: 'perfil', label: 'Perfil' },
  { id: 'vehiculos', label: 'Vehículos' },
  { id: 'documentos', label: 'Documentos' },
];

function ProfileTab({ autoFocus }: { autoFocus: boolean }) {
  const { data: profile, error, isPending, refetch } = useDriverProfile();
  const [saved, setSaved] = useState<string | null>(null);
  const invalidateDriver = useInvalidateDriver();
  const name = useSession((s) => `${s.user?.first_name ?? ''} ${s.user?.last_name ?? ''}`.trim());
  const isOperator = useSession((s) => s.user?.roles.includes('admin') === true);
  if (isPending) return <InlineLoading text="Cargando perfil..." />;
  if (error) {
    return <RetryAlert message={errorMessage(error, DRIVER_ERRORS.profile)} onRetry={() => void refetch()} />;
  }
  const pending = profile && profile.verification_status !== 'verified';
  return (
    <>
      <SuccessBanner message={saved} />
      {pending && (
        <p className="alert drv-alert-warning">
          Documentos en verificación: podrás recibir solicitudes cuando los verifiquemos.
        </p>
      )}
      {/* Re-mounted when the profile appears, so the form switches from 'register' to 'edit' with fresh values. */}
      <DriverProfileForm key={profile ? 'edit' : 'new'} profile={profile} autoFocus={autoFocus} onSaved={setSaved} />
      <PhoneVerificationCard />
      {profile && <PaymentSettingsSection />}
      {profile && <RequestAlertSwitch />}
      {profile && <DriverPhotoSection name={name} />}
      {profile && (
        <TrustedContactsSection
          emergencyPhone={profile.emergency_contact_phone}
          onSaved={() => void invalidateDriver()}
        />
      )}
      <ChangePasswordSection />
      {profile && <NotificationsSection role="driver" isOperator={isOperator} />}
      <AccountSection />
    </>
  );
}

/** 'Perfil de Conductor' (spec §2): tabs 'Perfil' and 'Vehículos'; ?edit=1 opens the profile form focused. */
export function DriverProfilePage() {
  const [params, setParams] = useSearchParams();
  const isEditing = params.get('edit') === '1';
  const asked = params.get('tab');
  const tab: Tab = !isEditing && (asked === 'vehiculos' || asked === 'documentos') ? asked : 'perfil';
  const userType = useSession((s) => s.user?.user_type);
  const [notice, setNotice] = useState<string | null>(null);
  // An operator's decision shows at once in the tabs that depend on it (the 'Documentos' status, the banner).
  useVerificationFeed();

  const selectTab = (next: Tab) => setParams(next === 'perfil' ? {} : { tab: next }, { replace: true });

  if (!isDriverType(userType)) {
    return (
      <AppLayout title="Perfil de Conductor" back={{ to: '/dashboard' }}>
        <DriverRegistrationForm onRegistered={setNotice} />
      </AppLayout>
    );
  }

  return (
    <AppLayout title="Perfil de Conductor" back={{ to: '/driver/dashboard' }}>
      <SuccessBanner message={notice} />
      <Tabs tabs={TABS} selected={tab} onSelect={selectTab} label="Secciones del perfil" />
      {/* Every panel stays mounted (the others hidden), so switching tabs keeps what was typed. */}
      <div
        role="tabpanel"
        id="panel-perfil"
        aria-labelledby="tab-perfil"
        className="stack stack--loose"
        hidden={tab !== 'perfil'}
      >
        <ProfileTab autoFocus={isEditing} />
      </div>
      <div
        role="tabpanel"
        id="panel-vehiculos"
        aria-labelledby="tab-vehiculos"
        className="stack stack--loose"
        hidden={tab !== 'vehiculos'}
      >
        <VehiclesSection />
      </div>
      <div
        role="tabpanel"
        id="panel-documentos"
        aria-labelledby="tab-documentos"
        className="stack stack--loose"
        hidden={tab !== 'documentos'}
      >
        <DocumentsSection />
      </div>
    </AppLayout>
  );
}
