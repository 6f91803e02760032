import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { VEHICLE_CAPACITY_MAX, VEHICLE_CAPACITY_MIN, VEHICLE_YEAR_MIN, zAddVehicleRequest } from '@jala/contracts';
import { DEFAULT_VEHICLE_CAPACITY, limaDateKey } from '@jala/domain';
import { ErrorBanner, SelectField, TextField } from '../../../components/ui/form-field';
import { submitErrors, zodFieldErrors, type FormErrors } from '../../../lib/form-errors';
import { addVehicle, driverKeys } from '../api/driver-api';
import { DRIVER_ERRORS } from '../api/driver-errors';
import { useUserId } from '../hooks/use-driver-queries';
import { revealFirstInvalid } from '../../../components/ui/reveal';

type VehicleField = 'vehicle_type' | 'brand' | 'model' | 'license_plate' | 'color' | 'year' | 'passenger_capacity';
const VEHICLE_FIELDS: readonly VehicleField[] = ['vehicle_type', 'brand', 'model', 'license_plate', 'color', 'year', 'passenger_capacity'];

const TYPE_OPTIONS = [
  { value: '', label: 'Selecciona...' },
  { value: 'mototaxi', label: 'Mototaxi' },
  { value: 'auto', label: 'Auto' },
] as const;

const currentYear = () => Number(limaDateKey(new Date()).slice(0, 4));

function emptyVehicle(): Record<VehicleField, string> {
  return { vehicle_type: '', brand: '', model: '', license_plate: '', color: '', year: String(currentYear()), passenger_capacity: String(DEFAULT_VEHICLE_CAPACITY) };
}

const numberOrUndefined = (text: string) => (text.trim() === '' ? undefined : Number(text));

/** 'Agregar vehículo' form (spec §2, §5): five required texts ('Requerido'), year (this year) and capacity (2). */
export function VehicleAddForm({ onAdded }: { onAdded: (message: string) => void }) {
  const queryClient = useQueryClient();
  const userId = useUserId();
  const [values, setValues] = useState(emptyVehicle);
  const [errors, setErrors] = useState<FormErrors<VehicleField>>({});
  const [banner, setBanner] = useState<string | null>(null);

  const update = (field: VehicleField) => (event: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: event.target.value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const adding = useMutation({
    mutationFn: addVehicle,
    onSuccess: async ({ message }) => {
      await queryClient.invalidateQueries({ queryKey: driverKeys.vehicles(userId) });
      setValues(emptyVehicle());
      onAdded(message || 'Vehículo agregado correctamente.');
    },
    onError: (error) => {
      const { fields, banner: message } = submitErrors(error, VEHICLE_FIELDS, DRIVER_ERRORS.addVehicle);
      setErrors(fields);
      setBanner(message);
    },
  });
  const saving = adding.isPending;

  const onSubmit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    setBanner(null);
    const parsed = zAddVehicleRequest.safeParse({
      ...values,
      vehicle_type: values.vehicle_type === '' ? undefined : values.vehicle_type,
      year: numberOrUndefined(values.year),
      passenger_capacity: numberOrUndefined(values.passenger_capacity),
    });
    if (!parsed.success) {
      setErrors(zodFieldErrors<VehicleField>(parsed.error));
      revealFirstInvalid(event.currentTarget);
      return;
    }
    setErrors({});
    adding.mutate(parsed.data);
  };

  return (
    <form className="card form" noValidate onSubmit={onSubmit} aria-label="Agregar vehículo">
      <ErrorBanner message={banner} />
      <SelectField label="Tipo" name="vehicle_type" value={values.vehicle_type} onChange={update('vehicle_type')} options={TYPE_OPTIONS} error={errors.vehicle_type} />
      <div className="drv-form-grid">
        <TextField label="Marca" name="brand" placeholder="Toyota" value={values.brand} onChange={update('brand')} error={errors.brand} />
        <TextField label="Modelo" name="model" placeholder="Yaris" value={values.model} onChange={update('model')} error={errors.model} />
        <TextField
          label="Placa"
          name="license_plate"
          autoCapitalize="characters"
          placeholder="ABC-123"
          value={values.license_plate}
          onChange={update('license_plate')}
          error={errors.license_plate}
        />
        <TextField label="Color" name="color" placeholder="Blanco" value={values.color} onChange={update('color')} error={errors.color} />
        <TextField
          label="Año"
          name="year"
          type="number"
          inputMode="numeric"
          min={VEHICLE_YEAR_MIN}
          max={currentYear() + 1}
          value={values.year}
          onChange={update('year')}
          error={errors.year}
        />
        <TextField
          label="Pasajeros"
          name="passenger_capacity"
          type="number"
          inputMode="numeric"
          min={VEHICLE_CAPACITY_MIN}
          max={VEHICLE_CAPACITY_MAX}
          value={values.passenger_capacity}
          onChange={update('passenger_capacity')}
          error={errors.passenger_capacity}
        />
      </div>
      <button type="submit" className="btn btn--primary btn--block" disabled={saving}>
        {saving ? 'Guardando...' : 'Agregar vehículo'}
      </button>
    </form>
  );
}
