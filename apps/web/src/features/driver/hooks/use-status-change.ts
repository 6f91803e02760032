import type { DriverStatus, Vehicle } from '@jala/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { driverKeys, setDriverStatus } from '../api/driver-api';
import { useUserId } from './use-driver-queries';

/**
 * The vehicle the selector starts on: the one the driver last connected with, else their only vehicle
 * marked active (a new driver need not pick the one car they have).
 */
export function initialVehicleId(activeVehicleId: number | null, vehicles: readonly Vehicle[]): number | null {
  if (activeVehicleId !== null) return activeVehicleId;
  const active = vehicles.filter((v) => v.vehicle_status === 'active');
  return active.length === 1 ? (active[0]?.id ?? null) : null;
}

/** The vehicle 'Conectarse' would go online with, when there is one in service; else null (choose one first). */
export function usableVehicle(activeVehicleId: number | null, vehicles: readonly Vehicle[]): Vehicle | null {
  const id = initialVehicleId(activeVehicleId, vehicles);
  const vehicle = vehicles.find((v) => v.id === id);
  return vehicle && vehicle.vehicle_status === 'active' ? vehicle : null;
}

/**
 * POST /driver/status ('Conectarse' / 'Desconectarse', a vehicle change), wherever the driver taps it: the
 * answer becomes the cached status at once (every screen reading it follows) and today's numbers are refetched.
 */
export function useStatusChange() {
  const queryClient = useQueryClient();
  const userId = useUserId();
  return useMutation({
    mutationFn: setDriverStatus,
    onSuccess: (result) => {
      queryClient.setQueryData<DriverStatus>(driverKeys.status(userId), result.data);
      void queryClient.invalidateQueries({ queryKey: driverKeys.stats(userId) });
    },
  });
}
