import { estimateFare, vehicleForServiceType } from '@jala/domain';

/**
 * Fare attached to every route (estimatedCost), by the domain's single fare rule (spec §9), so the
 * estimate a passenger sees matches what the rest of the product computes.
 */
export function estimateTripCost(distanceMetres: number, durationSeconds: number, serviceTypeId: number): number {
  return estimateFare({
    distanceKm: Math.max(0, distanceMetres) / 1000,
    durationMinutes: Math.max(0, durationSeconds) / 60,
    vehicle: vehicleForServiceType(serviceTypeId),
  });
}
