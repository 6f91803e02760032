/** Service types (spec §2, §9) and the client-side fare estimate (spec §9). */
import {
  addDecimals,
  decimalFromNumber,
  decimalOf,
  maxDecimal,
  multiplyDecimals,
  roundDecimal,
  scaledToNumber,
} from '../money/decimal';

/** Fare in soles before the vehicle multiplier: base + per km + per minute, at least the minimum. */
export const BASE_FARE = 5;
export const PER_KM = 2.5;
export const PER_MINUTE = 0.3;
export const MINIMUM_FARE = 8;

export type FareVehicle = 'car' | 'motorcycle' | 'bicycle';

export const FARE_VEHICLES: readonly FareVehicle[] = Object.freeze(['car', 'motorcycle', 'bicycle'] as const);

export const VEHICLE_MULTIPLIERS: Readonly<Record<FareVehicle, number>> = Object.freeze({
  car: 1,
  motorcycle: 0.7,
  bicycle: 0.4,
});

/** Spec §9: walking and bicycling map to bicycle; everything else (DRIVING, TRANSIT, '', …) to car. */
export function vehicleForTravelMode(mode: string): FareVehicle {
  const normalized = mode.trim().toUpperCase();
  return normalized === 'WALKING' || normalized === 'BICYCLING' ? 'bicycle' : 'car';
}

export const SERVICE_TYPES = Object.freeze([
  Object.freeze({ id: 1, name: 'Mototaxi' }),
  Object.freeze({ id: 2, name: 'Auto' }),
] as const);

export type ServiceTypeId = (typeof SERVICE_TYPES)[number]['id'];
export type ServiceType = (typeof SERVICE_TYPES)[number];

export function isServiceTypeId(value: unknown): value is ServiceTypeId {
  return SERVICE_TYPES.some((type) => type.id === value);
}

/** 'Mototaxi' for 1, 'Auto' for 2, null for any other id. */
export function serviceTypeName(id: number): string | null {
  return SERVICE_TYPES.find((type) => type.id === id)?.name ?? null;
}

/**
 * Fare vehicle of a service type. Our choice (the spec does not link the two): a mototaxi is a
 * three-wheeled motorcycle, so service 1 uses the motorcycle multiplier (0.7); service 2 'Auto' and
 * any unknown id use car (1), the same fallback the travel-mode mapping uses.
 */
export function vehicleForServiceType(serviceTypeId: number): FareVehicle {
  return serviceTypeId === 1 ? 'motorcycle' : 'car';
}

export interface FareEstimateInput {
  distanceKm: number;
  durationMinutes: number;
  vehicle: FareVehicle;
}

const BASE_FARE_DECIMAL = decimalOf(BASE_FARE);
const PER_KM_DECIMAL = decimalOf(PER_KM);
const PER_MINUTE_DECIMAL = decimalOf(PER_MINUTE);
const MINIMUM_FARE_DECIMAL = decimalOf(MINIMUM_FARE);

function nonNegativeDecimal(value: number, name: string) {
  const decimal = decimalFromNumber(value);
  if (decimal === null || value < 0) throw new RangeError(`${name} inválido: ${String(value)}`);
  return decimal;
}

/**
 * Client-side fare estimate in soles (spec §9):
 *
 *   fare = max(MINIMUM_FARE, BASE_FARE + km × PER_KM + minutes × PER_MINUTE) × multiplier(vehicle)
 *
 * Decision: the minimum applies *before* the multiplier. The spec lists the minimum with the base
 * tariff and then "vehicle multipliers" as a separate, final factor, so the minimum is part of the car
 * tariff and scales like the rest of it: the floor is S/ 8.00 by car, S/ 5.60 by motorcycle and
 * S/ 3.20 by bicycle. (Applying it after would make every short bicycle or motorcycle trip cost the
 * same as a car, defeating the multipliers.) The result is computed in exact decimals and rounded
 * to 2 decimals half away from zero.
 *
 * @throws RangeError for a negative or non-finite distance or duration, or an unknown vehicle.
 */
export function estimateFare({ distanceKm, durationMinutes, vehicle }: FareEstimateInput): number {
  const km = nonNegativeDecimal(distanceKm, 'Distancia');
  const minutes = nonNegativeDecimal(durationMinutes, 'Duración');
  if (!Object.hasOwn(VEHICLE_MULTIPLIERS, vehicle)) throw new RangeError(`Vehículo inválido: ${String(vehicle)}`);
  const multiplier = decimalOf(VEHICLE_MULTIPLIERS[vehicle]);

  const tariff = addDecimals(
    addDecimals(BASE_FARE_DECIMAL, multiplyDecimals(km, PER_KM_DECIMAL)),
    multiplyDecimals(minutes, PER_MINUTE_DECIMAL),
  );
  const fare = multiplyDecimals(maxDecimal(MINIMUM_FARE_DECIMAL, tariff), multiplier);
  return scaledToNumber(roundDecimal(fare, 2), 2);
}

/** A route as a routing engine measures it. */
export interface RouteMeasure {
  /** Metres along the road. */
  distanceMetres: number;
  /** Seconds of driving. */
  durationSeconds: number;
}

/**
 * Whole minutes a route is billed and stored for: rounded to the nearest minute, at least one (a trip of
 * a few seconds still takes the driver out).
 */
export function billedMinutes(durationSeconds: number): number {
  return Math.max(1, Math.round(Math.max(0, durationSeconds) / 60));
}

/**
 * The fare to charge for a route with a service type: the one rule behind the route preview
 * (`/api/geo/route` estimatedCost) and the estimate stored when the trip is created, so both always agree.
 * Exact kilometres, {@link billedMinutes}, then {@link estimateFare}'s single rounding to céntimos.
 */
export function fareForRoute(route: RouteMeasure, serviceTypeId: number): number {
  return estimateFare({
    distanceKm: Math.max(0, route.distanceMetres) / 1000,
    durationMinutes: billedMinutes(route.durationSeconds),
    vehicle: vehicleForServiceType(serviceTypeId),
  });
}

/** Vehicle type (vehicles.vehicle_type) that serves a service type: 1 mototaxi, anything else auto. */
export function vehicleTypeForServiceType(serviceTypeId: number): 'mototaxi' | 'auto' {
  return serviceTypeId === 1 ? 'mototaxi' : 'auto';
}
