import { describe, expect, it } from 'vitest';

import {
  balanceShortfallCents,
  basisPointsToPercent,
  parsePlatformFeeRates,
  percentToBasisPoints,
  platformFeeCents,
} from '../src';

describe('platform fee', () => {
  it('reads percentages as basis points, exactly', () => {
    expect(percentToBasisPoints('10')).toBe(1000);
    expect(percentToBasisPoints('7.5')).toBe(750);
    expect(percentToBasisPoints('0.25')).toBe(25);
    expect(percentToBasisPoints('100')).toBe(10_000);
    for (const bad of ['101', '-1', '7.555', 'diez', '1e1', '', '10%']) expect(percentToBasisPoints(bad)).toBeNull();
    expect(basisPointsToPercent(750)).toBe('7.5');
    expect(basisPointsToPercent(1000)).toBe('10');
    expect(basisPointsToPercent(25)).toBe('0.25');
  });

  it('parses one rate for all service types or one per type by name', () => {
    expect(parsePlatformFeeRates(undefined)).toEqual({ value: { 1: 0, 2: 0 } });
    expect(parsePlatformFeeRates('10')).toEqual({ value: { 1: 1000, 2: 1000 } });
    expect(parsePlatformFeeRates('mototaxi:8, Auto:10')).toEqual({ value: { 1: 800, 2: 1000 } });
    expect(parsePlatformFeeRates('auto:12.5')).toEqual({ value: { 1: 0, 2: 1250 } });
    expect(parsePlatformFeeRates('taxi:10')).toMatchObject({ error: expect.stringContaining('mototaxi, auto') });
    expect(parsePlatformFeeRates('auto:10,auto:8')).toMatchObject({ error: expect.stringContaining('twice') });
    expect(parsePlatformFeeRates('auto:150')).toHaveProperty('error');
    expect(parsePlatformFeeRates('auto:1:2')).toHaveProperty('error');
    expect(parsePlatformFeeRates('abc')).toHaveProperty('error');
  });

  it('rounds the fee half up to the céntimo on integers', () => {
    expect(platformFeeCents(1235, 1000)).toBe(124); // 123.5 → 124
    expect(platformFeeCents(1234, 1000)).toBe(123); // 123.4 → 123
    expect(platformFeeCents(2000, 750)).toBe(150);
    expect(platformFeeCents(0, 1000)).toBe(0);
    expect(platformFeeCents(999, 0)).toBe(0);
    expect(platformFeeCents(1, 5000)).toBe(1); // 0.5 → 1
    expect(() => platformFeeCents(-1, 1000)).toThrow(RangeError);
    expect(() => platformFeeCents(10.5, 1000)).toThrow(RangeError);
  });

  it('says how much is missing to reach the floor', () => {
    expect(balanceShortfallCents(-500, null)).toBe(0);
    expect(balanceShortfallCents(-500, 0)).toBe(500);
    expect(balanceShortfallCents(0, 0)).toBe(0);
    expect(balanceShortfallCents(250, 1000)).toBe(750);
  });
});
