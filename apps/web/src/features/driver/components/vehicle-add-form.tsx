import { VEHICLE_CAPACITY_MAX, VEHICLE_CAPACITY_MIN, VEHICLE_YEAR_MIN, zAddVehicleRequest } from '@jala/contracts';
import { DEFAULT_VEHICLE_CAPACITY, limaDateKey } from '@jala/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { contractResolver } from '@/components/form/contract-resolver';
import { useSchemaForm } from '@/components/form/use-schema-form';
import { Button } from '@/components/ui/button';
import { ErrorBanner, SelectField, TextField } from '@/components/ui/form-field';

import { addVehicle, driverKeys } from '../api/driver-api';
import { DRIVER_ERRORS } from '../api/driver-errors';
import { useUserId } from '../hooks/use-driver-queries';
import { VehicleIdentityFields } from './vehicle-identity-fields';

type VehicleField = 'vehicle_type' | 'brand' | 'model' | 'license_plate' | 'color' | 'year' | 'passenger_capacity';
type Values = Record<VehicleField, string>;

const TYPE_OPTIONS = [
  { value: '', label: 'Selecciona...' },
  { value: 'mototaxi', label: 'Mototaxi' },
  { value: 'auto', label: 'Auto' },
] as const;

const currentYear = () => Number(limaDateKey(new Date()).slice(0, 4));

function emptyVehicle(): Values {
  return {
    vehicle_type: '',
    brand: '',
    model: '',
    license_plate: '',
    color: '',
    year: String(currentYear()),
    passenger_capacity: String(DEFAULT_VEHICLE_CAPACITY),
  };
}

const numberOrUndefined = (text: string) => (text.trim() === '' ? undefined : Number(text));

/** The texts as the request the schema checks: no type chosen is "missing", year and capacity numbers. */
const toRequest = (values: Values) => ({
  ...values,
  vehicle_type: values.vehicle_type === '' ? undefined : values.vehicle_type,
  year: numberOrUndefined(values.year),
  passenger_capacity: numberOrUndefined(values.passenger_capacity),
});

/** 'Agregar vehículo' form (spec §2, §5): five required texts ('Requerido'), year (this year) and capacity (2). */
export function VehicleAddForm({ onAdded }: { onAdded: (message: string) => void }) {
  const queryClient = useQueryClient();
  const userId = useUserId();
  const { form, formRef, banner, field, onSubmit } = useSchemaForm({
    resolver: contractResolver(zAddVehicleRequest, toRequest),
    defaultValues: emptyVehicle(),
    fallbackError: DRIVER_ERRORS.addVehicle,
  });

  const adding = useMutation({
    mutationFn: addVehicle,
    onSuccess: async ({ message }) => {
      await queryClient.invalidateQueries({ queryKey: driverKeys.vehicles(userId) });
      form.reset(emptyVehicle());
      onAdded(message || 'Vehículo agregado correctamente.');
    },
  });
  const saving = adding.isPending;

  return (
    <form
      className="card form"
      noValidate
      onSubmit={onSubmit(adding.mutateAsync)}
      ref={formRef}
      aria-label="Agregar vehículo"
    >
      <ErrorBanner message={banner} />
      <SelectField label="Tipo" options={TYPE_OPTIONS} {...field('vehicle_type')} />
      <div className="drv-form-grid">
        <VehicleIdentityFields field={field} placeholders />
        <TextField
          label="Año"
          type="number"
          inputMode="numeric"
          min={VEHICLE_YEAR_MIN}
          max={currentYear() + 1}
          {...field('year')}
        />
        <TextField
          label="Pasajeros"
          type="number"
          inputMode="numeric"
          min={VEHICLE_CAPACITY_MIN}
          max={VEHICLE_CAPACITY_MAX}
          {...field('passenger_capacity')}
        />
      </div>
      <Button type="submit" variant="primary" block disabled={saving}>
        {saving ? 'Guardando...' : 'Agregar vehículo'}
      </Button>
    </form>
  );
}
