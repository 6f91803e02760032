import '../driver.css';

import { useState } from 'react';
import { Link } from 'react-router';

import { AppLayout } from '@/components/layout/app-layout';
import { Button } from '@/components/ui/button';
import { ErrorBanner, SelectField } from '@/components/ui/form-field';
import { RetryAlert } from '@/components/ui/retry-alert';
import { EnablePushPrompt } from '@/features/notifications';
import { errorMessage } from '@/lib/api/api-client';

import { DRIVER_ERRORS } from '../api/driver-errors';
import { InlineLoading, SuccessBanner } from '../components/inline-status';
import { useDriverStatus, useVehicles } from '../hooks/use-driver-queries';
import { initialVehicleId, useStatusChange } from '../hooks/use-status-change';
import { driverStatusLabel, formatDateTime, VEHICLE_STATUS_LABELS, vehicleOptionLabel } from '../model/driver-format';

/**
 * 'Estado del Conductor' (spec §2): online/offline toggle, active vehicle, documents and last change.
 * Picking a vehicle only chooses it; 'Conectarse' goes online with it. While online, picking another
 * vehicle switches to it (the driver stays online).
 */
export function DriverStatusPage() {
  const status = useDriverStatus();
  const vehicles = useVehicles();
  const statusChange = useStatusChange();
  // The driver's pick; null until they choose (the selector then shows initialVehicleId).
  const [picked, setPicked] = useState<number | null>(null);
  const busy = statusChange.isPending;
  const error = statusChange.isError ? errorMessage(statusChange.error, DRIVER_ERRORS.updateStatus) : null;
  const message = statusChange.isSuccess ? statusChange.data.message || null : null;

  const change = (next: 'online' | 'offline', vehicleId: number | null): void => {
    statusChange.mutate({ status: next, vehicle_id: vehicleId });
  };

  if (status.isPending) {
    return (
      <AppLayout title="Estado del Conductor" back={{ to: '/driver/dashboard' }}>
        <InlineLoading text="Cargando estado..." />
      </AppLayout>
    );
  }

  if (status.error || !status.data) {
    return (
      <AppLayout title="Estado del Conductor" back={{ to: '/driver/dashboard' }}>
        <RetryAlert message={errorMessage(status.error, DRIVER_ERRORS.status)} onRetry={() => void status.refetch()} />
      </AppLayout>
    );
  }

  const current = status.data;
  const isOnline = current.driver_status === 'online';
  const list = vehicles.data ?? [];
  const chosenId = picked ?? initialVehicleId(current.active_vehicle_id, list);
  const options = [
    { value: '', label: list.length === 0 ? 'No hay vehículos registrados.' : 'Selecciona vehículo' },
    ...list.map((v) => ({
      value: String(v.id),
      label:
        v.vehicle_status === 'active'
          ? vehicleOptionLabel(v)
          : `${vehicleOptionLabel(v)} (${VEHICLE_STATUS_LABELS[v.vehicle_status].toLowerCase()})`,
    })),
  ];

  return (
    <AppLayout title="Estado del Conductor" back={{ to: '/driver/dashboard' }}>
      <ErrorBanner message={error} />
      <SuccessBanner message={message} />
      {isOnline && <EnablePushPrompt message="Activa las notificaciones para no perder solicitudes" />}
      <section className="card stack stack--loose" aria-label="Estado actual">
        <div className="row-between">
          <span className={`drv-status-pill tone--${isOnline ? 'success' : 'neutral'}`} data-testid="status-label">
            {driverStatusLabel(isOnline)}
          </span>
          <Button
            variant={isOnline ? 'plain' : 'primary'}
            className={isOnline ? 'drv-btn-danger' : undefined}
            disabled={busy}
            onClick={() => change(isOnline ? 'offline' : 'online', isOnline ? current.active_vehicle_id : chosenId)}
          >
            {isOnline ? 'Desconectarse' : 'Conectarse'}
          </Button>
        </div>
        <SelectField
          label="Vehículo activo:"
          name="active_vehicle"
          value={chosenId ? String(chosenId) : ''}
          disabled={busy || list.length === 0}
          options={options}
          onChange={(event) => {
            const id = Number(event.target.value);
            if (!(id > 0)) return;
            setPicked(id);
            if (isOnline && id !== current.active_vehicle_id) change('online', id);
          }}
          error={vehicles.error ? errorMessage(vehicles.error, DRIVER_ERRORS.statusVehicles) : undefined}
        />
        {list.length === 0 && vehicles.isSuccess && (
          <Link to="/driver/profile?tab=vehiculos" className="muted">
            Registra un vehículo en tu perfil
          </Link>
        )}
        <dl className="drv-facts">
          <div>
            <dt>Documentos:</dt>
            <dd>{current.documents_verified ? 'Verificados' : 'No verificados'}</dd>
          </div>
          <div>
            <dt>Último cambio:</dt>
            <dd>{formatDateTime(current.last_status_change)}</dd>
          </div>
        </dl>
      </section>
      {!current.documents_verified && (
        <p className="muted">
          Mientras verificamos tus documentos puedes conectarte, pero aún no recibirás solicitudes de viaje.
        </p>
      )}
    </AppLayout>
  );
}
