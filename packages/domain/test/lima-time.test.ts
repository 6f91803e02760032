import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { isDateKey, lastNDaysKeys, limaDateKey, limaDayStart } from '../src/time/lima-time';

const at = (iso: string) => new Date(iso);

describe('limaDateKey (America/Lima, UTC−5)', () => {
  it.each([
    ['2026-01-01T04:59:00Z', '2025-12-31'],
    ['2026-01-01T04:59:59.999Z', '2025-12-31'],
    ['2026-01-01T05:00:00Z', '2026-01-01'],
    ['2026-01-01T00:00:00Z', '2025-12-31'],
    ['2026-03-01T04:59:59Z', '2026-02-28'],
    ['2024-03-01T04:00:00Z', '2024-02-29'],
    ['2026-07-28T12:00:00Z', '2026-07-28'],
    ['2026-07-29T03:00:00Z', '2026-07-28'],
    ['2026-12-31T23:59:59Z', '2026-12-31'],
    ['2027-01-01T04:59:59Z', '2026-12-31'],
  ])('%s → %s', (iso, key) => {
    expect(limaDateKey(at(iso))).toBe(key);
  });

  it('does not depend on the process time zone', () => {
    const date = at('2026-05-10T02:00:00Z');
    expect(limaDateKey(date)).toBe('2026-05-09');
    expect(date.toISOString().slice(0, 10)).toBe('2026-05-10');
  });

  it('throws RangeError for an invalid Date', () => {
    expect(() => limaDateKey(new Date('nope'))).toThrow(RangeError);
  });

  // limaDateKey keeps Lima's offset per UTC hour; Intl's own answer is the reference, including the
  // 1908 change from local mean time (−5:08:12) and the daylight-saving periods of 1986–87, 1990 and 1994.
  const intlKey = (date: Date) =>
    new Intl.DateTimeFormat('en-CA', {
      timeZone: 'America/Lima',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(date);

  it.each([
    '1908-07-28T05:08:11Z',
    '1908-07-28T05:08:12Z',
    '1908-07-28T04:59:59Z',
    '1990-01-01T04:59:59Z',
    '1990-01-01T05:00:00Z',
    '1990-04-01T03:59:59Z',
    '1990-04-01T04:00:00Z',
    '1990-04-01T04:30:00Z',
  ])('agrees with Intl across an offset change: %s', (iso) => {
    expect(limaDateKey(at(iso))).toBe(intlKey(at(iso)));
  });

  it('agrees with Intl at any instant from 1900 to 2100, asked in any order', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1900, 0, 1), max: Date.UTC(2100, 0, 1) }), (ms) => {
        expect(limaDateKey(new Date(ms))).toBe(intlKey(new Date(ms)));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('limaDayStart', () => {
  it.each([
    ['2026-01-01', '2026-01-01T05:00:00.000Z'],
    ['2025-12-31', '2025-12-31T05:00:00.000Z'],
    ['2024-02-29', '2024-02-29T05:00:00.000Z'],
    ['2026-07-28', '2026-07-28T05:00:00.000Z'],
    // Peru observed daylight saving time (UTC−4) from 1 January to 1 April 1990: asked of Intl, not hard-coded.
    ['1990-01-15', '1990-01-15T04:00:00.000Z'],
  ])('%s starts at %s', (key, iso) => {
    expect(limaDayStart(key).toISOString()).toBe(iso);
  });

  it('bounds the day: its start and the instant before belong to different Lima days', () => {
    const start = limaDayStart('2026-01-01');
    expect(limaDateKey(start)).toBe('2026-01-01');
    expect(limaDateKey(new Date(start.getTime() - 1))).toBe('2025-12-31');
    expect(limaDayStart('2026-01-02').getTime() - start.getTime()).toBe(86_400_000);
  });

  it('inverts limaDateKey on every day of a year', () => {
    let day = limaDayStart('2025-01-01').getTime();
    for (let i = 0; i < 366; i++, day += 86_400_000) {
      const key = limaDateKey(new Date(day));
      expect(limaDayStart(key).getTime()).toBe(day);
      expect(limaDateKey(new Date(day + 86_399_999))).toBe(key);
    }
  });

  it.each([
    '2026-02-30',
    '2026-13-01',
    '2026-00-10',
    '2025-02-29',
    '2026-1-1',
    '20260101',
    '',
    '2026-01-01T00:00',
    ' 2026-01-01',
  ])('throws RangeError for %j', (key) => {
    expect(() => limaDayStart(key)).toThrow(RangeError);
  });
});

describe('isDateKey', () => {
  it('accepts existing dates only', () => {
    expect(isDateKey('2024-02-29')).toBe(true);
    expect(isDateKey('0050-06-15')).toBe(true);
    expect(isDateKey('2023-02-29')).toBe(false);
    expect(isDateKey('2026-04-31')).toBe(false);
    expect(isDateKey(20260101)).toBe(false);
    expect(isDateKey(null)).toBe(false);
  });
});

describe('lastNDaysKeys', () => {
  it('lists the last n Lima days, oldest first, ending today', () => {
    expect(lastNDaysKeys(3, at('2026-03-01T12:00:00Z'))).toEqual(['2026-02-27', '2026-02-28', '2026-03-01']);
  });

  it("uses Lima's today, not UTC's", () => {
    // 03:00 UTC on 1 March is 22:00 on 28 February in Lima.
    expect(lastNDaysKeys(2, at('2026-03-01T03:00:00Z'))).toEqual(['2026-02-27', '2026-02-28']);
  });

  it('crosses month, year and leap-day boundaries', () => {
    expect(lastNDaysKeys(3, at('2026-01-01T15:00:00Z'))).toEqual(['2025-12-30', '2025-12-31', '2026-01-01']);
    expect(lastNDaysKeys(2, at('2024-03-01T15:00:00Z'))).toEqual(['2024-02-29', '2024-03-01']);
  });

  it('gives 30 consecutive distinct days for the earnings chart', () => {
    const keys = lastNDaysKeys(30, at('2026-06-15T10:00:00Z'));
    expect(keys).toHaveLength(30);
    expect(keys[0]).toBe('2026-05-17');
    expect(keys[29]).toBe('2026-06-15');
    expect(new Set(keys).size).toBe(30);
    expect([...keys].sort()).toEqual(keys);
  });

  it('gives [] for 0 and today alone for 1', () => {
    expect(lastNDaysKeys(0, at('2026-06-15T10:00:00Z'))).toEqual([]);
    expect(lastNDaysKeys(1, at('2026-06-15T10:00:00Z'))).toEqual(['2026-06-15']);
  });

  it('defaults to now', () => {
    expect(lastNDaysKeys(1)).toEqual([limaDateKey(new Date())]);
  });

  it.each([-1, 1.5, NaN, Infinity])('throws RangeError for n = %s', (n) => {
    expect(() => lastNDaysKeys(n, at('2026-06-15T10:00:00Z'))).toThrow(RangeError);
  });
});
