import { Link } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DriverStatus } from '@jala/contracts';
import { AppLayout } from '../../../components/layout/app-layout';
import { ErrorBanner, SelectField } from '../../../components/ui/form-field';
import { errorMessage } from '../../../lib/api-client';
import { driverKeys, setDriverStatus } from '../api/driver-api';
import { DRIVER_ERRORS } from '../api/driver-errors';
import { InlineLoading, SuccessBanner } from '../components/inline-status';
import { formatDateTime, vehicleOptionLabel, VEHICLE_STATUS_LABELS } from '../driver-format';
import { useDriverStatus, useUserId, useVehicles } from '../hooks/use-driver-queries';
import '../driver.css';

/** 'Estado del Conductor' (spec §2): online/offline toggle, active vehicle, documents and last change. */
export function DriverStatusPage() {
  const queryClient = useQueryClient();
  const userId = useUserId();
  const status = useDriverStatus();
  const vehicles = useVehicles();
  const statusChange = useMutation({
    mutationFn: setDriverStatus,
    onSuccess: (result) => {
      queryClient.setQueryData<DriverStatus>(driverKeys.status(userId), result.data);
      void queryClient.invalidateQueries({ queryKey: driverKeys.stats(userId) });
    },
  });
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
        <div className="alert alert--error" role="alert">
          <p>{errorMessage(status.error, DRIVER_ERRORS.status)}</p>
          <button type="button" className="btn btn--ghost" onClick={() => void status.refetch()}>
            Reintentar
          </button>
        </div>
      </AppLayout>
    );
  }

  const current = status.data;
  const isOnline = current.driver_status === 'online';
  const list = vehicles.data ?? [];
  const options = [
    { value: '', label: list.length === 0 ? 'No hay vehículos registrados.' : 'Selecciona vehículo' },
    ...list.map((v) => ({
      value: String(v.id),
      label: v.vehicle_status === 'active' ? vehicleOptionLabel(v) : `${vehicleOptionLabel(v)} (${VEHICLE_STATUS_LABELS[v.vehicle_status].toLowerCase()})`,
    })),
  ];

  return (
    <AppLayout title="Estado del Conductor" back={{ to: '/driver/dashboard' }}>
      <ErrorBanner message={error} />
      <SuccessBanner message={message} />
      <section className="card drv-status-card" aria-label="Estado actual">
        <div className="drv-status-card__head">
          <span className={`drv-status-pill drv-status-pill--${isOnline ? 'online' : 'offline'}`} data-testid="status-label">
            {isOnline ? 'Online' : 'Offline'}
          </span>
          <button
            type="button"
            className={`btn ${isOnline ? 'drv-btn-danger' : 'btn--primary'}`}
            disabled={busy}
            onClick={() => change(isOnline ? 'offline' : 'online', current.active_vehicle_id)}
          >
            {isOnline ? 'Desconectarse' : 'Conectarse'}
          </button>
        </div>
        <SelectField
          label="Vehículo activo:"
          name="active_vehicle"
          value={current.active_vehicle_id ? String(current.active_vehicle_id) : ''}
          disabled={busy || list.length === 0}
          options={options}
          onChange={(event) => {
            const id = Number(event.target.value);
            if (id > 0) change('online', id);
          }}
          error={vehicles.error ? errorMessage(vehicles.error, DRIVER_ERRORS.statusVehicles) : undefined}
        />
        {list.length === 0 && vehicles.isSuccess && (
          <Link to="/driver/profile?tab=vehiculos" className="drv-muted">
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
        <p className="drv-muted">Mientras verificamos tus documentos puedes conectarte, pero aún no recibirás solicitudes de viaje.</p>
      )}
    </AppLayout>
  );
}
