/**
 * Scheduled rides live (docs/ARCHITECTURE.md "Scheduled rides", "live lists") on PGlite and PostgreSQL: every
 * change of a booking reaches the open lists over MQTT at once, and only the people it concerns — a new
 * booking the drivers who list it by the list's own rule (online or not), the passenger's choice the chosen
 * driver and the drivers who listed it, a cancel of a confirmed booking its driver with who and for when
 * (in the list, on MQTT and by push), a booking given back everyone who may take it now. Strangers (too
 * far, another vehicle type) and former counterparts (not chosen, the driver who gave it back) hear nothing.
 */
import { type DriverBooking, topics } from '@jala/contracts';
import { limaDateKey, limaDayStart } from '@jala/domain';
import { createDriver, createUser } from '@jala/test-factories/database';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, expect } from 'vitest';

import { login, onlineDriver, requestTrip } from '../support/actors';
import { describeOnBackends } from '../support/backends';
import { api } from '../support/http';
import { connectMqtt, listen, nextMessageWhere, subscribeQos } from '../support/mqtt';
import { pushesSettled, subscribeDevice } from '../support/push-actors';
import { startPushService, type TestPushService } from '../support/push-service';

const MINUTE = 60_000;
// 10:00 in Lima on Monday 1 June 2026.
let now = new Date('2026-06-01T15:00:00Z');
/** Tomorrow at 05:00 in Lima, from the fake clock. */
const tomorrowAtFive = () =>
  new Date(limaDayStart(limaDateKey(new Date(now.getTime() + 24 * 60 * MINUTE))).getTime() + 5 * 60 * MINUTE);
/** A pickup `hours` ahead of the fake clock, on the hour. */
const hoursAhead = (hours: number) =>
  new Date(Math.ceil(now.getTime() / (60 * MINUTE)) * 60 * MINUTE + hours * 60 * MINUTE);

let service: TestPushService;
beforeAll(async () => {
  service = await startPushService();
});
afterAll(async () => service.close());

type Listener = { id: number; token: string; client: MqttClient };
const isAbout = (tripId: number) => (message: unknown) => (message as { trip_id?: number }).trip_id === tripId;

