import { describe, expect, it } from 'vitest';

import { formatBadge } from '../src/trip/badge';

describe('formatBadge (spec §2, §9: at most 99+)', () => {
  it.each([
    [1, '1'],
    [9, '9'],
    [42, '42'],
    [98, '98'],
    [99, '99'],
    [99.5, '99'],
    [99.999, '99'],
    [100, '99+'],
    [1000, '99+'],
    [Infinity, '99+'],
    [1.7, '1'],
  ])('%s → %j', (count, expected) => {
    expect(formatBadge(count)).toBe(expected);
  });

  it.each([0, -0, -1, -100, 0.5, NaN, -Infinity])('%s → no badge', (count) => {
    expect(formatBadge(count)).toBeNull();
  });
});
