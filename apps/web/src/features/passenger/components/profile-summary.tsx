import type { PassengerProfile } from '@jala/contracts';
import { formatPeruvianPhone } from '@jala/domain';

import { Button } from '@/components/ui/button';
import { EditIcon } from '@/components/ui/icons';

function formatPhone(phone: string | null): string {
  return phone ? formatPeruvianPhone(phone) : '—';
}

/** View mode of 'Perfil de pasajero': the data and 'Editar perfil'. */
export function ProfileSummary({
  profile,
  notice,
  onEdit,
}: {
  profile: PassengerProfile;
  notice: string | null;
  onEdit: () => void;
}) {
  const hasContact = profile.emergency_contact_name || profile.emergency_contact_phone;
  return (
    <section className="card stack stack--loose" aria-labelledby="profile-summary-title">
      <h2 className="pw-section-title" id="profile-summary-title">
        Perfil de pasajero
      </h2>
      {notice && (
        <p className="alert pw-alert--success" role="status">
          {notice}
        </p>
      )}
      <dl className="pw-detail-list">
        <div>
          <dt>Nombre</dt>
          <dd>{`${profile.first_name} ${profile.last_name}`.trim()}</dd>
        </div>
        <div>
          <dt>Correo electrónico</dt>
          <dd>{profile.email}</dd>
        </div>
        <div>
          <dt>Teléfono</dt>
          <dd>{formatPhone(profile.phone)}</dd>
        </div>
        <div>
          <dt>Contacto de emergencia</dt>
          <dd>
            {hasContact
              ? `${profile.emergency_contact_name ?? ''} · ${formatPhone(profile.emergency_contact_phone)}`
              : 'Sin registrar'}
          </dd>
        </div>
      </dl>
      <Button variant="primary" block onClick={onEdit}>
        <EditIcon /> Editar perfil
      </Button>
    </section>
  );
}
