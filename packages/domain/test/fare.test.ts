import { describe, expect, it } from 'vitest';

import type { FareVehicle } from '../src/trip/fare';
import {
  BASE_FARE,
  estimateFare,
  FARE_VEHICLES,
  isServiceTypeId,
  MINIMUM_FARE,
  PER_KM,
  PER_MINUTE,
  SERVICE_TYPES,
  serviceTypeName,
  VEHICLE_MULTIPLIERS,
  vehicleForServiceType,
  vehicleForTravelMode,
} from '../src/trip/fare';

describe('fare constants (spec §9)', () => {
  it('match the spec', () => {
    expect(BASE_FARE).toBe(5);
    expect(PER_KM).toBe(2.5);
    expect(PER_MINUTE).toBe(0.3);
    expect(MINIMUM_FARE).toBe(8);
    expect(VEHICLE_MULTIPLIERS).toEqual({ car: 1, motorcycle: 0.7, bicycle: 0.4 });
    expect(FARE_VEHICLES).toEqual(['car', 'motorcycle', 'bicycle']);
  });
});

describe('estimateFare', () => {
  it.each<[number, number, FareVehicle, number]>([
    // 5 + 10×2.5 + 20×0.3 = 36
    [10, 20, 'car', 36],
    [10, 20, 'motorcycle', 25.2],
    [10, 20, 'bicycle', 14.4],
    // 5 + 2×2.5 + 5×0.3 = 11.5
    [2, 5, 'car', 11.5],
    [2, 5, 'motorcycle', 8.05],
    [2, 5, 'bicycle', 4.6],
    // 5 + 3.7×2.5 + 11×0.3 = 17.55
    [3.7, 11, 'car', 17.55],
    // 17.55 × 0.7 = 12.285 → 12.29 (half away from zero, exact decimals)
    [3.7, 11, 'motorcycle', 12.29],
    // 17.55 × 0.4 = 7.02
    [3.7, 11, 'bicycle', 7.02],
    // 5 + 1.001×2.5 + 0×0.3 = 7.5025 → minimum 8
    [1.001, 0, 'car', 8],
    // 5 + 4.123×2.5 + 7.77×0.3 = 17.6385 → 17.64
    [4.123, 7.77, 'car', 17.64],
    // 5 + 0.001×2.5 = 5.0025 → minimum 8 × 0.7 = 5.6
    [0.001, 0, 'motorcycle', 5.6],
    // 5 + 1.5×2.5 + 2.5×0.3 = 9.5 → × 0.7 = 6.65
    [1.5, 2.5, 'motorcycle', 6.65],
    // 5 + 1.1×2.5 + 0.1×0.3 = 7.78 → minimum 8
    [1.1, 0.1, 'car', 8],
    // 5 + 100×2.5 + 120×0.3 = 291
    [100, 120, 'car', 291],
  ])('%s km, %s min by %s → %s', (distanceKm, durationMinutes, vehicle, expected) => {
    expect(estimateFare({ distanceKm, durationMinutes, vehicle })).toBe(expected);
  });

  it('charges the minimum fare for a zero-length trip, before the multiplier', () => {
    expect(estimateFare({ distanceKm: 0, durationMinutes: 0, vehicle: 'car' })).toBe(8);
    expect(estimateFare({ distanceKm: 0, durationMinutes: 0, vehicle: 'motorcycle' })).toBe(5.6);
    expect(estimateFare({ distanceKm: 0, durationMinutes: 0, vehicle: 'bicycle' })).toBe(3.2);
  });

  it('switches from the minimum to the tariff exactly at 8 (5 + 1.2 km × 2.5)', () => {
    expect(estimateFare({ distanceKm: 1.19, durationMinutes: 0, vehicle: 'car' })).toBe(8);
    expect(estimateFare({ distanceKm: 1.2, durationMinutes: 0, vehicle: 'car' })).toBe(8);
    expect(estimateFare({ distanceKm: 1.21, durationMinutes: 0, vehicle: 'car' })).toBe(8.03);
  });

  it('rounds half away from zero on the exact decimal, not the float', () => {
    // 5 + 10.85 × 0.3 = 8.255 exactly; floats give 8.254999…, which naive rounding takes to 8.25.
    expect(Math.round((5 + 10.85 * 0.3) * 100) / 100).toBe(8.25);
    expect(estimateFare({ distanceKm: 0, durationMinutes: 10.85, vehicle: 'car' })).toBe(8.26);
    // (5 + 11.5 × 0.3) × 0.7 = 5.915 exactly; floats give 5.914999…
    expect(estimateFare({ distanceKm: 0, durationMinutes: 11.5, vehicle: 'motorcycle' })).toBe(5.92);
  });

  const FLOORS: Record<FareVehicle, number> = { car: 8, motorcycle: 5.6, bicycle: 3.2 };

  it('always returns at most 2 decimals and never less than the vehicle floor', () => {
    for (let km = 0; km <= 30; km += 0.37) {
      for (const vehicle of FARE_VEHICLES) {
        const fare = estimateFare({ distanceKm: km, durationMinutes: km * 2.3, vehicle });
        expect(Math.round(fare * 100) / 100).toBe(fare);
        expect(fare).toBeGreaterThanOrEqual(FLOORS[vehicle]);
      }
    }
  });

  it('grows with distance and duration', () => {
    const short = estimateFare({ distanceKm: 5, durationMinutes: 10, vehicle: 'car' });
    expect(estimateFare({ distanceKm: 6, durationMinutes: 10, vehicle: 'car' })).toBeGreaterThan(short);
    expect(estimateFare({ distanceKm: 5, durationMinutes: 11, vehicle: 'car' })).toBeGreaterThan(short);
  });

  it.each([
    { distanceKm: -1, durationMinutes: 0 },
    { distanceKm: 0, durationMinutes: -0.5 },
    { distanceKm: NaN, durationMinutes: 0 },
    { distanceKm: 0, durationMinutes: Infinity },
  ])('throws RangeError for %j', (input) => {
    expect(() => estimateFare({ ...input, vehicle: 'car' })).toThrow(RangeError);
  });

  it('throws RangeError for an unknown vehicle', () => {
    expect(() => estimateFare({ distanceKm: 1, durationMinutes: 1, vehicle: 'truck' as FareVehicle })).toThrow(
      RangeError,
    );
    expect(() => estimateFare({ distanceKm: 1, durationMinutes: 1, vehicle: 'toString' as FareVehicle })).toThrow(
      RangeError,
    );
  });
});

