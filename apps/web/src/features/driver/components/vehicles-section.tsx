import { useState } from 'react';

import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api/api-client';

import { DRIVER_ERRORS } from '../api/driver-errors';
import { useVehicles } from '../hooks/use-driver-queries';
import { InlineLoading, SuccessBanner } from './inline-status';
import { VehicleAddForm } from './vehicle-add-form';
import { VehicleCard } from './vehicle-card';

/** 'Tus vehículos': add toggle, add form and the list (spec §2). */
export function VehiclesSection() {
  const { data: vehicles, error, isPending } = useVehicles();
  const [isAdding, setIsAdding] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  return (
    <section className="stack stack--loose" aria-labelledby="drv-vehicles-title">
      <div className="drv-section-head row-between">
        <h2 className="drv-section__title" id="drv-vehicles-title">
          Tus vehículos
        </h2>
        <Button
          variant={isAdding ? 'ghost' : 'accent'}
          className="drv-btn-compact"
          aria-expanded={isAdding}
          onClick={() => {
            setIsAdding((v) => !v);
            setMessage(null);
          }}
        >
          {isAdding ? 'Cancelar' : 'Agregar vehículo'}
        </Button>
      </div>
      <SuccessBanner message={message} />
      {isAdding && (
        <VehicleAddForm
          onAdded={(text) => {
            setIsAdding(false);
            setMessage(text);
          }}
        />
      )}
      {isPending && <InlineLoading text="Cargando vehículos..." />}
      {error && (
        <p className="alert alert--error" role="alert">
          {errorMessage(error, DRIVER_ERRORS.vehicles)}
        </p>
      )}
      {vehicles && vehicles.length === 0 && !isAdding && (
        <p className="card empty-state">Aún no registras vehículos. Agrega uno para poder conectarte.</p>
      )}
      {vehicles && vehicles.length > 0 && (
        <ul className="list-plain">
          {vehicles.map((vehicle) => (
            <VehicleCard key={vehicle.id} vehicle={vehicle} onMessage={setMessage} />
          ))}
        </ul>
      )}
    </section>
  );
}
