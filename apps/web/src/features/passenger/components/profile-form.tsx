import type { PassengerProfile, UpdatePassengerProfileRequest } from '@jala/contracts';
import { useState } from 'react';

import { useSchemaForm } from '@/components/form/use-schema-form';
import { Button } from '@/components/ui/button';
import { ErrorBanner, TextField } from '@/components/ui/form-field';

import { PROFILE_STORE_FALLBACKS } from '../hooks/use-passenger-profile';

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

/**
 * 'Perfil de pasajero' (spec §2): the six fields, the emergency contact folded away, 'Guardar cambios'.
 * Like the spec's form it does not validate by itself (noValidate): the server's Spanish messages show
 * under each field and in the red banner.
 */
export function ProfileForm({
  profile,
  onSave,
  onCancel,
}: {
  profile: PassengerProfile;
  /** Saves; a throw (the server's refusal) shows its messages under the fields and in the banner. */
  onSave: (changes: UpdatePassengerProfileRequest) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const { form, formRef, banner, field, onSubmit } = useSchemaForm<ProfileValues>({
    defaultValues: toValues(profile),
    fallbackError: PROFILE_STORE_FALLBACKS.update,
  });
  const [showEmergency, setShowEmergency] = useState(false);
  const hasEmergencyError = EMERGENCY_FIELDS.some((name) => form.formState.errors[name]);
  const isEmergencyOpen = showEmergency || hasEmergencyError;
  // Busy while the submit runs (its end and the server's messages render together, so focus can reach them).
  const isSaving = form.formState.isSubmitting;
  const bind = (name: keyof ProfileValues) => ({ ...field(name), disabled: isSaving });

  return (
    <form
      className="card form"
      noValidate
      onSubmit={onSubmit(onSave)}
      aria-labelledby="profile-form-title"
      ref={formRef}
    >
      <h2 className="pw-section-title" id="profile-form-title">
        Perfil de pasajero
      </h2>
      <ErrorBanner message={banner} />
      <div className="form__row">
        <TextField label="Nombre" autoComplete="given-name" {...bind('first_name')} />
        <TextField label="Apellido" autoComplete="family-name" {...bind('last_name')} />
      </div>
      <TextField label="Correo electrónico" type="email" autoComplete="email" inputMode="email" {...bind('email')} />
      <TextField
        label="Teléfono"
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        placeholder="987 654 321"
        {...bind('phone')}
      />

      <button
        type="button"
        className="pw-disclosure"
        aria-expanded={isEmergencyOpen}
        aria-controls="emergency-contact"
        onClick={() => setShowEmergency(!isEmergencyOpen)}
      >
        {isEmergencyOpen ? 'Ocultar contacto de emergencia' : 'Mostrar contacto de emergencia'}
        <span
          className={`pw-disclosure__chevron${isEmergencyOpen ? ' pw-disclosure__chevron--open' : ''}`}
          aria-hidden="true"
        >
          ›
        </span>
      </button>
      {isEmergencyOpen && (
        <fieldset className="pw-subfields" id="emergency-contact">
          <legend className="visually-hidden">Contacto de emergencia</legend>
          <TextField label="Nombre del contacto" autoComplete="off" {...bind('emergency_contact_name')} />
          <TextField
            label="Teléfono del contacto"
            type="tel"
            inputMode="tel"
            autoComplete="off"
            placeholder="987 654 321"
            {...bind('emergency_contact_phone')}
          />
        </fieldset>
      )}

      <div className="pw-form__actions">
        {onCancel && (
          <Button variant="ghost" onClick={onCancel} disabled={isSaving}>
            Cancelar
          </Button>
        )}
        <Button type="submit" variant="primary" disabled={isSaving}>
          {isSaving ? 'Guardando...' : 'Guardar cambios'}
        </Button>
      </div>
    </form>
  );
}
