import '../passenger.css';

import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';

import { AppLayout } from '@/components/layout/app-layout';
import { Button } from '@/components/ui/button';
import { ErrorBanner } from '@/components/ui/form-field';
import { type TabItem, Tabs } from '@/components/ui/tabs';
import { AccountSection } from '@/features/account';
import { NotificationsSection } from '@/features/notifications';
import { ChangePasswordSection } from '@/features/password';
import { PhoneVerificationCard } from '@/features/phone-verification';
import { TrustedContactsSection } from '@/features/safety';
import { useSession } from '@/lib/session-store';

import { passengerKeys } from '../api/passenger-api';
import { ProfileForm } from '../components/profile-form';
import { ProfileSummary } from '../components/profile-summary';
import { SavedLocationsPanel } from '../components/saved-locations-panel';
import { usePassengerProfile } from '../hooks/use-passenger-profile';

type Tab = 'perfil' | 'ubicaciones';
const TABS: readonly TabItem<Tab>[] = [
  { id: 'perfil', label: 'Perfil' },
  { id: 'ubicaciones', label: 'Ubicaciones' },
];

function ProfileTab({ isEditing, setEditing }: { isEditing: boolean; setEditing: (editing: boolean) => void }) {
  const { profile, isLoading, loadError, saveProfile, clearError, reload } = usePassengerProfile();
  const [notice, setNotice] = useState<string | null>(null);

  if (isLoading)
    return (
      <p className="card pw-muted" role="status">
        Cargando perfil...
      </p>
    );
  if (!profile) {
    return (
      <section className="card pw-error-card">
        <ErrorBanner message={loadError} />
        <Button variant="primary" onClick={reload}>
          Reintentar
        </Button>
      </section>
    );
  }
  if (!isEditing) {
    return (
      <ProfileSummary
        profile={profile}
        notice={notice}
        onEdit={() => {
          setNotice(null);
          setEditing(true);
        }}
      />
    );
  }
  return (
    <ProfileForm
      profile={profile}
      onSave={async (changes) => {
        await saveProfile(changes);
        setNotice('Perfil actualizado');
        setEditing(false);
      }}
      onCancel={() => {
        clearError();
        setEditing(false);
      }}
    />
  );
}

/**
 * 'Mi perfil' (spec §2): tabs 'Perfil' and 'Ubicaciones'. The profile opens in view mode; 'Editar perfil'
 * or `?edit=1` (the header menu's 'Editar perfil') opens the form. `?tab=ubicaciones` opens the places tab.
 */
export function PassengerProfilePage() {
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'ubicaciones' ? 'ubicaciones' : 'perfil';
  const isEditing = params.get('edit') === '1';
  const isOperator = useSession((s) => s.user?.roles.includes('admin') === true);

  const update = (changes: { tab?: Tab; edit?: boolean }): void => {
    const next = new URLSearchParams(params);
    if (changes.tab) {
      if (changes.tab === 'ubicaciones') next.set('tab', 'ubicaciones');
      else next.delete('tab');
    }
    if (changes.edit !== undefined) {
      if (changes.edit) next.set('edit', '1');
      else next.delete('edit');
    }
    setParams(next, { replace: true });
  };

  return (
    <AppLayout title="Mi perfil" back={{ to: '/passenger/dashboard' }}>
      <Tabs tabs={TABS} selected={tab} onSelect={(id) => update({ tab: id })} label="Secciones del perfil" />
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`} className="stack stack--loose">
        {tab === 'perfil' ? (
          <>
            <ProfileTab isEditing={isEditing} setEditing={(edit) => update({ edit })} />
            {!isEditing && <PhoneVerificationCard />}
            {!isEditing && (
              <TrustedContactsSection
                onSaved={() => void queryClient.invalidateQueries({ queryKey: passengerKeys.profile })}
              />
            )}
            {!isEditing && <ChangePasswordSection />}
            {!isEditing && <NotificationsSection role="passenger" isOperator={isOperator} />}
            {!isEditing && <AccountSection />}
          </>
        ) : (
          <SavedLocationsPanel />
        )}
      </div>
    </AppLayout>
  );
}
