/**
 * "¿Cuándo?" of the trip wizard: the days and 5-minute times a booking may take, always in Lima
 * time whatever the phone's zone, 30 minutes to 7 days ahead (the domain's checkScheduledFor decides; the
 * server checks again with its own clock). The choice lives in its own small store so the wizard's form
 * store stays untouched.
 */
import {
  BOOKING_MAX_LEAD_DAYS,
  BOOKING_STEP_MINUTES,
  checkScheduledFor,
  limaDateKey,
  limaDayStart,
  TIME_ZONE,
} from '@jala/domain';
import { create } from 'zustand';

const MINUTE_MS = 60_000;
const DAY_LABEL = new Intl.DateTimeFormat('es-PE', {
  timeZone: TIME_ZONE,
  weekday: 'short',
  day: 'numeric',
  month: 'short',
});
const DATE_LABEL = new Intl.DateTimeFormat('es-PE', { timeZone: TIME_ZONE, day: 'numeric', month: 'short' });
const plain = (text: string) => text.replace(/\./g, '').replace(',', '');

export interface Option {
  value: string;
  label: string;
}

/** The instant of a Lima wall-clock time: day 'YYYY-MM-DD' and 'HH:MM'. */
export function limaInstant(dayKey: string, time: string): Date {
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  return new Date(limaDayStart(dayKey).getTime() + (hours * 60 + minutes) * MINUTE_MS);
}

function nextDayKey(dayKey: string): string {
  return limaDateKey(new Date(limaDayStart(dayKey).getTime() + 36 * 60 * MINUTE_MS));
}

/** 'HH:MM' of every 5-minute step of a Lima day that is a valid booking time at `now`. */
export function bookingTimeOptions(dayKey: string, now: Date): Option[] {
  const options: Option[] = [];
  for (let minute = 0; minute < 24 * 60; minute += BOOKING_STEP_MINUTES) {
    const time = `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
    if (checkScheduledFor(limaInstant(dayKey, time), now).ok) options.push({ value: time, label: time });
  }
  return options;
}

/** The Lima days (today to 7 days ahead) with at least one valid time: 'Hoy, 28 nov', 'Mañana, 29 nov', 'lun 30 nov' (short enough for a phone). */
export function bookingDayOptions(now: Date): Option[] {
  const options: Option[] = [];
  let key = limaDateKey(now);
  for (let i = 0; i <= BOOKING_MAX_LEAD_DAYS; i += 1, key = nextDayKey(key)) {
    if (bookingTimeOptions(key, now).length === 0) continue;
    const noon = new Date(limaDayStart(key).getTime() + 12 * 60 * MINUTE_MS);
    const date = plain(DATE_LABEL.format(noon));
    options.push({
      value: key,
      label: i === 0 ? `Hoy, ${date}` : i === 1 ? `Mañana, ${date}` : plain(DAY_LABEL.format(noon)),
    });
  }
  return options;
}

export type WhenMode = 'now' | 'scheduled';

interface BookingChoiceState {
  mode: WhenMode;
  day: string | null;
  time: string | null;
  /** The server's refusal of this time (overlap, limit, window), shown under "¿Cuándo?"; a new choice clears it. */
  error: string | null;
  setError: (error: string | null) => void;
  setMode: (mode: WhenMode, now: Date) => void;
  setDay: (day: string, now: Date) => void;
  setTime: (time: string) => void;
  reset: () => void;
}

/** The wizard's "¿Cuándo?" choice. Choosing "Programar" or a day picks the first valid time, never an invalid one. */
export const useBookingChoice = create<BookingChoiceState>()((set, get) => ({
  mode: 'now',
  day: null,
  time: null,
  error: null,
  setError: (error) => set({ error }),
  setMode: (mode, now) => {
    if (mode === 'now') return set({ mode, day: null, time: null, error: null });
    const day = get().day ?? bookingDayOptions(now)[0]?.value ?? null;
    set({ mode, day, time: day ? (bookingTimeOptions(day, now)[0]?.value ?? null) : null, error: null });
  },
  setDay: (day, now) => {
    const times = bookingTimeOptions(day, now);
    const kept = get().time;
    set({ day, time: times.some((t) => t.value === kept) ? kept : (times[0]?.value ?? null), error: null });
  },
  setTime: (time) => set({ time, error: null }),
  reset: () => set({ mode: 'now', day: null, time: null, error: null }),
}));

/** The chosen booking time as the API takes it, or undefined for "Ahora". */
export function chosenScheduledFor(state: Pick<BookingChoiceState, 'mode' | 'day' | 'time'>): string | undefined {
  if (state.mode !== 'scheduled' || !state.day || !state.time) return undefined;
  return limaInstant(state.day, state.time).toISOString();
}

/**
 * Takes a failed booking's refusal of its time (the server's `fields.scheduled_for`: another booking at that
 * hour, the pending-bookings cap, the window) for "¿Cuándo?"; true when it was one, so the wizard shows it
 * there and not again in its own banner.
 */
export function takeScheduleError(error: unknown): boolean {
  const message = (error as { fields?: Record<string, string> } | null)?.fields?.scheduled_for;
  if (!message || useBookingChoice.getState().mode !== 'scheduled') return false;
  useBookingChoice.getState().setError(message);
  return true;
}
