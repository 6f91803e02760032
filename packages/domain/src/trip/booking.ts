/**
 * Scheduled rides: a trip booked ahead for a Lima wall-clock time. The rules here are pure so
 * the server validates and schedules with them and the web shows the same windows and texts.
 *
 * Timeline of a booking whose pickup is at T:
 * - created between T − 7 days and T − 30 min, on a 5-minute step of Lima time;
 * - T − 60 and T − 15: reminders to passenger and confirmed driver;
 * - T − 30: still no confirmed driver → it joins the live requests (drivers nearby are pushed it);
 * - T − 20: it becomes the active trip of the passenger and of its driver (the active-trip guard);
 * - T + 5: the confirmed driver is still not on the way ('En camino') → the system takes the booking from
 *   them (counted against them as a late cancellation) and publishes it live again for 10 more minutes;
 * - T + 10 (or 10 minutes after such a republication): still nobody chosen → cancelled_by_system with
 *   BOOKING_UNSERVED_REASON.
 * Cancelling (either side) is free until T − 60; later it is recorded against whoever cancelled.
 */
import { TIME_ZONE } from '../constants';
import { limaDateKey } from '../time/lima-time';

const MINUTE_MS = 60_000;

export const BOOKING_MIN_LEAD_MINUTES = 30;
export const BOOKING_MAX_LEAD_DAYS = 7;
export const BOOKING_STEP_MINUTES = 5;
/** Minutes before pickup at which a booking becomes the active trip of both sides. */
export const BOOKING_ACTIVATION_MINUTES = 20;
/** Minutes before pickup at which a booking with no confirmed driver is published as a live request. */
export const BOOKING_GO_LIVE_MINUTES = 30;
/** Minutes after pickup time at which a booking nobody was chosen for is cancelled by the system. */
export const BOOKING_GRACE_MINUTES = 10;
/**
 * Minutes after pickup time by which the confirmed driver must be on the way ('En camino'); a driver still
 * on another trip, or who never started, loses the booking then and it is republished (BookingClock).
 */
export const BOOKING_DRIVER_NO_SHOW_MINUTES = 5;
/** What the passenger reads when the system takes the booking from a driver who did not start it. */
export const BOOKING_DRIVER_NO_SHOW_REASON =
  'Tu conductor no inició el viaje a tiempo. Lo publicamos de nuevo para conductores cercanos, sin costo para ti.';
/** What that driver reads. */
export const BOOKING_DRIVER_NO_SHOW_DRIVER_MESSAGE =
  'Perdiste un viaje programado: no estabas en camino 5 minutos después de la hora. Cuenta en tu tasa de finalización.';
/** Cancelling is free until this many minutes before pickup. */
export const BOOKING_FREE_CANCEL_MINUTES = 60;
/** A confirmed booking keeps its driver busy from pickup to pickup + route duration + this margin. */
export const BOOKING_OVERLAP_MARGIN_MINUTES = 30;
/** A passenger may hold at most this many bookings not yet started (searching or confirmed). */
export const BOOKING_MAX_PENDING_PER_PASSENGER = 5;
/** Reminders, in minutes before pickup, largest first. */
export const BOOKING_REMINDER_MINUTES = Object.freeze([60, 15] as const);

/** Why the system ended a booking nobody was chosen for (stored as the cancel reason, shown to the passenger). */
export const BOOKING_UNSERVED_REASON =
  'Ningún conductor confirmó tu viaje programado a tiempo. Lo cancelamos sin costo.';

export type ScheduleCheck = { ok: true } | { ok: false; message: string };

/**
 * Whether `at` is a valid pickup time for a booking made at `now`: 30 minutes to 7 days ahead, on a
 * 5-minute step (Lima's offset is whole hours, so a 5-minute step in UTC is one in Lima too), no seconds.
 */
export function checkScheduledFor(at: Date, now: Date): ScheduleCheck {
  const ms = at.getTime();
  if (Number.isNaN(ms)) return { ok: false, message: 'La fecha y hora del viaje no son válidas.' };
  if (ms % (BOOKING_STEP_MINUTES * MINUTE_MS) !== 0) {
    return {
      ok: false,
      message: `Elige una hora en pasos de ${BOOKING_STEP_MINUTES} minutos (por ejemplo 05:00 o 05:05).`,
    };
  }
  const lead = ms - now.getTime();
  if (lead < BOOKING_MIN_LEAD_MINUTES * MINUTE_MS) {
    return {
      ok: false,
      message: `Programa tu viaje con al menos ${BOOKING_MIN_LEAD_MINUTES} minutos de anticipación.`,
    };
  }
  if (lead > BOOKING_MAX_LEAD_DAYS * 24 * 60 * MINUTE_MS) {
    return { ok: false, message: `Solo puedes programar viajes hasta ${BOOKING_MAX_LEAD_DAYS} días antes.` };
  }
  return { ok: true };
}

