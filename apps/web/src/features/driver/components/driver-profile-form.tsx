import { type DriverProfile, zLicenseNumber, zUpdateDriverProfileRequest } from '@jala/contracts';
import { LICENSE_EXPIRY_DATE_LENGTH, SEARCH_RADIUS_DEFAULT_KM, SEARCH_RADIUS_MIN_KM } from '@jala/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { contractResolver } from '@/components/form/contract-resolver';
import { useSchemaForm } from '@/components/form/use-schema-form';
import { Button } from '@/components/ui/button';
import { ErrorBanner, TextField } from '@/components/ui/form-field';

import { driverKeys, saveDriverProfile } from '../api/driver-api';
import { DRIVER_ERRORS } from '../api/driver-errors';
import { useUserId } from '../hooks/use-driver-queries';

type ProfileField =
  'license_number' | 'license_expiry_date' | 'emergency_contact_name' | 'emergency_contact_phone' | 'search_radius_km';

/** The create schema: the update schema plus a required licence number. */
const zCreateProfile = zUpdateDriverProfileRequest.extend({ license_number: zLicenseNumber });
/** On update the licence number is not sent (spec §5): only the four editable fields go. */
const zEditProfile = zUpdateDriverProfileRequest.omit({ license_number: true });

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
export function DriverProfileForm({
  profile,
  autoFocus = false,
  onSaved,
}: {
  profile: DriverProfile | null;
  autoFocus?: boolean;
  /** Receives the server's confirmation (the parent shows it: a new profile re-mounts this form as 'edit'). */
  onSaved: (message: string) => void;
}) {
  const queryClient = useQueryClient();
  const userId = useUserId();
  const isNew = profile === null;
  const { form, formRef, banner, field, onSubmit } = useSchemaForm({
    resolver: isNew ? contractResolver(zCreateProfile, toPayload) : contractResolver(zEditProfile, toPayload),
    defaultValues: initialValues(profile),
    fallbackError: DRIVER_ERRORS.updateProfile,
  });

  const save = useMutation({
    mutationFn: saveDriverProfile,
    onSuccess: async ({ data, message }) => {
      queryClient.setQueryData(driverKeys.profile(userId), data);
      await queryClient.invalidateQueries({ queryKey: [...driverKeys.all, userId] });
      form.reset(initialValues(data));
      onSaved(message || 'Perfil actualizado correctamente.');
    },
  });
  const saving = save.isPending;

  return (
    <form
      className="card form drv-profile-form"
      noValidate
      onSubmit={onSubmit(save.mutateAsync)}
      ref={formRef}
      aria-labelledby="drv-profile-title"
    >
      <h2 className="drv-section__title" id="drv-profile-title">
        {isNew ? 'Bienvenido, registra tu perfil de conductor' : 'Editar Perfil'}
      </h2>
      <ErrorBanner message={banner} />
      <TextField
        autoFocus={autoFocus && isNew}
        label="Número de licencia"
        autoCapitalize="characters"
        autoComplete="off"
        placeholder="Q12345678"
        readOnly={!isNew}
        hint={isNew ? undefined : 'El número de licencia no se puede cambiar.'}
        {...field('license_number')}
      />
      <TextField
        autoFocus={autoFocus && !isNew}
        label="Fecha de vencimiento de la licencia"
        type="date"
        {...field('license_expiry_date')}
      />
      <TextField label="Nombre del contacto de emergencia" autoComplete="off" {...field('emergency_contact_name')} />
      <TextField
        label="Teléfono del contacto de emergencia"
        type="tel"
        inputMode="numeric"
        placeholder="987654321"
        {...field('emergency_contact_phone')}
      />
      <TextField
        label="Radio de búsqueda (km)"
        type="number"
        inputMode="decimal"
        min={SEARCH_RADIUS_MIN_KM}
        step="0.5"
        placeholder={String(SEARCH_RADIUS_DEFAULT_KM)}
        hint="Rango en kilómetros desde tu ubicación actual."
        {...field('search_radius_km')}
      />
      <Button type="submit" variant="primary" block disabled={saving}>
        {saving ? 'Guardando...' : isNew ? 'Registrar perfil de conductor' : 'Guardar cambios'}
      </Button>
    </form>
  );
}
