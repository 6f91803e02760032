import { type DriverRegisterRequest, driverRegistrationMessage, zDriverRegisterRequest } from '@jala/contracts';
import { LICENSE_EXPIRY_DATE_LENGTH, REGISTRATION_VEHICLE_TYPE } from '@jala/domain';
import { useMutation } from '@tanstack/react-query';

import { contractResolver } from '@/components/form/contract-resolver';
import { useSchemaForm } from '@/components/form/use-schema-form';
import { Button } from '@/components/ui/button';
import { ErrorBanner, SelectField, TextField } from '@/components/ui/form-field';
import { fetchProfile } from '@/lib/api/auth-api';
import { useSession } from '@/lib/session-store';

import { registerDriver } from '../api/driver-api';
import { DRIVER_ERRORS } from '../api/driver-errors';
import { VehicleIdentityFields } from './vehicle-identity-fields';

type RegistrationField =
  'license_number' | 'license_expiry_date' | 'vehicle_type' | 'license_plate' | 'brand' | 'model' | 'color';
type Values = Record<RegistrationField, string>;

const TYPE_OPTIONS = [
  { value: 'mototaxi', label: 'Mototaxi' },
  { value: 'auto', label: 'Auto' },
] as const;

const EMPTY: Values = {
  license_number: '',
  license_expiry_date: '',
  vehicle_type: REGISTRATION_VEHICLE_TYPE,
  license_plate: '',
  brand: '',
  model: '',
  color: '',
};

const toRequest = (values: Values) => ({
  ...values,
  license_expiry_date: values.license_expiry_date.slice(0, LICENSE_EXPIRY_DATE_LENGTH),
});

/**
 * For a passenger who wants to drive: POST /driver/register with the licence and a first vehicle. The spec's
 * client sent fixed placeholder vehicle values; plates are unique, so we ask for the real vehicle instead.
 * On success the session user is refreshed (they become 'both') and `onRegistered` gets the spec message.
 */
export function DriverRegistrationForm({ onRegistered }: { onRegistered: (message: string) => void }) {
  const { formRef, banner, field, onSubmit } = useSchemaForm({
    resolver: contractResolver(zDriverRegisterRequest, toRequest),
    defaultValues: EMPTY,
    fallbackError: DRIVER_ERRORS.registerAsDriver,
  });
  const registration = useMutation({
    mutationFn: async (request: DriverRegisterRequest) => {
      const { data } = await registerDriver(request);
      return { data, user: await fetchProfile() };
    },
    onSuccess: ({ data, user }) => {
      onRegistered(driverRegistrationMessage(data.status));
      useSession.setState({ user });
    },
  });
  // Stays busy after success: the form is replaced by the confirmation.
  const saving = registration.isPending || registration.isSuccess;

  return (
    <form
      className="card form"
      noValidate
      onSubmit={onSubmit(registration.mutateAsync)}
      ref={formRef}
      aria-labelledby="drv-register-title"
    >
      <h2 className="drv-section__title" id="drv-register-title">
        Bienvenido, registra tu perfil de conductor
      </h2>
      <p className="muted">
        Tu cuenta seguirá sirviendo para pedir viajes. Revisaremos tus documentos antes de enviarte solicitudes.
      </p>
      <ErrorBanner message={banner} />
      <TextField
        label="Número de licencia"
        autoCapitalize="characters"
        placeholder="Q12345678"
        {...field('license_number')}
      />
      <TextField label="Fecha de vencimiento de la licencia" type="date" {...field('license_expiry_date')} />
      <h3 className="drv-section__title">Tu vehículo</h3>
      <SelectField label="Tipo" options={TYPE_OPTIONS} {...field('vehicle_type')} />
      <div className="drv-form-grid">
        <VehicleIdentityFields field={field} />
      </div>
      <Button type="submit" variant="primary" block disabled={saving}>
        {saving ? 'Guardando...' : 'Registrarme como conductor'}
      </Button>
    </form>
  );
}
