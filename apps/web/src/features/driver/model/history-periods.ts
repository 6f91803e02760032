import { limaDateKey, LOCALE } from '@jala/domain';

/** A range of Lima days, 'YYYY-MM-DD', both included; '' leaves that end open. */
export interface DayRange {
  from: string;
  to: string;
}

/** One choice of the 'Periodo' menu: the range it stands for ('custom' has none of its own). */
export interface HistoryPeriod {
  value: string;
  label: string;
  range: DayRange | null;
}

export const ALL_TIME = 'todo';
export const CUSTOM_PERIOD = 'elegir';
/** Months offered by name, the current one included: a driver looks back by month for their accounts. */
const MONTHS_OFFERED = 12;

const MONTH_NAME = new Intl.DateTimeFormat(LOCALE, { month: 'long', year: 'numeric', timeZone: 'UTC' });
const pad = (n: number) => String(n).padStart(2, '0');

/** 'YYYY-MM-DD' moved by whole calendar days (the key is a date, not an instant: no time zone involved). */
export function shiftDay(key: string, days: number): string {
  const [year, month, day] = key.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day + days));
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

/** The month `back` months before that of `today`, as its first and last day. */
function monthRange(today: string, back: number): { range: DayRange; first: Date } {
  const [year, month] = today.split('-').map(Number) as [number, number];
  const first = new Date(Date.UTC(year, month - 1 - back, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0));
  const key = (date: Date) => `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
  return { range: { from: key(first), to: key(last) }, first };
}

/** 'noviembre de 2026' → 'Noviembre de 2026'. */
const capitalised = (text: string) => text.charAt(0).toLocaleUpperCase(LOCALE) + text.slice(1);

/**
 * The 'Periodo' menu as of `now` in Lima: all time, today, yesterday, the last 7 and 30 days, each of the last
 * 12 months by name, and 'Elegir fechas…' for any other range.
 */
export function historyPeriods(now: Date = new Date()): HistoryPeriod[] {
  const today = limaDateKey(now);
  const months = Array.from({ length: MONTHS_OFFERED }, (_, back) => {
    const { range, first } = monthRange(today, back);
    return { value: range.from.slice(0, 7), label: capitalised(MONTH_NAME.format(first)), range };
  });
  return [
    { value: ALL_TIME, label: 'Todo el historial', range: { from: '', to: '' } },
    { value: 'hoy', label: 'Hoy', range: { from: today, to: today } },
    { value: 'ayer', label: 'Ayer', range: { from: shiftDay(today, -1), to: shiftDay(today, -1) } },
    { value: '7-dias', label: 'Últimos 7 días', range: { from: shiftDay(today, -6), to: today } },
    { value: '30-dias', label: 'Últimos 30 días', range: { from: shiftDay(today, -29), to: today } },
    ...months,
    { value: CUSTOM_PERIOD, label: 'Elegir fechas…', range: null },
  ];
}

/** The menu choice a range stands for: the period with exactly that range, else the custom one. */
export function periodOf(periods: readonly HistoryPeriod[], range: DayRange): string {
  return (
    periods.find((period) => period.range && period.range.from === range.from && period.range.to === range.to)?.value ??
    CUSTOM_PERIOD
  );
}