describeOnBackends(
  'scheduled rides live on %s',
  ({ t, maybe }) => {
    const db = () => t.app.database.db;
    const clients: MqttClient[] = [];
    afterAll(() => {
      for (const client of clients) client.end(true);
    });

    /** Connected as the web app does and following its own notifications topic (and, for drivers, its feed). */
    const following = async (user: { id: number; token: string }, driver = true): Promise<Listener> => {
      const client = await connectMqtt(t.wsUrl, { userId: user.id, token: user.token });
      clients.push(client);
      expect(await subscribeQos(client, topics.notifications(user.id))).toBe(0);
      if (driver) expect(await subscribeQos(client, topics.driverTripRequests(user.id))).toBe(0);
      return { ...user, client };
    };
    const driverFar = async () => {
      // Arequipa: a verified online driver, 770 km from the pickup.
      const { user } = await createDriver(db(), {
        profile: { currentLatitude: '-16.398800', currentLongitude: '-71.536900' },
      });
      return { id: user.id, token: (await login(t.baseUrl, user.email)).token };
    };
    const mototaxiDriver = async () => {
      const { user } = await createDriver(db(), { vehicle: { vehicleType: 'mototaxi' } });
      return { id: user.id, token: (await login(t.baseUrl, user.email)).token };
    };
    const offlineDriver = async () => {
      const { user } = await createDriver(db(), { profile: { driverStatus: 'offline' } });
      return { id: user.id, token: (await login(t.baseUrl, user.email)).token };
    };
    const passengerNamed = async (firstName: string) => {
      const user = await createUser(db(), { firstName, lastName: 'Rojas', userType: 'passenger' });
      return { id: user.id, token: (await login(t.baseUrl, user.email)).token };
    };
    /** What `listener` heard on its notifications topic about `tripId`, up to a sentinel published after the event. */
    const heardAbout = async (listener: Listener, tripId: number, during: () => Promise<unknown>) => {
      const heard = listen(listener.client, topics.notifications(listener.id));
      await during();
      return (await heard.untilSentinel((s) => t.app.broker.publish(topics.notifications(listener.id), s))).filter(
        isAbout(tripId),
      );
    };
    /** The next news about `tripId` of this type (and change) on the listener's notifications topic. */
    const bookingNews = (listener: Listener, tripId: number, type = 'bookings_changed', change?: string) =>
      nextMessageWhere(listener.client, topics.notifications(listener.id), (m) => {
        const news = m as { type?: string; change?: string };
        return isAbout(tripId)(m) && news.type === type && (change === undefined || news.change === change);
      });
    const listOf = async (driver: { token: string }) =>
      (await api<DriverBooking[]>(t.baseUrl, 'GET', '/driver/scheduled-trips', { token: driver.token })).body.data;
    const offer = async (driver: { token: string }, tripId: number) =>
      expect(
        (
          await api(t.baseUrl, 'POST', '/driver/trips/accept', {
            token: driver.token,
            body: { trip_request_id: tripId },
          })
        ).status,
      ).toBe(201);
    const choose = async (p: { token: string }, tripId: number, driverId: number) =>
      expect(
        (
          await api(t.baseUrl, 'POST', '/drivers/trips/accept', {
            token: p.token,
            body: { trip_id: tripId, driver_id: driverId },
          })
        ).status,
      ).toBe(200);

    maybe(
      'a new booking reaches at once every driver who lists it, online or not, and no driver it is not for',
      async () => {
        const p = await passengerNamed('Ana');
        const near = await following(await onlineDriver(t.baseUrl, db()));
        const resting = await following(await offlineDriver());
        const far = await following(await driverFar());
        const moto = await following(await mototaxiDriver());
        const passengerSelf = await following(p, false);

        let bookingId = 0;
        const heardFar = listen(far.client, topics.notifications(far.id));
        const heardMoto = listen(moto.client, topics.notifications(moto.id));
        const heardSelf = listen(passengerSelf.client, topics.notifications(p.id));
        const told = Promise.all(
          [near, resting].map((driver) =>
            nextMessageWhere(
              driver.client,
              topics.notifications(driver.id),
              (m) =>
                (m as { type?: string }).type === 'bookings_changed' &&
                (m as { trip_id: number }).trip_id === bookingId,
            ),
          ),
        );
        bookingId = (await requestTrip(t.baseUrl, p.token, { scheduled_for: hoursAhead(6).toISOString() })).id;
        expect(await told).toEqual([
          { type: 'bookings_changed', trip_id: bookingId, change: 'listed' },
          { type: 'bookings_changed', trip_id: bookingId, change: 'listed' },
        ]);
        // What they are told is what their list then shows.
        expect((await listOf(near)).map((b) => b.id)).toContain(bookingId);
        expect((await listOf(resting)).map((b) => b.id)).toContain(bookingId);
        for (const [listener, heard] of [
          [far, heardFar],
          [moto, heardMoto],
          [passengerSelf, heardSelf],
        ] as const) {
          const messages = await heard.untilSentinel((s) => t.app.broker.publish(topics.notifications(listener.id), s));
          expect(messages.filter(isAbout(bookingId))).toEqual([]);
        }
        expect((await listOf(far)).map((b) => b.id)).not.toContain(bookingId);
      },
    );

    maybe(
      'the choice: the chosen driver reads "confirmed", drivers who listed it see it go, the one not chosen only hears offer_declined',
      async () => {
        const p = await passengerNamed('Ana');
        const at = hoursAhead(8);
        const booking = await requestTrip(t.baseUrl, p.token, { scheduled_for: at.toISOString() });
        const chosen = await following(await onlineDriver(t.baseUrl, db()));
        const notChosen = await following(await onlineDriver(t.baseUrl, db()));
        const onlyListed = await following(await onlineDriver(t.baseUrl, db()));
        const far = await following(await driverFar());
        const passengerSide = await connectMqtt(t.wsUrl, { userId: p.id, token: p.token });
        clients.push(passengerSide);
        expect(await subscribeQos(passengerSide, topics.tripOffers(booking.id))).toBe(0);
        expect(await subscribeQos(passengerSide, topics.tripStatus(booking.id))).toBe(0);

        // Offers reach the passenger's open list on the booking's own offers topic, as on a live trip.
        const offered = nextMessageWhere(
          passengerSide,
          topics.tripOffers(booking.id),
          (m) => (m as { driver_id?: number }).driver_id === chosen.id,
        );
        await offer(chosen, booking.id);
        expect(await offered).toMatchObject({ trip_id: booking.id, driver_id: chosen.id });
        await offer(notChosen, booking.id);

        const confirmed = bookingNews(chosen, booking.id);
        const gone = bookingNews(onlyListed, booking.id);
        const declined = nextMessageWhere(
          notChosen.client,
          topics.driverTripRequests(notChosen.id),
          isAbout(booking.id),
        );
        const accepted = nextMessageWhere(
          passengerSide,
          topics.tripStatus(booking.id),
          (m) => (m as { status?: string }).status === 'accepted',
        );
        const notChosenHeard = await heardAbout(notChosen, booking.id, async () => {
          const farHeard = await heardAbout(far, booking.id, () => choose(p, booking.id, chosen.id));
          expect(farHeard).toEqual([]);
        });
        expect(await confirmed).toEqual({ type: 'bookings_changed', trip_id: booking.id, change: 'confirmed' });
        expect(await gone).toEqual({ type: 'bookings_changed', trip_id: booking.id, change: 'unlisted' });
        expect(await declined).toEqual({ type: 'offer_declined', trip_id: booking.id });
        expect(notChosenHeard).toEqual([]);
        expect(await accepted).toMatchObject({ trip_id: booking.id, status: 'accepted', driver_id: chosen.id });
        expect((await listOf(chosen)).find((b) => b.id === booking.id)).toMatchObject({
          confirmed: true,
          passenger_cancelled_at: null,
        });
        for (const driver of [notChosen, onlyListed])
          expect((await listOf(driver)).map((b) => b.id)).not.toContain(booking.id);
      },
    );

    maybe(
      'the passenger cancels a confirmed booking: its driver reads who and for when, in the list, live and by push; a former counterpart hears nothing',
      async () => {
        const p = await passengerNamed('Ana');
        const at = tomorrowAtFive();
        const booking = await requestTrip(t.baseUrl, p.token, {
          scheduled_for: at.toISOString(),
          payment_method: 'cash',
          cash_note: 50,
        });
        const driver = await following(await onlineDriver(t.baseUrl, db()));
        const notChosen = await following(await onlineDriver(t.baseUrl, db()));
        await offer(driver, booking.id);
        await offer(notChosen, booking.id);
        await choose(p, booking.id, driver.id);
        await pushesSettled(t.app);
        const device = await subscribeDevice(t.baseUrl, driver.token, service);

        const told = bookingNews(driver, booking.id, 'booking_cancelled');
        now = new Date(now.getTime() + 5 * MINUTE);
        const formerHeard = await heardAbout(notChosen, booking.id, async () => {
          expect(
            (await api(t.baseUrl, 'PUT', `/trips/${booking.id}/cancel`, { token: p.token, body: {} })).status,
          ).toBe(200);
        });
        expect(await told).toEqual({
          type: 'booking_cancelled',
          trip_id: booking.id,
          scheduled_for: at.toISOString(),
          cancelled_at: now.toISOString(),
          passenger_first_name: 'Ana',
        });
        expect(formerHeard).toEqual([]);
        // The list keeps the card, cancelled, with how the passenger would have paid and the service.
        expect((await listOf(driver)).find((b) => b.id === booking.id)).toMatchObject({
          passenger_cancelled_at: now.toISOString(),
          confirmed: true,
          payment_method: 'cash',
          cash_note: 50,
          service_type: 'Auto',
          passenger_name: 'Ana Rojas',
        });
        expect((await listOf(notChosen)).map((b) => b.id)).not.toContain(booking.id);
        await pushesSettled(t.app);
        expect(device.received.filter((payload) => payload.tag === `trip-${booking.id}`)).toEqual([
          {
            kind: 'trip_updates',
            title: 'Viaje programado cancelado',
            body: 'Ana canceló el viaje programado de mañana 05:00.',
            url: '/driver/trip-request?tab=programados',
            tag: `trip-${booking.id}`,
            renotify: true,
          },
        ]);
        // For a while, not for ever.
        now = new Date(now.getTime() + 12 * 60 * MINUTE + MINUTE);
        expect((await listOf(driver)).map((b) => b.id)).not.toContain(booking.id);
      },
    );

    maybe(
      'a booking given back shows again at once to those who may take it, including one not chosen before; the driver who gave it back hears nothing',
      async () => {
        const p = await passengerNamed('Ana');
        const booking = await requestTrip(t.baseUrl, p.token, { scheduled_for: hoursAhead(10).toISOString() });
        const first = await following(await onlineDriver(t.baseUrl, db()));
        const notChosen = await following(await onlineDriver(t.baseUrl, db()));
        const onlyListed = await following(await onlineDriver(t.baseUrl, db()));
        await offer(first, booking.id);
        await offer(notChosen, booking.id);
        const taken = bookingNews(onlyListed, booking.id, 'bookings_changed', 'unlisted');
        await choose(p, booking.id, first.id);
        await taken;

        const again = Promise.all(
          [notChosen, onlyListed].map((driver) => bookingNews(driver, booking.id, 'bookings_changed', 'listed')),
        );
        const firstHeard = await heardAbout(first, booking.id, async () => {
          expect(
            (await api(t.baseUrl, 'POST', `/driver/scheduled-trips/${booking.id}/cancel`, { token: first.token }))
              .status,
          ).toBe(200);
        });
        expect(await again).toEqual([
          { type: 'bookings_changed', trip_id: booking.id, change: 'listed' },
          { type: 'bookings_changed', trip_id: booking.id, change: 'listed' },
        ]);
        expect(firstHeard).toEqual([]);
        expect((await listOf(notChosen)).find((b) => b.id === booking.id)).toMatchObject({
          my_offer_price: null,
          confirmed: false,
        });
        expect((await listOf(first)).map((b) => b.id)).not.toContain(booking.id);
      },
    );

    maybe('a booking still searching that is cancelled leaves every list that showed it at once', async () => {
      const p = await passengerNamed('Ana');
      const booking = await requestTrip(t.baseUrl, p.token, { scheduled_for: hoursAhead(12).toISOString() });
      const offering = await following(await onlineDriver(t.baseUrl, db()));
      const resting = await following(await offlineDriver());
      await offer(offering, booking.id);
      const gone = Promise.all([offering, resting].map((driver) => bookingNews(driver, booking.id)));
      expect((await api(t.baseUrl, 'PUT', `/trips/${booking.id}/cancel`, { token: p.token, body: {} })).status).toBe(
        200,
      );
      expect(await gone).toEqual([
        { type: 'bookings_changed', trip_id: booking.id, change: 'unlisted' },
        { type: 'bookings_changed', trip_id: booking.id, change: 'unlisted' },
      ]);
      for (const driver of [offering, resting])
        expect((await listOf(driver)).map((b) => b.id)).not.toContain(booking.id);
    });
  },
  { start: () => ({ app: { now: () => now } }) },
);
