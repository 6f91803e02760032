/**
 * Scheduled rides on PGlite and PostgreSQL with a fake clock: the window and step checks, a
 * booking that blocks nothing until 20 minutes before, offers and the overlap rule, "Próximos viajes" and
 * "Programados", every transition of the clock (reminders, going live, activation, the system's cancel),
 * both cancel windows and the driver giving a booking back.
 */
import {
  type AdminTrip,
  type DriverBooking,
  type DriverStats,
  type DriverTripRequest,
  type PassengerBooking,
  topics,
} from '@jala/contracts';
import { and, eq, schema } from '@jala/db';
import {
  BOOKING_DRIVER_NO_SHOW_DRIVER_MESSAGE,
  BOOKING_DRIVER_NO_SHOW_REASON,
  BOOKING_UNSERVED_REASON,
} from '@jala/domain';
import { createUser } from '@jala/test-factories/database';
import type { MqttClient } from 'mqtt';
import { expect } from 'vitest';

import { login, onlineDriver, passenger, requestTrip, tripPayload } from '../support/actors';
import { describeOnBackends } from '../support/backends';
import { api } from '../support/http';
import { connectMqtt, MESSAGE_WAIT_MS, nextMessage, subscribeQos } from '../support/mqtt';

const MINUTE = 60_000;

/** The next message on `topic` that `matches` (other bookings of this file go live on the same clock). */
function messageMatching(client: MqttClient, topic: string, matches: (message: unknown) => boolean): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      client.off('message', onMessage);
      reject(new Error(`no matching message on ${topic}`));
    }, MESSAGE_WAIT_MS);
    function onMessage(received: string, payload: Buffer) {
      const message: unknown = JSON.parse(payload.toString());
      if (received !== topic || !matches(message)) return;
      clearTimeout(timer);
      client.off('message', onMessage);
      resolve(message);
    }
    client.on('message', onMessage);
  });
}
let now = new Date('2026-06-01T15:00:00Z');
const advanceTo = (at: Date) => {
  now = at;
};
const minutesBefore = (at: Date, minutes: number) => new Date(at.getTime() - minutes * MINUTE);
/** A pickup time `hours` ahead of the fake clock, on the hour (so on a 5-minute step). */
const hoursAhead = (hours: number) =>
  new Date(Math.ceil(now.getTime() / (60 * MINUTE)) * 60 * MINUTE + hours * 60 * MINUTE);

