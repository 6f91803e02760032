/** Online time from the driver status log (pure; see docs/driver-metrics.md). */

export interface StatusChange {
  status: 'online' | 'offline';
  changedAt: Date;
}

const HOUR_MS = 3_600_000;

/**
 * Milliseconds the driver was online within [from, to]. `before` is the last change before `from` (the state
 * the window opens in; none means offline); `changes` are the changes inside the window, in order. An interval
 * still open at `to` counts up to `to`, and changes after `to` are ignored.
 */
export function onlineMillis(
  before: StatusChange | undefined,
  changes: readonly StatusChange[],
  from: Date,
  to: Date,
): number {
  const end = to.getTime();
  let isOnline = before?.status === 'online';
  let cursor = from.getTime();
  let total = 0;
  for (const change of changes) {
    const at = Math.min(Math.max(change.changedAt.getTime(), cursor), end);
    if (isOnline) total += at - cursor;
    isOnline = change.status === 'online';
    cursor = at;
  }
  if (isOnline && end > cursor) total += end - cursor;
  return total;
}

/** Hours with 2 decimals (1 h 30 min → 1.5). */
export function millisToHours(ms: number): number {
  return Math.round((ms / HOUR_MS) * 100) / 100;
}