describe('vehicleForTravelMode (spec §9)', () => {
  it.each(['WALKING', 'walking', 'Walking', 'BICYCLING', 'bicycling', ' BICYCLING '])('%j → bicycle', (mode) => {
    expect(vehicleForTravelMode(mode)).toBe('bicycle');
  });

  it.each(['DRIVING', 'driving', 'TRANSIT', 'TWO_WHEELER', '', 'BICYCLE', 'WALK'])('%j → car', (mode) => {
    expect(vehicleForTravelMode(mode)).toBe('car');
  });
});

describe('service types (spec §2, §9)', () => {
  it('lists 1 Mototaxi and 2 Auto', () => {
    expect(SERVICE_TYPES).toEqual([
      { id: 1, name: 'Mototaxi' },
      { id: 2, name: 'Auto' },
    ]);
  });

  it('names them', () => {
    expect(serviceTypeName(1)).toBe('Mototaxi');
    expect(serviceTypeName(2)).toBe('Auto');
    expect(serviceTypeName(0)).toBeNull();
    expect(serviceTypeName(3)).toBeNull();
    expect(serviceTypeName(NaN)).toBeNull();
  });

  it('recognises only 1 and 2 as ids', () => {
    expect(isServiceTypeId(1)).toBe(true);
    expect(isServiceTypeId(2)).toBe(true);
    for (const value of [0, 3, 1.5, '1', null, undefined, NaN]) expect(isServiceTypeId(value)).toBe(false);
  });

  it('prices a mototaxi as a motorcycle and an auto as a car', () => {
    expect(vehicleForServiceType(1)).toBe('motorcycle');
    expect(vehicleForServiceType(2)).toBe('car');
    expect(vehicleForServiceType(99)).toBe('car');
  });
});
