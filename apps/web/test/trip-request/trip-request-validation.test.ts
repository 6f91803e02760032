import { describe, expect, it } from 'vitest';

import { firstInvalidStep, parseOfferPrice, stepError } from '@/features/trip-request/model/trip-request-validation';

const place = { coordinates: { latitude: -12.1, longitude: -77.03 }, address: 'Miraflores' };
const empty = { origin: null, destination: null, serviceTypeId: null, offerPrice: '' };

describe('trip request validation', () => {
  it('names the missing piece of each step with the spec messages', () => {
    expect(stepError(1, empty)).toBe('Selecciona un origen');
    expect(stepError(2, { ...empty, origin: place })).toBe('Selecciona un destino');
    expect(stepError(3, { ...empty, origin: place, destination: place })).toBe('Selecciona un tipo de servicio');
    expect(stepError(3, { ...empty, serviceTypeId: 3 })).toBe('Selecciona un tipo de servicio');
    expect(stepError(3, { ...empty, serviceTypeId: 1 })).toBeNull();
    expect(stepError(4, empty)).toBeNull();
  });

  it('finds the first invalid step, or none when origin, destination and service type are set', () => {
    expect(firstInvalidStep({ ...empty, destination: place, serviceTypeId: 2 })).toEqual({
      step: 1,
      message: 'Selecciona un origen',
    });
    expect(firstInvalidStep({ origin: place, destination: place, serviceTypeId: 2, offerPrice: '' })).toBeNull();
  });

  it.each([
    ['', { ok: true, value: undefined }],
    ['  ', { ok: true, value: undefined }],
    ['15', { ok: true, value: 15 }],
    ['15.5', { ok: true, value: 15.5 }],
    ['12,75', { ok: true, value: 12.75 }],
    ['0', { ok: false, message: 'El precio debe ser mayor que cero o quedar vacío.' }],
    ['-3', { ok: false, message: 'El precio debe ser mayor que cero o quedar vacío.' }],
    ['1.255', { ok: false, message: 'El precio admite como máximo dos decimales.' }],
    ['5000.01', { ok: false, message: 'El precio es demasiado alto.' }],
    ['abc', { ok: false, message: 'Ingresa un precio válido o déjalo vacío.' }],
    ['.', { ok: false, message: 'Ingresa un precio válido o déjalo vacío.' }],
  ])('reads the offered price %j', (raw, expected) => {
    expect(parseOfferPrice(raw)).toEqual(expected);
  });
});
