import { describe, expect, it } from 'vitest';

import { formatLimaDate, formatLimaDateTime, NO_DATE } from '../src/time/date-format';

describe('the one way dates are written for people (Lima time, year in full)', () => {
  it("writes a day as '27 nov 2026', from an instant or a 'YYYY-MM-DD' key, never '27/11/26' or '2026-11-27'", () => {
    expect(formatLimaDate('2026-11-27')).toBe('27 nov 2026');
    expect(formatLimaDate('2027-06-30')).toBe('30 jun 2027');
    expect(formatLimaDate(new Date('2026-11-27T15:05:00Z'))).toBe('27 nov 2026');
    // A calendar key is that day wherever the reader is, not the instant of its UTC midnight (the 26th in Lima).
    expect(formatLimaDate('2026-11-01')).toBe('1 nov 2026');
  });

  it("writes an instant as '27 nov 2026, 18:05' on 24 hours, in Lima whatever the phone's zone", () => {
    expect(formatLimaDateTime('2026-11-27T23:05:00Z')).toBe('27 nov 2026, 18:05');
    // 03:30 UTC on the 28th is still the evening of the 27th in Lima.
    expect(formatLimaDateTime('2026-11-28T03:30:00.000Z')).toBe('27 nov 2026, 22:30');
    expect(formatLimaDateTime(new Date('2026-01-01T05:00:00Z'))).toBe('1 ene 2026, 00:00');
  });

  it("uses Peru's month names ('set', not 'sept'), the same on every device", () => {
    const months = Array.from(
      { length: 12 },
      (_, i) => formatLimaDate(`2026-${String(i + 1).padStart(2, '0')}-15`).split(' ')[1],
    );
    expect(months).toEqual(['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'set', 'oct', 'nov', 'dic']);
  });

  it("shows '—' for a missing or unreadable date instead of 'Invalid Date'", () => {
    expect(NO_DATE).toBe('—');
    expect(formatLimaDate(null)).toBe('—');
    expect(formatLimaDateTime(undefined)).toBe('—');
    expect(formatLimaDateTime('mañana')).toBe('—');
  });
});
