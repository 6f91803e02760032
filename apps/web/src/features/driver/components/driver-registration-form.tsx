import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { driverRegistrationMessage, zDriverRegisterRequest, type DriverRegisterRequest } from '@jala/contracts';
import { LICENSE_EXPIRY_DATE_LENGTH, REGISTRATION_VEHICLE_TYPE } from '@jala/domain';
import { ErrorBanner, SelectField, TextField } from '../../../components/ui/form-field';
import { fetchProfile } from '../../../lib/auth-api';
import { submitErrors, zodFieldErrors, type FormErrors } from '../../../lib/form-errors';
import { useSession } from '../../../lib/session-store';
import { registerDriver } from '../api/driver-api';
import { DRIVER_ERRORS } from '../api/driver-errors';
import { revealFirstInvalid } from '../../../components/ui/reveal';

type RegistrationField = 'license_number' | 'license_expiry_date' | 'vehicle_type' | 'license_plate' | 'brand' | 'model' | 'color';
const FIELDS: readonly RegistrationField[] = ['license_number', 'license_expiry_date', 'vehicle_type', 'license_plate', 'brand', 'model', 'color'];

const TYPE_OPTIONS = [
  { value: 'mototaxi', label: 'Mototaxi' },
  { value: 'auto', label: 'Auto' },
] as const;

const EMPTY: Record<RegistrationField, string> = {
  license_number: '', license_expiry_date: '', vehicle_type: REGISTRATION_VEHICLE_TYPE, license_plate: '', brand: '', model: '', color: '',
};

/**
 * For a passenger who wants to drive: POST /driver/register with the licence and a first vehicle. The spec's
 * client sent fixed placeholder vehicle values; plates are unique, so we ask for the real vehicle instead.
 * On success the session user is refreshed (they become 'both') and `onRegistered` gets the spec message.
 */
export function DriverRegistrationForm({ onRegistered }: { onRegistered: (message: string) => void }) {
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<FormErrors<RegistrationField>>({});
  const [banner, setBanner] = useState<string | null>(null);
  const registration = useMutation({
    mutationFn: async (request: DriverRegisterRequest) => {
      const { data } = await registerDriver(request);
      return { data, user: await fetchProfile() };
    },
    onSuccess: ({ data, user }) => {
      onRegistered(driverRegistrationMessage(data.status));
      useSession.setState({ user });
    },
    onError: (error) => {
      const { fields, banner: message } = submitErrors(error, FIELDS, DRIVER_ERRORS.registerAsDriver);
      setErrors(fields);
      setBanner(message);
    },
  });
  // Stays busy after success: the form is replaced by the confirmation.
  const saving = registration.isPending || registration.isSuccess;

  const update = (field: RegistrationField) => (event: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: event.target.value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    setBanner(null);
    const parsed = zDriverRegisterRequest.safeParse({ ...values, license_expiry_date: values.license_expiry_date.slice(0, LICENSE_EXPIRY_DATE_LENGTH) });
    if (!parsed.success) {
      setErrors(zodFieldErrors<RegistrationField>(parsed.error));
      revealFirstInvalid(event.currentTarget);
      return;
    }
    setErrors({});
    registration.mutate(parsed.data);
  };

  return (
    <form className="card form" noValidate onSubmit={onSubmit} aria-labelledby="drv-register-title">
      <h2 className="drv-section__title" id="drv-register-title">
        Bienvenido, registra tu perfil de conductor
      </h2>
      <p className="drv-muted">Tu cuenta seguirá sirviendo para pedir viajes. Revisaremos tus documentos antes de enviarte solicitudes.</p>
      <ErrorBanner message={banner} />
      <TextField label="Número de licencia" name="license_number" autoCapitalize="characters" placeholder="Q12345678" value={values.license_number} onChange={update('license_number')} error={errors.license_number} />
      <TextField label="Fecha de vencimiento de la licencia" name="license_expiry_date" type="date" value={values.license_expiry_date} onChange={update('license_expiry_date')} error={errors.license_expiry_date} />
      <h3 className="drv-section__title">Tu vehículo</h3>
      <SelectField label="Tipo" name="vehicle_type" value={values.vehicle_type} onChange={update('vehicle_type')} options={TYPE_OPTIONS} error={errors.vehicle_type} />
      <div className="drv-form-grid">
        <TextField label="Marca" name="brand" value={values.brand} onChange={update('brand')} error={errors.brand} />
        <TextField label="Modelo" name="model" value={values.model} onChange={update('model')} error={errors.model} />
        <TextField label="Placa" name="license_plate" autoCapitalize="characters" placeholder="ABC-123" value={values.license_plate} onChange={update('license_plate')} error={errors.license_plate} />
        <TextField label="Color" name="color" value={values.color} onChange={update('color')} error={errors.color} />
      </div>
      <button type="submit" className="btn btn--primary btn--block" disabled={saving}>
        {saving ? 'Guardando...' : 'Registrarme como conductor'}
      </button>
    </form>
  );
}
