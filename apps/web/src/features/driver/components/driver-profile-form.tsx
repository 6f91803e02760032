import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { zLicenseNumber, zUpdateDriverProfileRequest, type DriverProfile } from '@jala/contracts';
import { LICENSE_EXPIRY_DATE_LENGTH, SEARCH_RADIUS_DEFAULT_KM, SEARCH_RADIUS_MIN_KM } from '@jala/domain';
import { ErrorBanner, TextField } from '../../../components/ui/form-field';
import { submitErrors, zodFieldErrors, type FormErrors } from '../../../lib/form-errors';
import { driverKeys, saveDriverProfile } from '../api/driver-api';
import { DRIVER_ERRORS } from '../api/driver-errors';
import { useUserId } from '../hooks/use-driver-queries';
import { revealFirstInvalid } from '../../../components/ui/reveal';

type ProfileField = 'license_number' | 'license_expiry_date' | 'emergency_contact_name' | 'emergency_contact_phone' | 'search_radius_km';
const PROFILE_FIELDS: readonly ProfileField[] = ['license_number', 'license_expiry_date', 'emergency_contact_name', 'emergency_contact_phone', 'search_radius_km'];

/** The create schema: the update schema plus a required licence number. */
const zCreateProfile = zUpdateDriverProfileRequest.extend({ license_number: zLicenseNumber });

type Values = Record<ProfileField, string>;

function initialValues(profile: DriverProfile | null): Values {
  return {
    license_number: profile?.license_number ?? '',
    license_expiry_date: profile?.license_expiry_date ?? '',
    emergency_contact_name: profile?.emergency_contact_name ?? '',
    emergency_contact_phone: profile?.emergency_contact_phone ?? '',
    search_radius_km: profile ? String(profile.search_radius_km) : '',
  };
}

/** The form's strings as the payload the schema checks: the date cut to 10 characters, the radius as a number. */
function toPayload(values: Values) {
  const radius = values.search_radius_km.trim();
  return {
    license_number: values.license_number,
    license_expiry_date: values.license_expiry_date.slice(0, LICENSE_EXPIRY_DATE_LENGTH),
    emergency_contact_name: values.emergency_contact_name,
    emergency_contact_phone: values.emergency_contact_phone,
    search_radius_km: radius === '' || Number.isNaN(Number(radius)) ? undefined : Number(radius),
  };
}

/**
 * Spec §2/§5 driver profile form. Without a profile it registers one ('Registrar perfil de conductor');
 * otherwise it edits it ('Guardar cambios') and, as the spec says, does not send the licence number.
 * All five fields are checked on submit with the same messages the server uses.
 */
export function DriverProfileForm({ profile, autoFocus = false, onSaved }: {
  profile: DriverProfile | null;
  autoFocus?: boolean;
  /** Receives the server's confirmation (the parent shows it: a new profile re-mounts this form as 'edit'). */
  onSaved: (message: string) => void;
}) {
  const queryClient = useQueryClient();
  const userId = useUserId();
  const isNew = profile === null;
  const [values, setValues] = useState<Values>(() => initialValues(profile));
  const [errors, setErrors] = useState<FormErrors<ProfileField>>({});
  const [banner, setBanner] = useState<string | null>(null);
  const update = (field: ProfileField) => (event: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: event.target.value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const save = useMutation({
    // On update the parsed payload has no licence number (spec §5): only the four editable fields go.
    mutationFn: saveDriverProfile,
    onSuccess: async ({ data, message }) => {
      queryClient.setQueryData(driverKeys.profile(userId), data);
      await queryClient.invalidateQueries({ queryKey: [...driverKeys.all, userId] });
      setValues(initialValues(data));
      onSaved(message || 'Perfil actualizado correctamente.');
    },
    onError: (error) => {
      const { fields, banner: message } = submitErrors(error, PROFILE_FIELDS, DRIVER_ERRORS.updateProfile);
      setErrors(fields);
      setBanner(message);
    },
  });
  const saving = save.isPending;

  const onSubmit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    setBanner(null);
    const payload = toPayload(values);
    const parsed = isNew ? zCreateProfile.safeParse(payload) : zUpdateDriverProfileRequest.omit({ license_number: true }).safeParse(payload);
    if (!parsed.success) {
      setErrors(zodFieldErrors<ProfileField>(parsed.error));
      revealFirstInvalid(event.currentTarget);
      return;
    }
    setErrors({});
    save.mutate(parsed.data);
  };

  return (
    <form className="card form drv-profile-form" noValidate onSubmit={onSubmit} aria-labelledby="drv-profile-title">
      <h2 className="drv-section__title" id="drv-profile-title">
        {isNew ? 'Bienvenido, registra tu perfil de conductor' : 'Editar Perfil'}
      </h2>
      <ErrorBanner message={banner} />
      <TextField
        autoFocus={autoFocus && isNew}
        label="Número de licencia"
        name="license_number"
        autoCapitalize="characters"
        autoComplete="off"
        placeholder="Q12345678"
        value={values.license_number}
        onChange={update('license_number')}
        readOnly={!isNew}
        hint={isNew ? undefined : 'El número de licencia no se puede cambiar.'}
        error={errors.license_number}
      />
      <TextField
        autoFocus={autoFocus && !isNew}
        label="Fecha de vencimiento de la licencia"
        name="license_expiry_date"
        type="date"
        value={values.license_expiry_date}
        onChange={update('license_expiry_date')}
        error={errors.license_expiry_date}
      />
      <TextField
        label="Nombre del contacto de emergencia"
        name="emergency_contact_name"
        autoComplete="off"
        value={values.emergency_contact_name}
        onChange={update('emergency_contact_name')}
        error={errors.emergency_contact_name}
      />
      <TextField
        label="Teléfono del contacto de emergencia"
        name="emergency_contact_phone"
        type="tel"
        inputMode="numeric"
        placeholder="987654321"
        value={values.emergency_contact_phone}
        onChange={update('emergency_contact_phone')}
        error={errors.emergency_contact_phone}
      />
      <TextField
        label="Radio de búsqueda (km)"
        name="search_radius_km"
        type="number"
        inputMode="decimal"
        min={SEARCH_RADIUS_MIN_KM}
        step="0.5"
        placeholder={String(SEARCH_RADIUS_DEFAULT_KM)}
        hint="Rango en kilómetros desde tu ubicación actual."
        value={values.search_radius_km}
        onChange={update('search_radius_km')}
        error={errors.search_radius_km}
      />
      <button type="submit" className="btn btn--primary btn--block" disabled={saving}>
        {saving ? 'Guardando...' : isNew ? 'Registrar perfil de conductor' : 'Guardar cambios'}
      </button>
    </form>
  );
}