describeOnBackends(
  'scheduled rides on %s',
  ({ t, maybe }) => {
    const book = async (token: string, at: Date, overrides: Record<string, unknown> = {}) =>
      requestTrip(t.baseUrl, token, { scheduled_for: at.toISOString(), ...overrides });
    const tick = () => t.app.services.trips.bookingClock.tick();
    const offerAndConfirm = async (p: { token: string }, d: { id: number; token: string }, tripId: number) => {
      expect(
        (await api(t.baseUrl, 'POST', '/driver/trips/accept', { token: d.token, body: { trip_request_id: tripId } }))
          .status,
      ).toBe(201);
      expect(
        (
          await api(t.baseUrl, 'POST', '/drivers/trips/accept', {
            token: p.token,
            body: { trip_id: tripId, driver_id: d.id },
          })
        ).status,
      ).toBe(200);
    };

    maybe('refuses a time outside 30 minutes to 7 days, or off the 5-minute step, with a Spanish 400', async () => {
      const p = await passenger(t.baseUrl);
      const cases: [Date, RegExp][] = [
        [new Date(Math.ceil(now.getTime() / (5 * MINUTE)) * 5 * MINUTE + 20 * MINUTE), /al menos 30 minutos/],
        [hoursAhead(8 * 24), /hasta 7 días/],
        [new Date(hoursAhead(2).getTime() + 7 * MINUTE), /pasos de 5 minutos/],
      ];
      for (const [at, message] of cases) {
        const res = await api(t.baseUrl, 'POST', '/trips', {
          token: p.token,
          body: { ...tripPayload(), scheduled_for: at.toISOString() },
        });
        expect(res.status).toBe(400);
        expect(res.body.message).toMatch(message);
        expect(res.body.fields?.scheduled_for).toMatch(message);
      }
      const garbage = await api(t.baseUrl, 'POST', '/trips', {
        token: p.token,
        body: { ...tripPayload(), scheduled_for: 'mañana' },
      });
      expect(garbage.status).toBe(400);
      expect(garbage.body.fields?.scheduled_for).toMatch(/no son válidas/);
    });

    maybe(
      'a booking is not the active trip and does not block a live one; the passenger lists it as searching',
      async () => {
        const p = await passenger(t.baseUrl);
        const at = hoursAhead(5);
        const booking = await book(p.token, at);
        expect((await api(t.baseUrl, 'GET', '/trips/active', { token: p.token })).body.data).toBeNull();
        const live = await requestTrip(t.baseUrl, p.token);
        expect(live.id).not.toBe(booking.id);
        const upcoming = await api<PassengerBooking[]>(t.baseUrl, 'GET', '/trips/scheduled', { token: p.token });
        expect(upcoming.status).toBe(200);
        expect(upcoming.body.data).toEqual([
          expect.objectContaining({
            id: booking.id,
            scheduled_for: at.toISOString(),
            state: 'searching',
            driver: null,
            late_cancel: false,
          }),
        ]);
        // Drivers do not see it among live requests before its time.
        const d = await onlineDriver(t.baseUrl, t.app.database.db);
        const feed = await api<DriverTripRequest[]>(t.baseUrl, 'GET', '/driver/trip-requests', { token: d.token });
        expect(feed.body.data.map((r) => r.id)).not.toContain(booking.id);
        await api(t.baseUrl, 'PUT', `/trips/${live.id}/cancel`, { token: p.token, body: {} });
      },
    );

    maybe(
      'a driver offers from "Programados", the passenger confirms; the overlap rule refuses a second booking too close',
      async () => {
        const p = await passenger(t.baseUrl);
        const d = await onlineDriver(t.baseUrl, t.app.database.db);
        const at = hoursAhead(6);
        const booking = await book(p.token, at);
        const listed = await api<DriverBooking[]>(t.baseUrl, 'GET', '/driver/scheduled-trips', { token: d.token });
        expect(listed.status).toBe(200);
        const item = listed.body.data.find((b) => b.id === booking.id);
        expect(item).toMatchObject({
          scheduled_for: at.toISOString(),
          pickup_address: 'Parque Kennedy, Miraflores',
          fare: booking.estimated_fare,
          confirmed: false,
          my_offer_price: null,
        });
        expect(item?.distance_to_pickup_km).toBeGreaterThanOrEqual(0);
        await offerAndConfirm(p, d, booking.id);
        expect(
          (await api<PassengerBooking[]>(t.baseUrl, 'GET', '/trips/scheduled', { token: p.token })).body.data[0],
        ).toMatchObject({ state: 'confirmed', driver: { id: d.id } });
        expect(
          (await api<DriverBooking[]>(t.baseUrl, 'GET', '/driver/scheduled-trips', { token: d.token })).body.data.find(
            (b) => b.id === booking.id,
          )?.confirmed,
        ).toBe(true);
        // Not anybody's active trip yet: neither blocks the driver nor sends them to it; its stages wait.
        expect((await api(t.baseUrl, 'GET', '/driver/trips/current', { token: d.token })).body.data).toBeNull();
        expect((await api(t.baseUrl, 'GET', '/trips/active', { token: p.token })).body.data).toBeNull();
        const early = await api(t.baseUrl, 'PUT', `/driver/trips/${booking.id}/status`, {
          token: d.token,
          body: { status: 'en_route' },
        });
        expect([early.status, early.body.code]).toEqual([409, 'BOOKING_NOT_STARTED']);

        // Another passenger's booking 40 minutes later overlaps (route duration + 30 minutes); 2 hours later does not.
        const other = await passenger(t.baseUrl);
        const overlapping = await book(other.token, new Date(at.getTime() + 40 * MINUTE));
        const refused = await api(t.baseUrl, 'POST', '/driver/trips/accept', {
          token: d.token,
          body: { trip_request_id: overlapping.id },
        });
        expect([refused.status, refused.body.code]).toEqual([409, 'BOOKING_OVERLAP']);
        expect(refused.body.message).toMatch(/viaje programado confirmado/);
        const later = await book(other.token, new Date(at.getTime() + 120 * MINUTE));
        expect(
          (
            await api(t.baseUrl, 'POST', '/driver/trips/accept', {
              token: d.token,
              body: { trip_request_id: later.id },
            })
          ).status,
        ).toBe(201);

        // A confirmed booking does not keep the driver busy now (they may go offline), and going offline keeps
        // their offer on a booking that is not live yet.
        expect(
          (await api(t.baseUrl, 'POST', '/driver/status', { token: d.token, body: { status: 'offline' } })).status,
        ).toBe(200);
        const offers = await api<{ driver_id: number }[]>(t.baseUrl, 'GET', `/trips/${later.id}/driver-offers`, {
          token: other.token,
        });
        expect(offers.body.data.map((o) => o.driver_id)).toEqual([d.id]);

        // The rule also holds at the passenger's accept: a driver who offered first and got confirmed elsewhere.
        const d2 = await onlineDriver(t.baseUrl, t.app.database.db);
        const third = await passenger(t.baseUrl);
        const aAt = hoursAhead(30);
        const a = await book(third.token, aAt);
        const fourth = await passenger(t.baseUrl);
        const b = await book(fourth.token, new Date(aAt.getTime() + 10 * MINUTE));
        for (const id of [a.id, b.id])
          expect(
            (await api(t.baseUrl, 'POST', '/driver/trips/accept', { token: d2.token, body: { trip_request_id: id } }))
              .status,
          ).toBe(201);
        expect(
          (
            await api(t.baseUrl, 'POST', '/drivers/trips/accept', {
              token: third.token,
              body: { trip_id: a.id, driver_id: d2.id },
            })
          ).status,
        ).toBe(200);
        const second = await api(t.baseUrl, 'POST', '/drivers/trips/accept', {
          token: fourth.token,
          body: { trip_id: b.id, driver_id: d2.id },
        });
        expect([second.status, second.body.code]).toEqual([409, 'BOOKING_OVERLAP']);
      },
    );

    maybe('reminds both at 60 and 15 minutes and becomes the active trip of both 20 minutes before', async () => {
      const p = await passenger(t.baseUrl);
      const d = await onlineDriver(t.baseUrl, t.app.database.db);
      const at = hoursAhead(3);
      const booking = await book(p.token, at);
      await offerAndConfirm(p, d, booking.id);
      const pm = await connectMqtt(t.wsUrl, { userId: p.id, token: p.token });
      const dm = await connectMqtt(t.wsUrl, { userId: d.id, token: d.token });
      try {
        expect(await subscribeQos(pm, topics.notifications(p.id))).toBe(0);
        expect(await subscribeQos(dm, topics.notifications(d.id))).toBe(0);

        advanceTo(minutesBefore(at, 61));
        await tick();
        expect(
          (await t.app.database.db.select().from(schema.trips).where(eq(schema.trips.id, booking.id)))[0]
            ?.remindedMinutes,
        ).toBeNull();

        advanceTo(minutesBefore(at, 60));
        const passengerHeard = nextMessage(pm, topics.notifications(p.id));
        const driverHeard = nextMessage(dm, topics.notifications(d.id));
        await tick();
        expect(await passengerHeard).toEqual({
          type: 'booking_reminder',
          trip_id: booking.id,
          scheduled_for: at.toISOString(),
          minutes_before: 60,
          role: 'passenger',
        });
        expect(await driverHeard).toMatchObject({
          type: 'booking_reminder',
          trip_id: booking.id,
          minutes_before: 60,
          role: 'driver',
        });
        // Exactly 60 minutes before is still free; a minute later the cancel would count.
        expect(
          (await api<PassengerBooking[]>(t.baseUrl, 'GET', '/trips/scheduled', { token: p.token })).body.data[0]
            ?.late_cancel,
        ).toBe(false);

        // 21 minutes before: still dormant.
        advanceTo(minutesBefore(at, 21));
        await tick();
        expect((await api(t.baseUrl, 'GET', '/trips/active', { token: p.token })).body.data).toBeNull();
        expect(
          (await api<PassengerBooking[]>(t.baseUrl, 'GET', '/trips/scheduled', { token: p.token })).body.data[0]
            ?.late_cancel,
        ).toBe(true);

        advanceTo(minutesBefore(at, 20));
        const status = nextMessage(pm, topics.tripStatus(booking.id));
        expect(await subscribeQos(pm, topics.tripStatus(booking.id))).toBe(0);
        // Each open app hears it on its own notifications topic, which every signed-in app follows.
        const passengerActivated = messageMatching(
          pm,
          topics.notifications(p.id),
          (m) => (m as { type?: string }).type === 'booking_activated',
        );
        const driverActivated = messageMatching(
          dm,
          topics.notifications(d.id),
          (m) => (m as { type?: string }).type === 'booking_activated',
        );
        const result = await tick();
        expect(result.activated).toBeGreaterThanOrEqual(1);
        expect(await status).toMatchObject({ trip_id: booking.id, status: 'accepted', driver_id: d.id });
        expect(await passengerActivated).toEqual({ type: 'booking_activated', trip_id: booking.id, role: 'passenger' });
        expect(await driverActivated).toEqual({ type: 'booking_activated', trip_id: booking.id, role: 'driver' });
        const active = await api<{ id: number; status: string; scheduled_for: string }>(
          t.baseUrl,
          'GET',
          '/trips/active',
          { token: p.token },
        );
        expect(active.body.data).toMatchObject({ id: booking.id, status: 'accepted', scheduled_for: at.toISOString() });
        const current = await api<{ id: number; scheduled_for: string }>(t.baseUrl, 'GET', '/driver/trips/current', {
          token: d.token,
        });
        expect(current.body.data).toMatchObject({ id: booking.id, scheduled_for: at.toISOString() });
        expect(
          (await api<PassengerBooking[]>(t.baseUrl, 'GET', '/trips/scheduled', { token: p.token })).body.data,
        ).toEqual([]);
        // Now it blocks: the passenger cannot ask for a live trip beside it.
        expect((await api(t.baseUrl, 'POST', '/trips', { token: p.token, body: tripPayload() })).status).toBe(409);

        advanceTo(minutesBefore(at, 15));
        const second = nextMessage(pm, topics.notifications(p.id));
        await tick();
        expect(await second).toMatchObject({ type: 'booking_reminder', trip_id: booking.id, minutes_before: 15 });
        // Stages now run as on any trip.
        expect(
          (
            await api(t.baseUrl, 'PUT', `/driver/trips/${booking.id}/status`, {
              token: d.token,
              body: { status: 'en_route' },
            })
          ).status,
        ).toBe(200);
      } finally {
        pm.end(true);
        dm.end(true);
      }
    });

    maybe(
      'with no confirmed driver it goes live 30 minutes before and ends cancelled_by_system 10 minutes after its time',
      async () => {
        const p = await passenger(t.baseUrl);
        const d = await onlineDriver(t.baseUrl, t.app.database.db);
        const at = hoursAhead(2);
        const booking = await book(p.token, at);
        advanceTo(minutesBefore(at, 31));
        await tick();
        expect(
          (await api<DriverTripRequest[]>(t.baseUrl, 'GET', '/driver/trip-requests', { token: d.token })).body.data.map(
            (r) => r.id,
          ),
        ).not.toContain(booking.id);

        const dm = await connectMqtt(t.wsUrl, { userId: d.id, token: d.token });
        const pm = await connectMqtt(t.wsUrl, { userId: p.id, token: p.token });
        try {
          expect(await subscribeQos(dm, topics.driverTripRequests(d.id))).toBe(0);
          advanceTo(minutesBefore(at, 30));
          const pushed = messageMatching(
            dm,
            topics.driverTripRequests(d.id),
            (m) => (m as { request?: { id: number } }).request?.id === booking.id,
          );
          expect((await tick()).wentLive).toBeGreaterThanOrEqual(1);
          expect(await pushed).toMatchObject({
            type: 'trip_request',
            request: { id: booking.id, scheduled_for: at.toISOString() },
          });
          const feed = await api<DriverTripRequest[]>(t.baseUrl, 'GET', '/driver/trip-requests', { token: d.token });
          expect(feed.body.data.find((r) => r.id === booking.id)?.scheduled_for).toBe(at.toISOString());

          advanceTo(minutesBefore(at, 20));
          await tick();
          expect(
            (await api<{ id: number; status: string }>(t.baseUrl, 'GET', '/trips/active', { token: p.token })).body
              .data,
          ).toMatchObject({ id: booking.id, status: 'pending' });

          expect(await subscribeQos(pm, topics.tripStatus(booking.id))).toBe(0);
          advanceTo(new Date(at.getTime() + 10 * MINUTE));
          expect(await t.app.services.trips.requests.expirePending()).toBe(0);
          advanceTo(new Date(at.getTime() + 10 * MINUTE + 1000));
          const closed = nextMessage(pm, topics.tripStatus(booking.id));
          expect(await t.app.services.trips.requests.expirePending()).toBeGreaterThanOrEqual(1);
          expect(await closed).toMatchObject({
            trip_id: booking.id,
            status: 'cancelled_by_system',
            reason: BOOKING_UNSERVED_REASON,
          });
          expect((await api(t.baseUrl, 'GET', '/trips/active', { token: p.token })).body.data).toBeNull();
        } finally {
          dm.end(true);
          pm.end(true);
        }
      },
    );

    maybe("the passenger's cancel is free until 60 minutes before and recorded as late after", async () => {
      const p = await passenger(t.baseUrl);
      const at = hoursAhead(4);
      const early = await book(p.token, at);
      const late = await book(p.token, new Date(at.getTime() + 3 * 60 * MINUTE));
      advanceTo(minutesBefore(at, 61));
      const free = await api<{ late: boolean; status: string }>(t.baseUrl, 'PUT', `/trips/${early.id}/cancel`, {
        token: p.token,
        body: {},
      });
      expect(free.body.data).toEqual({ id: early.id, status: 'cancelled_by_passenger', late: false });
      expect(free.body.message).toMatch(/sin costo/);
      advanceTo(minutesBefore(new Date(at.getTime() + 3 * 60 * MINUTE), 50));
      const counted = await api<{ late: boolean }>(t.baseUrl, 'PUT', `/trips/${late.id}/cancel`, {
        token: p.token,
        body: {},
      });
      expect(counted.body.data.late).toBe(true);
      expect(counted.body.message).toMatch(/cuenta en tu contra/);
      const rows = await t.app.database.db
        .select()
        .from(schema.bookingCancellations)
        .where(eq(schema.bookingCancellations.userId, p.id));
      expect(rows.map((r) => [r.tripId, r.role, r.late]).sort()).toEqual(
        [
          [early.id, 'passenger', false],
          [late.id, 'passenger', true],
        ].sort(),
      );
      expect(
        (await api<PassengerBooking[]>(t.baseUrl, 'GET', '/trips/scheduled', { token: p.token })).body.data,
      ).toEqual([]);
    });

    maybe(
      'a driver giving a confirmed booking back late: counted against them, the passenger told at once, offered to others',
      async () => {
        const p = await passenger(t.baseUrl);
        const d = await onlineDriver(t.baseUrl, t.app.database.db);
        const other = await onlineDriver(t.baseUrl, t.app.database.db);
        const at = hoursAhead(3);
        const booking = await book(p.token, at);
        // Another driver offered too and was not chosen: they may offer again once it is back.
        expect(
          (
            await api(t.baseUrl, 'POST', '/driver/trips/accept', {
              token: other.token,
              body: { trip_request_id: booking.id },
            })
          ).status,
        ).toBe(201);
        await offerAndConfirm(p, d, booking.id);
        expect(
          (await api<DriverStats>(t.baseUrl, 'GET', '/driver/stats', { token: d.token })).body.data.completion_rate,
        ).toBeNull();

        // Only the confirmed driver may give it back: anyone else reads it as not found.
        const stranger = await api(t.baseUrl, 'POST', `/driver/scheduled-trips/${booking.id}/cancel`, {
          token: other.token,
        });
        expect([stranger.status, stranger.body.code]).toEqual([404, 'TRIP_NOT_FOUND']);
        const pm = await connectMqtt(t.wsUrl, { userId: p.id, token: p.token });
        try {
          expect(await subscribeQos(pm, topics.tripStatus(booking.id))).toBe(0);
          advanceTo(minutesBefore(at, 45));
          const told = nextMessage(pm, topics.tripStatus(booking.id));
          const res = await api<{ status: string; late: boolean }>(
            t.baseUrl,
            'POST',
            `/driver/scheduled-trips/${booking.id}/cancel`,
            { token: d.token },
          );
          expect(res.body.data).toEqual({ id: booking.id, status: 'pending', late: true });
          expect(await told).toMatchObject({
            trip_id: booking.id,
            status: 'pending',
            driver_id: null,
            reason: expect.stringMatching(/conductor canceló/),
          });
        } finally {
          pm.end(true);
        }
        expect(
          (await api<DriverStats>(t.baseUrl, 'GET', '/driver/stats', { token: d.token })).body.data.completion_rate,
        ).toBe(0);
        expect(
          (await api<PassengerBooking[]>(t.baseUrl, 'GET', '/trips/scheduled', { token: p.token })).body.data[0],
        ).toMatchObject({ id: booking.id, state: 'searching' });
        // Gone for the driver who gave it back; open again to the one not chosen before.
        expect(
          (await api<DriverBooking[]>(t.baseUrl, 'GET', '/driver/scheduled-trips', { token: d.token })).body.data.map(
            (b) => b.id,
          ),
        ).not.toContain(booking.id);
        expect(
          (
            await api<DriverBooking[]>(t.baseUrl, 'GET', '/driver/scheduled-trips', { token: other.token })
          ).body.data.map((b) => b.id),
        ).toContain(booking.id);
        expect(
          (
            await api(t.baseUrl, 'POST', '/driver/trips/accept', {
              token: other.token,
              body: { trip_request_id: booking.id },
            })
          ).status,
        ).toBe(201);
      },
    );

    maybe(
      'a passenger\'s bookings may not cross each other, and at most 5 wait at once: Spanish 409s on "¿Cuándo?"',
      async () => {
        const p = await passenger(t.baseUrl);
        const at = hoursAhead(100);
        const first = await book(p.token, at);
        // Same window as the drivers' rule: the route's duration + 30 minutes, either side.
        for (const when of [new Date(at.getTime() + 40 * MINUTE), new Date(at.getTime() - 40 * MINUTE), at]) {
          const crossing = await api(t.baseUrl, 'POST', '/trips', {
            token: p.token,
            body: tripPayload({ scheduled_for: when.toISOString() }),
          });
          expect([crossing.status, crossing.body.code]).toEqual([409, 'PASSENGER_BOOKING_OVERLAP']);
          expect(crossing.body.message).toMatch(/^Ya tienes un viaje programado que se cruza con esa hora/);
          expect(crossing.body.fields?.scheduled_for).toBe(crossing.body.message);
        }
        const others = [];
        for (let i = 1; i <= 4; i += 1) others.push(await book(p.token, new Date(at.getTime() + i * 2 * 60 * MINUTE)));
        const sixth = await api(t.baseUrl, 'POST', '/trips', {
          token: p.token,
          body: tripPayload({ scheduled_for: new Date(at.getTime() + 12 * 60 * MINUTE).toISOString() }),
        });
        expect([sixth.status, sixth.body.code]).toEqual([409, 'BOOKING_LIMIT_REACHED']);
        expect(sixth.body.fields?.scheduled_for).toMatch(/5 viajes programados pendientes/);
        // A live trip is not a booking: the cap does not touch it.
        const live = await requestTrip(t.baseUrl, p.token);
        await api(t.baseUrl, 'PUT', `/trips/${live.id}/cancel`, { token: p.token, body: {} });
        // Cancelling one frees its place and its hour.
        expect((await api(t.baseUrl, 'PUT', `/trips/${first.id}/cancel`, { token: p.token, body: {} })).status).toBe(
          200,
        );
        expect((await book(p.token, new Date(at.getTime() + 40 * MINUTE))).id).toBeGreaterThan(first.id);
        expect(
          (await api<PassengerBooking[]>(t.baseUrl, 'GET', '/trips/scheduled', { token: p.token })).body.data,
        ).toHaveLength(5);
      },
    );

    maybe(
      'a confirmed driver still busy 5 minutes after the time loses the booking: counted against them, both told, republished',
      async () => {
        const db = t.app.database.db;
        const p = await passenger(t.baseUrl);
        const d = await onlineDriver(t.baseUrl, db);
        const other = await onlineDriver(t.baseUrl, db);
        const at = hoursAhead(2);
        const booking = await book(p.token, at);
        await offerAndConfirm(p, d, booking.id);
        const row = async () => (await db.select().from(schema.trips).where(eq(schema.trips.id, booking.id)))[0]!;

        // The driver takes a live trip before the booking and is still on it when the booking is due.
        advanceTo(minutesBefore(at, 25));
        const rider = await passenger(t.baseUrl);
        const live = await requestTrip(t.baseUrl, rider.token);
        await offerAndConfirm(rider, d, live.id);
        advanceTo(minutesBefore(at, 20));
        await tick();
        expect((await row()).activatedAt).toBeNull();
        advanceTo(new Date(at.getTime() + 4 * MINUTE));
        await tick();
        expect(await row()).toMatchObject({ status: 'accepted', driverId: d.id });

        const pm = await connectMqtt(t.wsUrl, { userId: p.id, token: p.token });
        const dm = await connectMqtt(t.wsUrl, { userId: d.id, token: d.token });
        const om = await connectMqtt(t.wsUrl, { userId: other.id, token: other.token });
        try {
          expect(await subscribeQos(pm, topics.tripStatus(booking.id))).toBe(0);
          expect(await subscribeQos(dm, topics.notifications(d.id))).toBe(0);
          expect(await subscribeQos(om, topics.driverTripRequests(other.id))).toBe(0);
          advanceTo(new Date(at.getTime() + 5 * MINUTE));
          const passengerTold = nextMessage(pm, topics.tripStatus(booking.id));
          const driverTold = messageMatching(
            dm,
            topics.notifications(d.id),
            (m) => (m as { type?: string }).type === 'booking_released',
          );
          const republished = messageMatching(
            om,
            topics.driverTripRequests(other.id),
            (m) => (m as { request?: { id: number } }).request?.id === booking.id,
          );
          expect((await tick()).noShows).toBeGreaterThanOrEqual(1);
          expect(await passengerTold).toMatchObject({
            trip_id: booking.id,
            status: 'pending',
            driver_id: null,
            reason: BOOKING_DRIVER_NO_SHOW_REASON,
          });
          expect(await driverTold).toEqual({
            type: 'booking_released',
            trip_id: booking.id,
            message: BOOKING_DRIVER_NO_SHOW_DRIVER_MESSAGE,
          });
          expect(await republished).toMatchObject({ type: 'trip_request', request: { id: booking.id } });
        } finally {
          pm.end(true);
          dm.end(true);
          om.end(true);
        }
        // Counted against the driver like a late cancel; 10 more minutes to find someone else.
        expect(await row()).toMatchObject({
          status: 'pending',
          driverId: null,
          expiresAt: new Date(at.getTime() + 15 * MINUTE),
        });
        const cancellations = await db
          .select()
          .from(schema.bookingCancellations)
          .where(and(eq(schema.bookingCancellations.tripId, booking.id), eq(schema.bookingCancellations.userId, d.id)));
        expect(cancellations.map((c) => [c.role, c.late])).toEqual([['driver', true]]);
        // The driver's read models moved at once: the lost booking is not theirs any more.
        expect(
          (await api<{ id: number }>(t.baseUrl, 'GET', '/driver/trips/current', { token: d.token })).body.data?.id,
        ).toBe(live.id);
        expect(
          (await api<DriverBooking[]>(t.baseUrl, 'GET', '/driver/scheduled-trips', { token: d.token })).body.data.map(
            (b) => b.id,
          ),
        ).not.toContain(booking.id);
        // The passenger, free, now has it as their active trip, searching; another driver may take it.
        await tick();
        expect(
          (await api<{ id: number; status: string }>(t.baseUrl, 'GET', '/trips/active', { token: p.token })).body.data,
        ).toMatchObject({ id: booking.id, status: 'pending' });
        await offerAndConfirm(p, other, booking.id);
        expect(
          (await api<{ id: number }>(t.baseUrl, 'GET', '/driver/trips/current', { token: other.token })).body.data?.id,
        ).toBe(booking.id);
        // A driver on the way in time is never touched.
        expect(
          (
            await api(t.baseUrl, 'PUT', `/driver/trips/${booking.id}/status`, {
              token: other.token,
              body: { status: 'en_route' },
            })
          ).status,
        ).toBe(200);
        advanceTo(new Date(at.getTime() + 30 * MINUTE));
        await tick();
        expect(await row()).toMatchObject({ status: 'en_route', driverId: other.id });
        // The first driver's live trip ends as usual.
        await api(t.baseUrl, 'PUT', `/trips/${live.id}/cancel`, { token: rider.token, body: {} });
      },
    );

    maybe("operators see bookings in the console's trips with their time, soonest first", async () => {
      const admin = await createUser(t.app.database.db, { isAdmin: true });
      const operator = (await login(t.baseUrl, admin.email)).token;
      const p = await passenger(t.baseUrl);
      const later = await book(p.token, hoursAhead(50));
      const sooner = await book(p.token, hoursAhead(40));
      const live = await requestTrip(t.baseUrl, p.token);
      const listed = await api<AdminTrip[]>(t.baseUrl, 'GET', '/admin/trips?scheduled=true', { token: operator });
      const ids = listed.body.data.map((trip) => trip.id);
      expect(ids).not.toContain(live.id);
      expect(ids.indexOf(sooner.id)).toBeLessThan(ids.indexOf(later.id));
      expect(listed.body.data.find((trip) => trip.id === sooner.id)?.scheduled_for).toBe(hoursAhead(40).toISOString());
      const all = await api<AdminTrip[]>(t.baseUrl, 'GET', '/admin/trips', { token: operator });
      expect(all.body.data.find((trip) => trip.id === live.id)?.scheduled_for).toBeNull();
    });
  },
  { start: () => ({ app: { now: () => now } }) },
);
