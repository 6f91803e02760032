/**
 * Lima calendar-day ranges for the driver metrics, built on the domain's Lima clock helpers so day
 * boundaries never assume a fixed UTC offset.
 */
import { lastNDaysKeys, limaDateKey, limaDayStart } from '@jala/domain';

const HOUR_MS = 3_600_000;

export interface InstantRange {
  /** Inclusive. */
  from: Date;
  /** Exclusive. */
  to: Date;
}

/** The instant the Lima day after `dateKey` begins (36 h after its start is always inside the next day). */
export function nextLimaDayStart(dateKey: string): Date {
  return limaDayStart(limaDateKey(new Date(limaDayStart(dateKey).getTime() + 36 * HOUR_MS)));
}

/** [start of today, start of tomorrow) in Lima, for `now`. */
export function limaToday(now: Date): InstantRange & { key: string } {
  const key = limaDateKey(now);
  return { key, from: limaDayStart(key), to: nextLimaDayStart(key) };
}

/** The last `days` Lima calendar days including today: their keys (oldest first) and the instant range they cover. */
export function limaLastDays(days: number, now: Date): InstantRange & { keys: string[] } {
  const keys = lastNDaysKeys(days, now);
  const today = limaToday(now);
  return { keys, from: limaDayStart(keys[0] ?? today.key), to: today.to };
}
