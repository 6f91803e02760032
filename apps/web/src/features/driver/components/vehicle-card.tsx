import { type UpdateVehicleRequest, type Vehicle, VEHICLE_STATUSES, zUpdateVehicleRequest } from '@jala/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import { contractResolver } from '@/components/form/contract-resolver';
import { useSchemaForm } from '@/components/form/use-schema-form';
import { Button } from '@/components/ui/button';
import { ErrorBanner, SelectField, TextField } from '@/components/ui/form-field';

import { driverKeys, updateVehicle } from '../api/driver-api';
import { DRIVER_ERRORS } from '../api/driver-errors';
import { useUserId } from '../hooks/use-driver-queries';
import { VEHICLE_STATUS_LABELS, VEHICLE_TYPE_LABELS } from '../model/driver-format';
import { VehicleStatusBadge } from './vehicle-status-badge';

const STATUS_OPTIONS = VEHICLE_STATUSES.map((status) => ({ value: status, label: VEHICLE_STATUS_LABELS[status] }));

/** 'Editar': colour and status of one vehicle. */
function VehicleEditForm({ vehicle, onDone }: { vehicle: Vehicle; onDone: (message: string | null) => void }) {
  const queryClient = useQueryClient();
  const userId = useUserId();
  const { formRef, banner, field, onSubmit } = useSchemaForm({
    resolver: contractResolver<{ color: string; vehicle_status: string }, UpdateVehicleRequest>(zUpdateVehicleRequest),
    defaultValues: { color: vehicle.color, vehicle_status: vehicle.vehicle_status },
    fallbackError: DRIVER_ERRORS.updateVehicle,
  });

  const editing = useMutation({
    mutationFn: (changes: UpdateVehicleRequest) => updateVehicle(vehicle.id, changes),
    onSuccess: async ({ message }) => {
      await queryClient.invalidateQueries({ queryKey: driverKeys.vehicles(userId) });
      onDone(message || 'Vehículo actualizado correctamente.');
    },
  });
  // Stays busy after success: the editor closes.
  const saving = editing.isPending || editing.isSuccess;

  return (
    <form
      className="form"
      noValidate
      onSubmit={onSubmit(editing.mutateAsync)}
      ref={formRef}
      aria-label={`Editar ${vehicle.license_plate}`}
    >
      <ErrorBanner message={banner} />
      <div className="drv-form-grid">
        <TextField label="Color" {...field('color')} />
        <SelectField label="Estado" options={STATUS_OPTIONS} {...field('vehicle_status')} />
      </div>
      <div className="drv-row-actions">
        <Button type="submit" variant="primary" disabled={saving}>
          {saving ? 'Guardando...' : 'Guardar'}
        </Button>
        <Button variant="ghost" onClick={() => onDone(null)} disabled={saving}>
          Cancelar
        </Button>
      </div>
    </form>
  );
}

/** One listed vehicle: type, brand, model, plate, year, status badge and 'Editar' (spec §2). */
export function VehicleCard({ vehicle, onMessage }: { vehicle: Vehicle; onMessage: (message: string) => void }) {
  const [isEditing, setIsEditing] = useState(false);
  return (
    <li className="card drv-vehicle" data-testid={`vehicle-${vehicle.id}`}>
      <div className="row-between row-between--top">
        <div>
          <p className="drv-vehicle__name">
            {vehicle.brand} {vehicle.model}
          </p>
          <p className="drv-vehicle__meta">
            {VEHICLE_TYPE_LABELS[vehicle.vehicle_type]} · {vehicle.year} · {vehicle.color} ·{' '}
            {vehicle.passenger_capacity} pas.
          </p>
        </div>
        <VehicleStatusBadge status={vehicle.vehicle_status} />
      </div>
      <div className="row-between row-between--top">
        <span className="drv-plate">{vehicle.license_plate}</span>
        {!isEditing && (
          <Button variant="ghost" className="drv-btn-compact" onClick={() => setIsEditing(true)}>
            Editar
          </Button>
        )}
      </div>
      {isEditing && (
        <VehicleEditForm
          vehicle={vehicle}
          onDone={(message) => {
            setIsEditing(false);
            if (message) onMessage(message);
          }}
        />
      )}
    </li>
  );
}
