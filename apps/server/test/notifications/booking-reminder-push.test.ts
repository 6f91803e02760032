/**
 * Booking reminders as Web Push, on PGlite and PostgreSQL with a fake clock and the decrypting
 * push service: 60 and 15 minutes before, to the passenger and the confirmed driver, once each, only the
 * district on the lock screen, a tap to the booking (dormant) or the active trip (activated), and the
 * usual rules: an app on screen gets the banner instead, a kind turned off gets nothing; a chat message
 * about a booking not started yet opens "Programados"; a driver who did not come is told they lost it.
 */
import { topics } from '@jala/contracts';
import { afterAll, beforeAll, expect } from 'vitest';

import { onlineDriver, passenger, requestTrip } from '../support/actors';
import { describeOnBackends } from '../support/backends';
import { api } from '../support/http';
import { connectMqtt } from '../support/mqtt';
import { pushesSettled, subscribeDevice } from '../support/push-actors';
import { startPushService, type TestPushService } from '../support/push-service';

const MINUTE = 60_000;
let now = new Date('2026-07-01T15:00:00Z');
const minutesBefore = (at: Date, minutes: number) => new Date(at.getTime() - minutes * MINUTE);

let service: TestPushService;
beforeAll(async () => {
  service = await startPushService();
});
afterAll(async () => service.close());

describeOnBackends(
  'booking reminders by push on %s',
  ({ t, maybe }) => {
    const tick = async () => {
      await t.app.services.trips.bookingClock.tick();
      await pushesSettled(t.app);
    };
    /** A booking 3 hours ahead confirmed with a driver, then both parties' devices subscribed (so no earlier push lands on them). */
    const confirmedBookingWithDevices = async () => {
      const p = await passenger(t.baseUrl);
      const d = await onlineDriver(t.baseUrl, t.app.database.db);
      const at = new Date(Math.ceil(now.getTime() / (60 * MINUTE)) * 60 * MINUTE + 3 * 60 * MINUTE);
      const booking = await requestTrip(t.baseUrl, p.token, { scheduled_for: at.toISOString() });
      expect(
        (
          await api(t.baseUrl, 'POST', '/driver/trips/accept', {
            token: d.token,
            body: { trip_request_id: booking.id },
          })
        ).status,
      ).toBe(201);
      expect(
        (
          await api(t.baseUrl, 'POST', '/drivers/trips/accept', {
            token: p.token,
            body: { trip_id: booking.id, driver_id: d.id },
          })
        ).status,
      ).toBe(200);
      await pushesSettled(t.app);
      return {
        p,
        d,
        at,
        booking,
        pd: await subscribeDevice(t.baseUrl, p.token, service),
        dd: await subscribeDevice(t.baseUrl, d.token, service),
      };
    };
    const reminders = (device: { received: { tag?: string; title?: string }[] }, tripId: number) =>
      device.received.filter((payload) => payload.tag === `trip-${tripId}`);

    maybe('both parties are pushed 60 and 15 minutes before, once, unless on screen or turned off', async () => {
      const { p, d, at, booking, pd, dd } = await confirmedBookingWithDevices();

      // A chat message about the booking before it starts: the push opens "Programados", where its chat is.
      const pm = await connectMqtt(t.wsUrl, { userId: p.id, token: p.token });
      pm.publish(
        topics.chat(booking.id, d.id),
        JSON.stringify({
          sender: p.id,
          role: 'passenger',
          message: '¿Me recoges en la puerta?',
          timestamp: now.toISOString(),
          id: 'b00c1a7e5e2d4f60',
        }),
      );
      await expect
        .poll(async () => {
          await pushesSettled(t.app);
          return dd.received.filter((payload) => payload.kind === 'chat').length;
        })
        .toBe(1);
      await pm.endAsync();
      expect(dd.received.find((payload) => payload.kind === 'chat')).toMatchObject({
        title: expect.stringMatching(/^Mensaje de /),
        url: '/driver/trip-request?tab=programados',
      });

      // 60 minutes before: the passenger has the app on screen (the banner tells them), the driver is away.
      expect(
        (await api(t.baseUrl, 'PUT', '/notifications/presence', { token: p.token, body: { visible: true } })).status,
      ).toBe(200);
      now = minutesBefore(at, 60);
      await tick();
      await tick();
      expect(reminders(pd, booking.id)).toEqual([]);
      expect(reminders(dd, booking.id)).toEqual([
        {
          kind: 'trip_updates',
          title: 'Tienes un viaje programado en 60 minutos',
          body: expect.stringMatching(
            /^Recojo en Miraflores · \S+ \d{1,2} \S+, \d{2}:\d{2}\. Toca para ver el viaje\.$/,
          ),
          url: '/driver/trip-request?tab=programados',
          tag: `trip-${booking.id}`,
          renotify: true,
        },
      ]);

      // 15 minutes before (active since 20): the passenger is away now; the driver turned trip updates off.
      await api(t.baseUrl, 'PUT', '/notifications/presence', { token: p.token, body: { visible: false } });
      expect(
        (await api(t.baseUrl, 'PUT', '/notifications/preferences', { token: d.token, body: { trip_updates: false } }))
          .status,
      ).toBe(200);
      now = minutesBefore(at, 20);
      await tick();
      now = minutesBefore(at, 15);
      await tick();
      await tick();
      expect(reminders(pd, booking.id)).toEqual([
        expect.objectContaining({
          title: 'Tu viaje programado es en 15 minutos',
          url: '/passenger/active-trip',
        }),
      ]);
      expect(reminders(dd, booking.id)).toHaveLength(1);
      // A lock screen names the district, never the address.
      for (const payload of [...pd.received, ...dd.received])
        expect(JSON.stringify(payload)).not.toMatch(/Parque Kennedy|Jockey/);
      expect(service.rejections).toEqual([]);
    });

    maybe(
      'a driver not on the way 5 minutes after the time is told by push that they lost it, the passenger that we search again',
      async () => {
        const { at, booking, pd, dd } = await confirmedBookingWithDevices();
        // Active 20 minutes before, the driver never leaves: 5 minutes after the time it is taken from them.
        now = minutesBefore(at, 20);
        await tick();
        now = new Date(at.getTime() + 5 * MINUTE);
        await tick();
        expect(reminders(pd, booking.id)).toContainEqual(
          expect.objectContaining({
            title: 'Tu conductor no inició el viaje',
            url: '/passenger/active-trip',
          }),
        );
        expect(reminders(dd, booking.id)).toContainEqual(
          expect.objectContaining({
            title: 'Perdiste un viaje programado',
            body: 'No estabas en camino a tiempo. Cuenta en tu tasa de finalización.',
            url: '/driver/trip-request',
          }),
        );
        await tick();
        expect(
          reminders(dd, booking.id).filter((payload) => payload.title === 'Perdiste un viaje programado'),
        ).toHaveLength(1);
      },
    );
  },
  { start: () => ({ app: { now: () => now } }) },
);
