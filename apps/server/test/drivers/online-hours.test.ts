import { describe, expect, it } from 'vitest';

import { millisToHours, onlineMillis, type StatusChange } from '../../src/modules/drivers/activity/online-hours';

const H = 3_600_000;
const from = new Date('2026-03-10T05:00:00Z');
const to = new Date('2026-03-10T15:00:00Z');
const change = (status: StatusChange['status'], hoursAfterFrom: number): StatusChange => ({
  status,
  changedAt: new Date(from.getTime() + hoursAfterFrom * H),
});

describe('onlineMillis', () => {
  it('is 0 with no history, and counts an open interval up to the end', () => {
    expect(onlineMillis(undefined, [], from, to)).toBe(0);
    expect(onlineMillis(undefined, [change('online', 8)], from, to)).toBe(2 * H);
  });

  it('starts the window in the state of the last change before it', () => {
    expect(onlineMillis(change('online', -5), [], from, to)).toBe(10 * H);
    expect(onlineMillis(change('offline', -5), [], from, to)).toBe(0);
    expect(onlineMillis(change('online', -5), [change('offline', 1)], from, to)).toBe(1 * H);
  });

  it('sums alternating intervals and tolerates repeated states', () => {
    const changes = [
      change('online', 1),
      change('online', 2),
      change('offline', 3),
      change('offline', 4),
      change('online', 9.5),
    ];
    expect(onlineMillis(undefined, changes, from, to)).toBe(2.5 * H);
  });

  it('ignores changes after the end', () => {
    expect(onlineMillis(undefined, [change('online', 9), change('offline', 12)], from, to)).toBe(1 * H);
  });

  it('rounds hours to 2 decimals', () => {
    expect(millisToHours(5_400_000)).toBe(1.5);
    expect(millisToHours(H / 3)).toBe(0.33);
  });
});