/** Cancelling at `now` a booking for `scheduledFor` counts against whoever cancels. */
export function isLateBookingCancellation(scheduledFor: Date, now: Date): boolean {
  return scheduledFor.getTime() - now.getTime() < BOOKING_FREE_CANCEL_MINUTES * MINUTE_MS;
}

/** The span a confirmed booking keeps its driver busy: [pickup, pickup + route duration + margin). */
export function bookingBusySpan(scheduledFor: Date, durationMinutes: number): { from: number; to: number } {
  const from = scheduledFor.getTime();
  return { from, to: from + (durationMinutes + BOOKING_OVERLAP_MARGIN_MINUTES) * MINUTE_MS };
}

/** Two bookings overlap when one's pickup falls within the other's route duration + 30 minutes. */
export function bookingsOverlap(
  a: { scheduledFor: Date; durationMinutes: number },
  b: { scheduledFor: Date; durationMinutes: number },
): boolean {
  const x = bookingBusySpan(a.scheduledFor, a.durationMinutes);
  const y = bookingBusySpan(b.scheduledFor, b.durationMinutes);
  return x.from < y.to && y.from < x.to;
}

const SCHEDULE_PARTS = new Intl.DateTimeFormat('es-PE', {
  timeZone: TIME_ZONE,
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** 'sáb 29 nov, 05:00' in Lima time, whatever the device's zone (Intl's abbreviation dots dropped). */
export function formatScheduledTime(at: Date): string {
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    (SCHEDULE_PARTS.formatToParts(at).find((p) => p.type === type)?.value ?? '').replace(/\.$/, '');
  return `${part('weekday')} ${part('day')} ${part('month')}, ${part('hour')}:${part('minute')}`;
}

/** 'Programado: sáb 29 nov, 05:00'. */
export function scheduledLabel(at: Date): string {
  return `Programado: ${formatScheduledTime(at)}`;
}

const TIME_OF_DAY = new Intl.DateTimeFormat('es-PE', {
  timeZone: TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/**
 * A booking's time as people say it, relative to `now` in Lima: 'hoy 17:30', 'mañana 05:00', else
 * 'el sáb 29 nov, 05:00' (so it reads after "de": "de mañana 05:00", "del sáb 29 nov, 05:00").
 */
export function relativeBookingTime(at: Date, now: Date): { day: 'hoy' | 'mañana' | null; text: string } {
  const day = limaDateKey(at);
  const today = limaDateKey(now);
  const tomorrow = limaDateKey(new Date(now.getTime() + 24 * 60 * MINUTE_MS));
  // Lima keeps no daylight saving, so "now + 24 h" is always tomorrow's date there.
  if (day === today) return { day: 'hoy', text: `hoy ${TIME_OF_DAY.format(at)}` };
  if (day === tomorrow) return { day: 'mañana', text: `mañana ${TIME_OF_DAY.format(at)}` };
  return { day: null, text: formatScheduledTime(at) };
}

/** 'Ana canceló el viaje programado de mañana 05:00' (or '… del sáb 29 nov, 05:00'): what the confirmed driver reads. */
export function bookingCancelledByPassengerText(passengerFirstName: string, scheduledFor: Date, now: Date): string {
  const when = relativeBookingTime(scheduledFor, now);
  return `${passengerFirstName} canceló el viaje programado ${when.day ? 'de' : 'del'} ${when.text}`;
}

/**
 * How long the driver's "Programados" keeps the card of a confirmed booking its passenger cancelled (in the
 * "cancelado" state, until the driver dismisses it on that phone): long enough to be read the next morning.
 */
export const BOOKING_CANCELLED_CARD_HOURS = 12;

/** The state a passenger reads for an upcoming booking. */
export function bookingStateLabel(hasDriver: boolean): string {
  return hasDriver ? 'Conductor confirmado' : 'Buscando conductor';
}

/** The warning shown before a cancel that counts against the passenger. */
export const LATE_CANCEL_WARNING = `Faltan menos de ${BOOKING_FREE_CANCEL_MINUTES} minutos: si cancelas ahora, la cancelación cuenta en tu contra.`;
