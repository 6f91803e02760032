import { describe, expect, it } from 'vitest';

import {
  formatSoles,
  fromCentimos,
  parseCentimos,
  roundTo2,
  SOLES_PREFIX,
  SOLES_SEPARATOR,
  solesText,
  toCentimos,
} from '../src/money/money';

describe('formatSoles (spec §9: prefix S/, es-PE, 2 decimals)', () => {
  it.each([
    [12.5, 'S/\u00a012.50'],
    [0, 'S/\u00a00.00'],
    [7, 'S/\u00a07.00'],
    [0.1 + 0.2, 'S/\u00a00.30'],
    [1.005, 'S/\u00a01.01'],
    [2.675, 'S/\u00a02.68'],
    [999.995, 'S/\u00a01,000.00'],
    [1234.5, 'S/\u00a01,234.50'],
    [1234567.891, 'S/\u00a01,234,567.89'],
    ['12.5', 'S/\u00a012.50'],
    ['  8 ', 'S/\u00a08.00'],
    ['12.345', 'S/\u00a012.35'],
    ['1234.5', 'S/\u00a01,234.50'],
    [-5.5, '-S/\u00a05.50'],
    [-1234.5, '-S/\u00a01,234.50'],
    [-0, 'S/\u00a00.00'],
    [-0.004, 'S/\u00a00.00'],
  ])('%j → %j', (amount, expected) => {
    expect(formatSoles(amount)).toBe(expected);
  });

  it.each([NaN, Infinity, -Infinity])('non-finite %s → S/ 0.00', (amount) => {
    expect(formatSoles(amount)).toBe('S/\u00a00.00');
  });

  it.each(['', 'abc', '1,234.50', 'S/ 12', '12.5.3', '--1'])('unparseable string %j → S/ 0.00', (amount) => {
    expect(formatSoles(amount)).toBe('S/\u00a00.00');
  });

  it('joins the S/ prefix to the number with a no-break space, so a line never wraps inside an amount', () => {
    expect(SOLES_PREFIX).toBe('S/');
    expect(SOLES_SEPARATOR).toBe('\u00a0');
    expect(formatSoles(1).charCodeAt(2)).toBe(0xa0);
    expect(formatSoles(1234.5)).not.toMatch(/ /);
    expect(solesText(50)).toBe('S/\u00a050');
  });
});

describe('toCentimos (round half away from zero to the céntimo, exact decimals)', () => {
  it.each([
    [0, 0],
    [1, 100],
    [12.5, 1250],
    [0.1 + 0.2, 30],
    [1.005, 101],
    [1.015, 102],
    [2.675, 268],
    [0.125, 13],
    [0.124999, 12],
    [-0.125, -13],
    [-2.675, -268],
    [-0.004, 0],
    [1e-7, 0],
    [19.99, 1999],
    [4.35, 435],
    [1.1 * 3, 330],
  ])('number %s → %i', (amount, expected) => {
    expect(toCentimos(amount)).toBe(expected);
  });

  it.each([
    ['12.345', 1235],
    ['12.344', 1234],
    ['12.3449999999999999999', 1234],
    ['12.345000000000000000001', 1235],
    ['-12.345', -1235],
    ['0.005', 1],
    ['.5', 50],
    ['5.', 500],
    ['+3.10', 310],
    [' 7 ', 700],
    ['1e2', 10000],
    ['1.5E-2', 2],
    ['-0', 0],
    ['90071992547409.91', 9007199254740991],
  ])('string %j → %i', (amount, expected) => {
    expect(toCentimos(amount)).toBe(expected);
  });

  it('never returns -0', () => {
    expect(Object.is(toCentimos(-0.001), 0)).toBe(true);
    expect(Object.is(toCentimos('-0'), 0)).toBe(true);
  });

  it.each([NaN, Infinity, -Infinity, '', ' ', 'abc', '1,50', 'S/ 5', '12.5.1', '1e', '.', '-', '0x10', '1e999'])(
    'throws RangeError for %j',
    (amount) => {
      expect(() => toCentimos(amount)).toThrow(RangeError);
    },
  );

  it('throws when the result is beyond a safe integer', () => {
    expect(() => toCentimos(1e20)).toThrow(RangeError);
  });
});

describe('parseCentimos', () => {
  it('is the non-throwing form of toCentimos', () => {
    expect(parseCentimos('12.345')).toBe(1235);
    expect(parseCentimos(1.005)).toBe(101);
    expect(parseCentimos('abc')).toBeNull();
    expect(parseCentimos(NaN)).toBeNull();
    expect(parseCentimos(null)).toBeNull();
    expect(parseCentimos(undefined)).toBeNull();
    expect(parseCentimos({})).toBeNull();
    expect(parseCentimos(12n)).toBeNull();
  });
});

describe('fromCentimos', () => {
  it.each([
    [0, 0],
    [1, 0.01],
    [150, 1.5],
    [1235, 12.35],
    [-268, -2.68],
    [30, 0.3],
    [9007199254740991, 90071992547409.91],
  ])('%i → %s', (centimos, expected) => {
    expect(fromCentimos(centimos)).toBe(expected);
  });

  it('round-trips with toCentimos for every céntimo up to S/ 100', () => {
    for (let c = -10_000; c <= 10_000; c++) {
      expect(toCentimos(fromCentimos(c))).toBe(c);
    }
  });

  it('rounds fractional céntimos half away from zero', () => {
    expect(fromCentimos(150.5)).toBe(1.51);
    expect(fromCentimos(-150.5)).toBe(-1.51);
    expect(fromCentimos(150.49)).toBe(1.5);
  });

  it('never returns -0', () => {
    expect(Object.is(fromCentimos(-0), 0)).toBe(true);
    expect(Object.is(fromCentimos(-0.4), 0)).toBe(true);
  });

  it.each([NaN, Infinity, -Infinity])('throws RangeError for %s', (centimos) => {
    expect(() => fromCentimos(centimos)).toThrow(RangeError);
  });
});

describe('roundTo2 (exact decimal rounding, half away from zero)', () => {
  it.each([
    [1.005, 1.01],
    [1.004, 1],
    [2.675, 2.68],
    [1.255, 1.26],
    [8.345, 8.35],
    [0.1 + 0.2, 0.3],
    [10.235, 10.24],
    [-1.005, -1.01],
    [-2.675, -2.68],
    [12, 12],
    [12.3, 12.3],
    [1e21, 1e21],
    [123456789.125, 123456789.13],
  ])('%s → %s', (value, expected) => {
    expect(roundTo2(value)).toBe(expected);
  });

  it('returns 0, not -0, for tiny negatives', () => {
    expect(Object.is(roundTo2(-0.001), 0)).toBe(true);
  });

  it.each([NaN, Infinity, -Infinity])('passes %s through', (value) => {
    expect(roundTo2(value)).toBe(value);
  });

  it('differs from naive Math.round(x * 100) / 100 where floats lie', () => {
    expect(Math.round(1.005 * 100) / 100).toBe(1); // the bug we avoid
    expect(roundTo2(1.005)).toBe(1.01);
  });
});
