/**
 * Calendar days in Lima (America/Lima), for "today" earnings, daily stats and the 30-day chart.
 * Peru is UTC−5 with no daylight saving today, but it did observe DST in the past, so the offset is
 * always asked of Intl's time-zone database instead of being hard-coded.
 */
import { TIME_ZONE } from '../constants';

const DAY_MS = 86_400_000;

const LIMA_PARTS = new Intl.DateTimeFormat('en-US', {
  timeZone: TIME_ZONE,
  calendar: 'gregory',
  numberingSystem: 'latn',
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function limaWallClock(epochMs: number): WallClock {
  const fields: Record<string, number> = {};
  for (const part of LIMA_PARTS.formatToParts(epochMs)) {
    if (part.type !== 'literal') fields[part.type] = Number(part.value);
  }
  return {
    year: fields.year ?? NaN,
    month: fields.month ?? NaN,
    day: fields.day ?? NaN,
    hour: fields.hour ?? NaN,
    minute: fields.minute ?? NaN,
    second: fields.second ?? NaN,
  };
}

/** Epoch ms of a UTC wall-clock time (unlike Date.UTC, years 0–99 are not shifted to 19xx). */
function utcEpoch(year: number, month: number, day: number, hour = 0, minute = 0, second = 0): number {
  const date = new Date(Date.UTC(2000, month - 1, day, hour, minute, second));
  date.setUTCFullYear(year, month - 1, day);
  return date.getTime();
}

/** Lima's offset from UTC at an instant, in ms (−5 h today). */
function limaOffsetMs(epochMs: number): number {
  const wall = limaWallClock(epochMs);
  const wallAsUtc = utcEpoch(wall.year, wall.month, wall.day, wall.hour, wall.minute, wall.second);
  return wallAsUtc - (epochMs - (((epochMs % 1000) + 1000) % 1000));
}

const HOUR_MS = 3_600_000;
/** The UTC hour whose Lima offset is kept, and that offset (see limaOffsetAt). */
let keptHour = Number.NaN;
let keptOffsetMs = 0;

/**
 * limaOffsetMs, asked of Intl at most once per UTC hour: every read of "today" (driver feed, stats) needs
 * the Lima day of now, and formatToParts costs microseconds per call. An hour whose first and last second
 * share an offset has no transition inside it (offsets change at most once in an hour), so the offset
 * holds for every instant of it; an hour with a transition is always asked of Intl.
 */
function limaOffsetAt(epochMs: number): number {
  const hour = Math.floor(epochMs / HOUR_MS);
  if (hour !== keptHour) {
    const first = limaOffsetMs(hour * HOUR_MS);
    if (first !== limaOffsetMs((hour + 1) * HOUR_MS - 1000)) return limaOffsetMs(epochMs);
    keptHour = hour;
    keptOffsetMs = first;
  }
  return keptOffsetMs;
}

function formatKey(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

const DATE_KEY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for an existing calendar date written 'YYYY-MM-DD' ('2026-02-30' is false). */
export function isDateKey(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const match = DATE_KEY.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(utcEpoch(year, month, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * 'YYYY-MM-DD' of the calendar day in Lima at that instant
 * (2026-01-01T04:59Z → '2025-12-31'; 2026-01-01T05:00Z → '2026-01-01').
 * @throws RangeError for an invalid Date.
 */
export function limaDateKey(date: Date): string {
  const epochMs = date.getTime();
  if (Number.isNaN(epochMs)) throw new RangeError('Fecha inválida');
  const wall = new Date(epochMs + limaOffsetAt(epochMs));
  return formatKey(wall.getUTCFullYear(), wall.getUTCMonth() + 1, wall.getUTCDate());
}

/**
 * The instant Lima's day `dateKey` ('YYYY-MM-DD') begins, 00:00 local
 * ('2026-01-01' → 2026-01-01T05:00:00.000Z). Use [limaDayStart(k), limaDayStart(next k)) as a day range.
 * @throws RangeError when the key is not an existing 'YYYY-MM-DD' date.
 */
export function limaDayStart(dateKey: string): Date {
  if (!isDateKey(dateKey)) throw new RangeError(`Fecha inválida: ${String(dateKey)}`);
  const [year, month, day] = dateKey.split('-').map(Number) as [number, number, number];
  const midnightAsUtc = utcEpoch(year, month, day);
  // Two passes settle the offset even if it differs between the guess and the true instant.
  const guess = midnightAsUtc - limaOffsetMs(midnightAsUtc);
  return new Date(midnightAsUtc - limaOffsetMs(guess));
}

/**
 * The last `n` Lima calendar days up to and including today (per `now`), oldest first:
 * lastNDaysKeys(3, 2026-03-01T12:00Z) → ['2026-02-27', '2026-02-28', '2026-03-01'].
 * @throws RangeError when n is not a non-negative integer or `now` is invalid.
 */
export function lastNDaysKeys(n: number, now: Date = new Date()): string[] {
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`Cantidad de días inválida: ${String(n)}`);
  const [year, month, day] = limaDateKey(now).split('-').map(Number) as [number, number, number];
  const today = utcEpoch(year, month, day);
  const keys: string[] = [];
  for (let offset = n - 1; offset >= 0; offset--) {
    const date = new Date(today - offset * DAY_MS);
    keys.push(formatKey(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()));
  }
  return keys;
}
