import { describe, expect, it } from 'vitest';
import {
  distanceToDestinationMeters, endedFarFromDestinationText, FAR_FROM_DESTINATION_METERS, farFromDestinationMeters, farFromDestinationQuestion,
} from '../src/trip-end';

const JOCKEY_PLAZA = { latitude: -12.0859, longitude: -76.9773 };
const PARQUE_KENNEDY = { latitude: -12.1211, longitude: -77.0297 };

describe('where a trip ended', () => {
  it('is far from the destination beyond 1 km, not at or within it', () => {
    expect(FAR_FROM_DESTINATION_METERS).toBe(1000);
    expect(farFromDestinationMeters(1000)).toBeNull();
    expect(farFromDestinationMeters(0)).toBeNull();
    expect(farFromDestinationMeters(null)).toBeNull();
    expect(farFromDestinationMeters(1001)).toBe(1001);
  });

  it('measures the distance from the final position to the destination in whole metres', () => {
    expect(distanceToDestinationMeters(JOCKEY_PLAZA, JOCKEY_PLAZA)).toBe(0);
    const across = distanceToDestinationMeters(PARQUE_KENNEDY, JOCKEY_PLAZA);
    expect(Number.isInteger(across)).toBe(true);
    expect(across).toBeGreaterThan(6500);
    expect(across).toBeLessThan(7000);
    // ~100 m north of the destination is at the destination.
    expect(farFromDestinationMeters(distanceToDestinationMeters({ latitude: -12.085, longitude: -76.9773 }, JOCKEY_PLAZA))).toBeNull();
  });

  it('asks the driver and tells both sides in Spanish', () => {
    expect(farFromDestinationQuestion(10_912)).toBe('Estás a 10.9 km del destino. ¿Finalizar el viaje aquí? El pasajero verá dónde terminó.');
    expect(endedFarFromDestinationText(10_912)).toBe('Finalizado a 10.9 km del destino');
  });
});
