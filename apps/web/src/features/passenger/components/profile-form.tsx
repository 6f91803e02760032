import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { PassengerProfile, UpdatePassengerProfileRequest } from '@jala/contracts';
import { ErrorBanner, TextField } from '../../../components/ui/form-field';
import { revealFirstInvalid } from '../../../components/ui/reveal';
import type { FieldErrors } from '../../../lib/api-client';

type ProfileValues = Record<keyof PassengerProfile, string>;

function toValues(profile: PassengerProfile): ProfileValues {
  return {
    first_name: profile.first_name,
    last_name: profile.last_name,
    email: profile.email,
    phone: profile.phone ?? '',
    emergency_contact_name: profile.emergency_contact_name ?? '',
    emergency_contact_phone: profile.emergency_contact_phone ?? '',
  };
}

const EMERGENCY_FIELDS = ['emergency_contact_name', 'emergency_contact_phone'] as const;
const PROFILE_FIELDS: readonly string[] = ['first_name', 'last_name', 'email', 'phone', ...EMERGENCY_FIELDS];

/** The red banner carries the store error unless every message of it already sits under its field. */
function bannerMessage(error: string | null, fieldErrors: FieldErrors): string | null {
  const keys = Object.keys(fieldErrors);
  const isAllInline = keys.length > 0 && keys.every((key) => PROFILE_FIELDS.includes(key));
  return isAllInline ? null : error;
}

/**
 * 'Perfil de pasajero' (spec §2): the six fields, the emergency contact folded away, 'Guardar cambios'.
 * Like the spec's form it does not validate by itself (noValidate): the server's Spanish messages show
 * under each field and in the red banner.
 */
export function ProfileForm({ profile, error, fieldErrors, isSaving, onSave, onCancel }: {
  profile: PassengerProfile;
  error: string | null;
  fieldErrors: FieldErrors;
  isSaving: boolean;
  onSave: (changes: UpdatePassengerProfileRequest) => void;
  onCancel?: () => void;
}) {
  const [values, setValues] = useState(() => toValues(profile));
  const [showEmergency, setShowEmergency] = useState(false);
  const hasEmergencyError = EMERGENCY_FIELDS.some((field) => fieldErrors[field]);
  const isEmergencyOpen = showEmergency || hasEmergencyError;
  const formRef = useRef<HTMLFormElement>(null);
  // The server's field errors arrive after the submit: focus the first one and bring it into sight.
  useEffect(() => {
    if (Object.values(fieldErrors).some(Boolean)) revealFirstInvalid(formRef.current);
  }, [fieldErrors]);

  const bind = (field: keyof ProfileValues) => ({
    name: field,
    value: values[field],
    onChange: (event: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: event.target.value })),
    error: fieldErrors[field],
    disabled: isSaving,
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    onSave({ ...values });
  };

  return (
    <form className="card form" noValidate onSubmit={onSubmit} aria-labelledby="profile-form-title" ref={formRef}>
      <h2 className="pw-section-title" id="profile-form-title">Perfil de pasajero</h2>
      <ErrorBanner message={bannerMessage(error, fieldErrors)} />
      <div className="form__row">
        <TextField label="Nombre" autoComplete="given-name" {...bind('first_name')} />
        <TextField label="Apellido" autoComplete="family-name" {...bind('last_name')} />
      </div>
      <TextField label="Correo electrónico" type="email" autoComplete="email" inputMode="email" {...bind('email')} />
      <TextField label="Teléfono" type="tel" autoComplete="tel" inputMode="tel" placeholder="987 654 321" {...bind('phone')} />

      <button
        type="button"
        className="pw-disclosure"
        aria-expanded={isEmergencyOpen}
        aria-controls="emergency-contact"
        onClick={() => setShowEmergency(!isEmergencyOpen)}
      >
        {isEmergencyOpen ? 'Ocultar contacto de emergencia' : 'Mostrar contacto de emergencia'}
        <span className={`pw-disclosure__chevron${isEmergencyOpen ? ' pw-disclosure__chevron--open' : ''}`} aria-hidden="true">›</span>
      </button>
      {isEmergencyOpen && (
        <fieldset className="pw-subfields" id="emergency-contact">
          <legend className="visually-hidden">Contacto de emergencia</legend>
          <TextField label="Nombre del contacto" autoComplete="off" {...bind('emergency_contact_name')} />
          <TextField label="Teléfono del contacto" type="tel" inputMode="tel" autoComplete="off" placeholder="987 654 321" {...bind('emergency_contact_phone')} />
        </fieldset>
      )}

      <div className="pw-form__actions">
        {onCancel && (
          <button type="button" className="btn btn--ghost" onClick={onCancel} disabled={isSaving}>Cancelar</button>
        )}
        <button type="submit" className="btn btn--primary" disabled={isSaving}>
          {isSaving ? 'Guardando...' : 'Guardar cambios'}
        </button>
      </div>
    </form>
  );
}
