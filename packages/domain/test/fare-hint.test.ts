import { describe, expect, it } from 'vitest';

import { isValidRuc, taxIdKind } from '../src/money/tax-id';
import {
  farBelowThreshold,
  fareHintText,
  isFarBelowUsual,
  similarDistanceRange,
  usualRangeText,
} from '../src/trip/fare-hint';

const USUAL = { similar_trips: 9, low: 11.25, high: 13.75, estimate: 12.4 };
const FEW = { similar_trips: 4, low: null, high: null, estimate: 12.4 };

describe('the usual price of a route', () => {
  it('reads the quartiles as whole soles, the low end down and the high end up', () => {
    expect(usualRangeText(USUAL)).toBe('S/\u00a011 – S/\u00a014');
    expect(usualRangeText({ ...USUAL, low: 12, high: 12 })).toBe('S/\u00a012');
    expect(usualRangeText(FEW)).toBeNull();
    expect(fareHintText(USUAL)).toBe('Precio habitual para este recorrido: S/\u00a011 – S/\u00a014');
    expect(fareHintText(FEW)).toBe('Sin suficientes viajes parecidos: estimado S/\u00a012.40');
  });

  it('accepts distances within ±20 %, never narrower than ±0.5 km', () => {
    expect(similarDistanceRange(10)).toEqual({ minKm: 8, maxKm: 12 });
    expect(similarDistanceRange(1)).toEqual({ minKm: 0.5, maxKm: 1.5 });
    expect(similarDistanceRange(0.3).minKm).toBe(0);
  });

  it('calls a price far below under 75 % of the lower quartile, or 60 % of the estimate without history', () => {
    expect(farBelowThreshold(USUAL)).toBeCloseTo(8.4375);
    expect(isFarBelowUsual(8.43, USUAL)).toBe(true);
    expect(isFarBelowUsual(8.44, USUAL)).toBe(false);
    expect(isFarBelowUsual(3, USUAL)).toBe(true);
    expect(farBelowThreshold(FEW)).toBeCloseTo(7.44);
    expect(isFarBelowUsual(7.43, FEW)).toBe(true);
    expect(isFarBelowUsual(7.5, FEW)).toBe(false);
  });
});

describe('DNI and RUC', () => {
  it('takes 8 digits as a DNI and 11 with a known prefix and the SUNAT check digit as a RUC', () => {
    expect(taxIdKind('45671234')).toBe('DNI');
    expect(taxIdKind('4567 1234')).toBe('DNI');
    expect(taxIdKind('20131312955')).toBe('RUC'); // SUNAT's own
    expect(isValidRuc('20131312954')).toBe(false); // wrong check digit
    expect(isValidRuc('30131312955')).toBe(false); // no such prefix
    expect(taxIdKind('1234567')).toBeNull();
    expect(taxIdKind('123456789')).toBeNull();
    expect(taxIdKind('abcdefgh')).toBeNull();
  });

  it('maps an 11 - remainder of 10 to 0 and of 11 to 1', () => {
    // 2,0,1,0,0,0,0,0,0,5 weighted 5,4,3,2,7,6,5,4,3,2: 10 + 3 + 10 = 23, remainder 1, 11 - 1 = 10 → 0.
    expect(isValidRuc('20100000050')).toBe(true);
    expect(isValidRuc('20100000051')).toBe(false);
    // 2,0,1,0,0,0,0,0,1,3: 10 + 3 + 3 + 6 = 22, remainder 0, 11 - 0 = 11 → 1.
    expect(isValidRuc('20100000131')).toBe(true);
    expect(isValidRuc('20100000130')).toBe(false);
  });
});
