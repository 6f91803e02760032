import { describe, expect, it } from 'vitest';

import {
  distanceToDestinationMeters,
  endedFarFromDestinationText,
  FAR_FROM_DESTINATION_METERS,
  farFromDestinationMeters,
  farFromDestinationQuestion,
  tripDurationMinutes,
} from '../src/trip/trip-end';

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
    expect(
      farFromDestinationMeters(distanceToDestinationMeters({ latitude: -12.085, longitude: -76.9773 }, JOCKEY_PLAZA)),
    ).toBeNull();
  });

  it('asks the driver and tells both sides in Spanish', () => {
    expect(farFromDestinationQuestion(10_912)).toBe(
      'Estás a 10.9 km del destino. ¿Finalizar el viaje aquí? El pasajero verá dónde terminó.',
    );
    expect(endedFarFromDestinationText(10_912)).toBe('Finalizado a 10.9 km del destino');
  });
});

describe('how long a trip really took', () => {
  const at = (iso: string) => new Date(iso);

  it('counts whole minutes from the start to the completion, a one-minute ride as 1 min', () => {
    expect(tripDurationMinutes(at('2026-11-27T15:00:00Z'), at('2026-11-27T15:01:05Z'))).toBe(1);
    expect(tripDurationMinutes(at('2026-11-27T15:00:00Z'), at('2026-11-27T15:22:40Z'))).toBe(23);
    // Under half a minute still took some time: never '0 min'.
    expect(tripDurationMinutes(at('2026-11-27T15:00:00Z'), at('2026-11-27T15:00:10Z'))).toBe(1);
  });

  it('claims nothing when either moment is unknown or they are out of order', () => {
    expect(tripDurationMinutes(null, at('2026-11-27T15:00:00Z'))).toBeNull();
    expect(tripDurationMinutes(at('2026-11-27T15:00:00Z'), null)).toBeNull();
    expect(tripDurationMinutes(at('2026-11-27T15:10:00Z'), at('2026-11-27T15:00:00Z'))).toBeNull();
  });
});
