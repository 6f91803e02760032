import { describe, expect, it } from 'vitest';

import {
  bookingCancelledByPassengerText,
  bookingsOverlap,
  checkScheduledFor,
  formatScheduledTime,
  isLateBookingCancellation,
  relativeBookingTime,
  scheduledLabel,
} from '../src/trip/booking';

const now = new Date('2026-11-28T22:03:00Z'); // 17:03 in Lima
const at = (iso: string) => new Date(iso);

describe('checkScheduledFor', () => {
  it('accepts 30 minutes to 7 days ahead on a 5-minute step', () => {
    expect(checkScheduledFor(at('2026-11-28T22:35:00Z'), now)).toEqual({ ok: true });
    expect(checkScheduledFor(at('2026-12-05T22:00:00Z'), now)).toEqual({ ok: true });
  });

  it('refuses too soon, too far, off-step and invalid times with Spanish reasons', () => {
    expect(checkScheduledFor(at('2026-11-28T22:30:00Z'), now)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/al menos 30 minutos/),
    });
    expect(checkScheduledFor(at('2026-12-05T22:05:00Z'), now)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/hasta 7 días/),
    });
    expect(checkScheduledFor(at('2026-11-29T10:02:00Z'), now)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/pasos de 5 minutos/),
    });
    expect(checkScheduledFor(at('2026-11-29T10:00:30Z'), now)).toMatchObject({ ok: false });
    expect(checkScheduledFor(new Date(Number.NaN), now)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/no son válidas/),
    });
  });
});

describe('booking rules', () => {
  it('a cancel is late under 60 minutes before pickup', () => {
    const pickup = at('2026-11-29T10:00:00Z');
    expect(isLateBookingCancellation(pickup, at('2026-11-29T09:00:00Z'))).toBe(false);
    expect(isLateBookingCancellation(pickup, at('2026-11-29T09:00:01Z'))).toBe(true);
  });

  it('two bookings overlap when one pickup falls within the other route duration + 30 minutes', () => {
    const a = { scheduledFor: at('2026-11-29T10:00:00Z'), durationMinutes: 25 };
    expect(bookingsOverlap(a, { scheduledFor: at('2026-11-29T10:54:00Z'), durationMinutes: 10 })).toBe(true);
    expect(bookingsOverlap(a, { scheduledFor: at('2026-11-29T10:55:00Z'), durationMinutes: 10 })).toBe(false);
    expect(bookingsOverlap(a, { scheduledFor: at('2026-11-29T09:21:00Z'), durationMinutes: 10 })).toBe(true);
    expect(bookingsOverlap(a, { scheduledFor: at('2026-11-29T09:20:00Z'), durationMinutes: 10 })).toBe(false);
  });

  it('says when in Lima time, whatever the process time zone', () => {
    expect(formatScheduledTime(at('2026-11-29T10:00:00Z'))).toBe('dom 29 nov, 05:00');
    expect(scheduledLabel(at('2026-11-28T10:00:00Z'))).toBe('Programado: sáb 28 nov, 05:00');
  });

  it("says a booking's time as people do, relative to today in Lima (not the device's day)", () => {
    // 17:03 on Saturday 28 November in Lima (22:03 UTC): 05:00 Sunday is tomorrow, though still the 28th nowhere.
    expect(relativeBookingTime(at('2026-11-28T23:30:00Z'), now)).toEqual({ day: 'hoy', text: 'hoy 18:30' });
    expect(relativeBookingTime(at('2026-11-29T10:00:00Z'), now)).toEqual({ day: 'mañana', text: 'mañana 05:00' });
    expect(relativeBookingTime(at('2026-11-30T10:00:00Z'), now)).toEqual({ day: null, text: 'lun 30 nov, 05:00' });
    // 23:30 in Lima is already the next day in UTC: still "today" for whoever reads it in Lima.
    expect(relativeBookingTime(at('2026-11-29T04:30:00Z'), now).text).toBe('hoy 23:30');
  });

  it('tells the confirmed driver who cancelled and for when', () => {
    expect(bookingCancelledByPassengerText('Ana', at('2026-11-29T10:00:00Z'), now)).toBe(
      'Ana canceló el viaje programado de mañana 05:00',
    );
    expect(bookingCancelledByPassengerText('Ana', at('2026-12-01T10:00:00Z'), now)).toBe(
      'Ana canceló el viaje programado del mar 1 dic, 05:00',
    );
  });
});
