/**
 * The MQTT ACL over real connections: every topic family × owner, counterpart, strangers (a passenger and
 * a driver), former counterparts (a driver who offered but was not chosen, one who withdrew) and a bad
 * token × subscribe, publish and will message (a confirmed booking's chat and status before it starts too); plus client-id takeover, per-subscriber delivery of restored
 * sessions, earlier subscriptions of former counterparts cut, and control characters in chat.
 */
import { topics } from '@jala/contracts';
import { and, eq, schema } from '@jala/db';
import { createTrip, createUser } from '@jala/test-factories/database';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { login, onlineDriver, passenger, requestTrip } from '../support/actors';
import { api } from '../support/http';
import { connectMqtt, listen, MESSAGE_WAIT_MS, refused, subscribeQos } from '../support/mqtt';
import { type Backend, isPostgresAvailable, startTestApp, type TestApp } from '../support/test-app';

interface Actor {
  id: number;
  token: string;
  role: 'passenger' | 'driver';
}
type Part = 'owner' | 'counterpart' | 'strangerPassenger' | 'strangerDriver' | 'notChosen' | 'withdrew';

interface Family {
  name: string;
  topic: string;
  owner: Actor;
  counterpart: Actor;
  subscribers: Part[];
  publishers: Part[];
  /** What `actor` would send on the topic if allowed (`marker` makes it recognisable). */
  payload: (actor: Actor, marker: string) => unknown;
  /**
   * A legitimate subscriber that sees what gets through, and how to recognise it. `client` is a
   * subscription taken earlier, while it was allowed (a topic nobody may subscribe to now).
   */
  observer: {
    actor: Actor;
    topic: string;
    matches: (message: Record<string, unknown>, marker: string) => boolean;
    client?: MqttClient;
  };
  /**
   * Puts back what a publication that got through changed, before every publication and will, when the
   * server acts on a topic only once (a trip is published once): each one that gets through is then seen.
   */
  reset?: () => Promise<unknown>;
}

/**
 * A refused will leaves no event to wait for (the broker checks it after the connection is gone), so that
 * one check alone looks for a while; every other "nothing arrives" check ends at a sentinel sent after it.
 */
const WILL_WAIT_MS = 500;
let markers = 0;
const nextMarker = () => `m${Date.now().toString(36)}${(markers += 1)}`;

/** Resolves true when a message on `topic` matching `predicate` arrives within `ms`, else false. */
function sees(
  client: MqttClient,
  topic: string,
  predicate: (message: Record<string, unknown>) => boolean,
  ms: number,
): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      client.off('message', onMessage);
      resolve(false);
    }, ms);
    function onMessage(received: string, payload: Buffer) {
      if (received !== topic) return;
      let message: Record<string, unknown>;
      try {
        message = JSON.parse(payload.toString()) as Record<string, unknown>;
      } catch {
        return;
      }
      if (!predicate(message)) return;
      clearTimeout(timer);
      client.off('message', onMessage);
      resolve(true);
    }
    client.on('message', onMessage);
  });
}

const carries = (marker: string) => (message: Record<string, unknown>) => JSON.stringify(message).includes(marker);

export function defineMqttSuite(backend: Backend): void {
  describe(`MQTT topic families × actors × actions (${backend})`, () => {
    let t: TestApp;
    let available = true;
    let families: Family[] = [];
    let actors: Record<Part, Actor>;
    let scene: { passenger: Actor; driver: Actor; tripId: number };
    const earlierSubscriptions: MqttClient[] = [];

    beforeAll(async () => {
      if (backend === 'postgres' && !(await isPostgresAvailable())) {
        available = false;
        return;
      }
      t = await startTestApp(backend, { config: { tripExpiryMinutes: 24 * 60 } });
      const db = t.app.database.db;
      const asPassenger = async (): Promise<Actor> => ({ ...(await passenger(t.baseUrl)), role: 'passenger' });
      const asDriver = async (): Promise<Actor> => ({ ...(await onlineDriver(t.baseUrl, db)), role: 'driver' });
      const [rider, driver, requester, nearbyDriver, strangerPassenger, strangerDriver, notChosen, withdrew] = [
        await asPassenger(),
        await asDriver(),
        await asPassenger(),
        await asDriver(),
        await asPassenger(),
        await asDriver(),
        await asDriver(),
        await asDriver(),
      ];
      // rider's trip got offers from driver, notChosen and withdrew; while all three were live, rider
      // subscribed to each conversation. Then withdrew took their offer back and rider accepted driver's.
      const trip = await createTrip(db, { passengerId: rider.id });
      const vehicles = await db.select().from(schema.vehicles);
      for (const offerer of [driver, notChosen, withdrew]) {
        await db.insert(schema.tripOffers).values({
          tripId: trip.id,
          driverId: offerer.id,
          vehicleId: vehicles.find((v) => v.driverId === offerer.id)!.id,
          priceCents: 2000,
        });
      }
      const earlier = async (former: Actor) => {
        const client = await connectMqtt(t.wsUrl, { userId: rider.id, token: rider.token });
        expect(await subscribeQos(client, topics.chat(trip.id, former.id))).toBe(0);
        earlierSubscriptions.push(client);
        return client;
      };
      const [notChosenChat, withdrewChat] = [await earlier(notChosen), await earlier(withdrew)];
      const offerOf = (who: Actor) =>
        and(eq(schema.tripOffers.tripId, trip.id), eq(schema.tripOffers.driverId, who.id));
      await db.update(schema.tripOffers).set({ status: 'withdrawn' }).where(offerOf(withdrew));
      await db
        .update(schema.trips)
        .set({ status: 'accepted', driverId: driver.id, acceptedAt: new Date() })
        .where(eq(schema.trips.id, trip.id));
      await db.update(schema.tripOffers).set({ status: 'accepted' }).where(offerOf(driver));
      await db.update(schema.tripOffers).set({ status: 'rejected' }).where(offerOf(notChosen));
      const request = await createTrip(db, { passengerId: requester.id });
      // rider's booking for the day after tomorrow, with driver confirmed: not anybody's active trip yet,
      // yet the two of them may chat about it, and only they.
      const bookedFor = new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000 + 48 * 3_600_000);
      const booking = await createTrip(db, {
        passengerId: rider.id,
        driverId: driver.id,
        status: 'accepted',
        acceptedAt: new Date(),
        scheduledFor: bookedFor,
        expiresAt: new Date(bookedFor.getTime() + 10 * 60_000),
      });
      const operatorUser = await createUser(db, { isAdmin: true });
      const operatorActor: Actor = {
        id: operatorUser.id,
        token: (await login(t.baseUrl, operatorUser.email)).token,
        role: 'passenger',
      };
      scene = { passenger: rider, driver, tripId: trip.id };
      actors = { owner: rider, counterpart: driver, strangerPassenger, strangerDriver, notChosen, withdrew };
      const chatPayload = (actor: Actor, marker: string) => ({
        sender: actor.id,
        role: actor.role,
        message: `Hola ${marker}`,
        timestamp: new Date().toISOString(),
      });

      const opaque = (_actor: Actor, marker: string) => ({ marker, trip_id: trip.id, status: 'completed' });
      const point = { lat: -12.1211, lng: -77.0297, address: 'Parque Kennedy' };
      families = [
        {
          name: 'notifications',
          topic: topics.notifications(rider.id),
          owner: rider,
          counterpart: driver,
          subscribers: ['owner'],
          publishers: [],
          payload: opaque,
          observer: { actor: rider, topic: topics.notifications(rider.id), matches: (m, k) => carries(k)(m) },
        },
        {
          name: 'trip requests (publication)',
          topic: topics.tripRequests,
          owner: requester,
          counterpart: nearbyDriver,
          subscribers: [],
          publishers: ['owner'],
          payload: (actor) => ({
            trip_id: request.id,
            trip_code: request.tripCode,
            passenger_id: actor.id,
            passenger_name: 'Ana Torres',
            pickup: point,
            destination: { ...point, lat: -12.0859, lng: -76.9773 },
            service_type_id: 2,
            estimated_fare: 23.5,
            distance_km: 7.8,
            duration_minutes: 22,
            created_at: new Date().toISOString(),
          }),
          // What gets through is the server's push of that request to a matching driver's own feed. The server
          // publishes a trip once, so the request is made unpublished again before every publication.
          reset: () => db.update(schema.trips).set({ publishedAt: null }).where(eq(schema.trips.id, request.id)),
          observer: {
            actor: nearbyDriver,
            topic: topics.driverTripRequests(nearbyDriver.id),
            matches: (m) => m.type === 'trip_request' && (m.request as { id?: number } | undefined)?.id === request.id,
          },
        },
        {
          name: 'driver feed',
          topic: topics.driverTripRequests(driver.id),
          owner: driver,
          counterpart: rider,
          subscribers: ['owner'],
          publishers: [],
          payload: (_a, marker) => ({ type: 'trip_request_closed', trip_id: trip.id, marker }),
          observer: { actor: driver, topic: topics.driverTripRequests(driver.id), matches: (m, k) => carries(k)(m) },
        },
        {
          name: 'trip offers',
          topic: topics.tripOffers(trip.id),
          owner: rider,
          counterpart: driver,
          subscribers: ['owner'],
          publishers: [],
          payload: opaque,
          observer: { actor: rider, topic: topics.tripOffers(trip.id), matches: (m, k) => carries(k)(m) },
        },
        {
          name: 'trip status',
          topic: topics.tripStatus(trip.id),
          owner: rider,
          counterpart: driver,
          subscribers: ['owner', 'counterpart'],
          publishers: [],
          payload: opaque,
          observer: { actor: rider, topic: topics.tripStatus(trip.id), matches: (m, k) => carries(k)(m) },
        },
        {
          name: 'chat',
          topic: topics.chat(trip.id, driver.id),
          owner: rider,
          counterpart: driver,
          subscribers: ['owner', 'counterpart'],
          publishers: ['owner', 'counterpart'],
          payload: chatPayload,
          observer: { actor: rider, topic: topics.chat(trip.id, driver.id), matches: (m, k) => carries(k)(m) },
        },
        {
          name: 'chat of a confirmed booking before it starts',
          topic: topics.chat(booking.id, driver.id),
          owner: rider,
          counterpart: driver,
          subscribers: ['owner', 'counterpart'],
          publishers: ['owner', 'counterpart'],
          payload: chatPayload,
          observer: { actor: rider, topic: topics.chat(booking.id, driver.id), matches: (m, k) => carries(k)(m) },
        },
        {
          name: 'status of a confirmed booking before it starts',
          topic: topics.tripStatus(booking.id),
          owner: rider,
          counterpart: driver,
          subscribers: ['owner', 'counterpart'],
          publishers: [],
          payload: opaque,
          observer: { actor: rider, topic: topics.tripStatus(booking.id), matches: (m, k) => carries(k)(m) },
        },
        // A former counterpart's own conversation is closed to both sides; what would get through shows on
        // the subscription rider took while that driver's offer was live.
        {
          name: 'chat of a driver not chosen',
          topic: topics.chat(trip.id, notChosen.id),
          owner: rider,
          counterpart: notChosen,
          subscribers: [],
          publishers: [],
          payload: chatPayload,
          observer: {
            actor: rider,
            topic: topics.chat(trip.id, notChosen.id),
            matches: (m, k) => carries(k)(m),
            client: notChosenChat,
          },
        },
        {
          name: 'chat of a driver who withdrew',
          topic: topics.chat(trip.id, withdrew.id),
          owner: rider,
          counterpart: withdrew,
          subscribers: [],
          publishers: [],
          payload: chatPayload,
          observer: {
            actor: rider,
            topic: topics.chat(trip.id, withdrew.id),
            matches: (m, k) => carries(k)(m),
            client: withdrewChat,
          },
        },
        {
          name: 'driver location',
          topic: topics.driverLocation(trip.id),
          owner: rider,
          counterpart: driver,
          subscribers: ['owner', 'counterpart'],
          publishers: ['counterpart'],
          payload: (_a, marker) => ({ latitude: -12.12, longitude: -77.03, heading: 90, timestamp: marker }),
          observer: { actor: rider, topic: topics.driverLocation(trip.id), matches: (m, k) => carries(k)(m) },
        },
        {
          // The operators' live city map: operators only, and only the server publishes.
          name: 'operators live map',
          topic: topics.operatorLive,
          owner: operatorActor,
          counterpart: driver,
          subscribers: ['owner'],
          publishers: [],
          payload: opaque,
          observer: { actor: operatorActor, topic: topics.operatorLive, matches: (m, k) => carries(k)(m) },
        },
      ];
    });
    afterAll(async () => {
      for (const client of earlierSubscriptions) client.end(true);
      await t?.stop();
    });

    const actorFor = (family: Family, part: Part) =>
      part === 'owner' ? family.owner : part === 'counterpart' ? family.counterpart : actors[part];
    const parts: Part[] = ['owner', 'counterpart', 'strangerPassenger', 'strangerDriver', 'notChosen', 'withdrew'];

    async function observe(family: Family) {
      if (family.observer.client) return family.observer.client;
      const client = await connectMqtt(t.wsUrl, {
        userId: family.observer.actor.id,
        token: family.observer.actor.token,
      });
      expect(await subscribeQos(client, family.observer.topic)).toBe(0);
      return client;
    }

    /** Ends an observer connection made for one test (not an earlier subscription, which later tests use). */
    const release = (family: Family, observer: MqttClient) => {
      if (observer !== family.observer.client) observer.end(true);
    };

    it('lets exactly the allowed actors subscribe to each family', async (context) => {
      if (!available) return context.skip('PostgreSQL is not running on this machine');
      for (const family of families) {
        for (const part of parts) {
          const actor = actorFor(family, part);
          const client = await connectMqtt(t.wsUrl, { userId: actor.id, token: actor.token });
          const granted = await subscribeQos(client, family.topic);
          expect(granted, `${family.name}: ${part} subscribes`).toBe(family.subscribers.includes(part) ? 0 : 128);
          client.end(true);
        }
      }
    });

    it('delivers publishes and will messages only from the allowed actors', async (context) => {
      if (!available) return context.skip('PostgreSQL is not running on this machine');
      // Families run side by side (markers keep their messages apart); actors within one run in turn.
      await Promise.all(
        families.map(async (family) => {
          const observer = await observe(family);
          for (const part of parts) {
            const actor = actorFor(family, part);
            const allowed = family.publishers.includes(part);
            const wait = allowed ? MESSAGE_WAIT_MS : WILL_WAIT_MS;

            const marker = nextMarker();
            const publisher = await connectMqtt(t.wsUrl, { userId: actor.id, token: actor.token });
            await family.reset?.();
            if (allowed) {
              const published = sees(
                observer,
                family.observer.topic,
                (m) => family.observer.matches(m, marker),
                MESSAGE_WAIT_MS,
              );
              publisher.publish(family.topic, JSON.stringify(family.payload(actor, marker)));
              expect(await published, `${family.name}: ${part} publishes`).toBe(true);
            } else {
              const heard = listen(observer, family.observer.topic);
              publisher.publish(family.topic, JSON.stringify(family.payload(actor, marker)));
              await refused(publisher);
              const before = await heard.untilSentinel((sentinel) =>
                t.app.broker.publish(family.observer.topic, sentinel),
              );
              expect(
                before.filter((m) => family.observer.matches(m as Record<string, unknown>, marker)),
                `${family.name}: ${part} publishes`,
              ).toEqual([]);
            }
            publisher.end(true);

            // A will is published by the broker when the connection drops; it passes the same ACL.
            await family.reset?.();
            const willMarker = nextMarker();
            const dying = await connectMqtt(t.wsUrl, {
              userId: actor.id,
              token: actor.token,
              will: { topic: family.topic, payload: JSON.stringify(family.payload(actor, willMarker)) },
            });
            const will = sees(observer, family.observer.topic, (m) => family.observer.matches(m, willMarker), wait);
            (dying as unknown as { stream: { destroy(): void } }).stream.destroy();
            expect(await will, `${family.name}: ${part}'s will`).toBe(allowed);
            dying.end(true);
          }
          release(family, observer);
        }),
      );
    }, 60_000);

    it('refuses a bad token at connect, so it can neither subscribe, publish nor leave a will', async (context) => {
      if (!available) return context.skip('PostgreSQL is not running on this machine');
      for (const family of families) {
        const observer = await observe(family);
        await family.reset?.();
        const marker = nextMarker();
        const heard = listen(observer, family.observer.topic);
        for (const token of ['', 'no-es-un-token', `${family.owner.token.slice(0, -4)}AAAA`]) {
          await expect(
            connectMqtt(t.wsUrl, {
              userId: family.owner.id,
              token,
              will: { topic: family.topic, payload: JSON.stringify(family.payload(family.owner, marker)) },
            }),
            `${family.name} with token '${token.slice(0, 12)}'`,
          ).rejects.toThrow(/Bad username or password|Not authorized/i);
        }
        // A refused connection never registered its will: a sentinel sent now bounds the wait.
        const before = await heard.untilSentinel((sentinel) => t.app.broker.publish(family.observer.topic, sentinel));
        expect(
          before.filter((m) => family.observer.matches(m as Record<string, unknown>, marker)),
          `${family.name}: will of a refused connection`,
        ).toEqual([]);
        release(family, observer);
      }
    });

    it('refuses a client id that names another user, and the victim stays connected', async (context) => {
      if (!available) return context.skip('PostgreSQL is not running on this machine');
      const victim = scene.passenger;
      const attacker = actors.strangerPassenger;
      const clientId = `jala_web_${victim.id}_${Date.now()}`;
      const connected = await connectMqtt(t.wsUrl, { userId: victim.id, token: victim.token, clientId });
      expect(await subscribeQos(connected, topics.notifications(victim.id))).toBe(0);
      for (const stolen of [
        clientId,
        `jala_${victim.id}_1`,
        `jala_test_${victim.id}_x`,
        `mqttjs_${victim.id}`,
        'aedes_x',
        `jala_${attacker.id}${victim.id}_1`,
      ]) {
        await expect(
          connectMqtt(t.wsUrl, { userId: attacker.id, token: attacker.token, clientId: stolen, clean: false }),
          stolen,
        ).rejects.toThrow(/Identifier rejected/i);
      }
      expect(connected.connected).toBe(true);
      const marker = nextMarker();
      const delivered = sees(connected, topics.notifications(victim.id), carries(marker), MESSAGE_WAIT_MS);
      await t.app.broker.publish(topics.notifications(victim.id), { marker });
      expect(await delivered).toBe(true);
      // The user's own ids are fine, in every accepted shape.
      for (const own of [`jala_${attacker.id}_${Date.now()}`, `jala_web_${attacker.id}_${Date.now()}`]) {
        (await connectMqtt(t.wsUrl, { userId: attacker.id, token: attacker.token, clientId: own })).end(true);
      }
      connected.end(true);
    });

    it("re-checks a restored session's subscriptions: access lost meanwhile means nothing is delivered", async (context) => {
      if (!available) return context.skip('PostgreSQL is not running on this machine');
      const db = t.app.database.db;
      const rider = await passenger(t.baseUrl);
      const driver: Actor = { ...(await onlineDriver(t.baseUrl, db)), role: 'driver' };
      const trip = await createTrip(db, { passengerId: rider.id });
      const vehicleId = (await db.select().from(schema.vehicles)).find((v) => v.driverId === driver.id)!.id;
      const [offer] = await db
        .insert(schema.tripOffers)
        .values({ tripId: trip.id, driverId: driver.id, vehicleId, priceCents: 2000 })
        .returning();
      const clientId = `jala_${driver.id}_persistent${Date.now()}`;
      const first = await connectMqtt(t.wsUrl, { userId: driver.id, token: driver.token, clientId, clean: false });
      expect(await subscribeQos(first, topics.tripStatus(trip.id))).toBe(0);
      const live = sees(first, topics.tripStatus(trip.id), () => true, MESSAGE_WAIT_MS);
      await t.app.broker.publish(topics.tripStatus(trip.id), { live: true });
      expect(await live).toBe(true);
      await first.endAsync();
      // The driver's offer goes away while they are offline; the persisted subscription must not survive it.
      await db.delete(schema.tripOffers).where(eq(schema.tripOffers.id, offer!.id));
      const again = await connectMqtt(t.wsUrl, { userId: driver.id, token: driver.token, clientId, clean: false });
      // The sentinel goes to a topic the driver still has, after the trip's message: it arrives after
      // anything the lost subscription would have delivered.
      expect(await subscribeQos(again, topics.notifications(driver.id))).toBe(0);
      const restored = listen(again, topics.tripStatus(trip.id));
      await t.app.broker.publish(topics.tripStatus(trip.id), { restored: true });
      expect(
        await restored.untilSentinel(
          (sentinel) => t.app.broker.publish(topics.notifications(driver.id), sentinel),
          topics.notifications(driver.id),
        ),
      ).toEqual([]);
      again.end(true);
    });

    it('cuts former counterparts off: drivers not chosen and one who withdrew lose status, chat and feed news of the trip', async (context) => {
      if (!available) return context.skip('PostgreSQL is not running on this machine');
      const db = t.app.database.db;
      const rider = await passenger(t.baseUrl);
      const [chosen, notChosen, withdrew] = [
        await onlineDriver(t.baseUrl, db),
        await onlineDriver(t.baseUrl, db),
        await onlineDriver(t.baseUrl, db),
      ];
      const trip = await requestTrip(t.baseUrl, rider.token);
      for (const driver of [chosen, notChosen, withdrew]) {
        expect(
          (
            await api(t.baseUrl, 'POST', '/driver/trips/accept', {
              token: driver.token,
              body: { trip_request_id: trip.id },
            })
          ).status,
        ).toBe(201);
      }
      // Each driver follows the trip, their chat and feed, and their notifications (the test's sync point:
      // the server publishes there after the trip's events, so those would have arrived first).
      const follow = async (driver: { id: number; token: string }) => {
        const client = await connectMqtt(t.wsUrl, { userId: driver.id, token: driver.token });
        const received: { topic: string; message: Record<string, unknown> }[] = [];
        client.on('message', (topic, payload) =>
          received.push({ topic, message: JSON.parse(payload.toString()) as Record<string, unknown> }),
        );
        for (const topic of [
          topics.tripStatus(trip.id),
          topics.chat(trip.id, driver.id),
          topics.driverTripRequests(driver.id),
          topics.notifications(driver.id),
        ]) {
          expect(await subscribeQos(client, topic), topic).toBe(0);
        }
        return { client, received, driver };
      };
      const [a, b, w] = [await follow(chosen), await follow(notChosen), await follow(withdrew)];
      // A live counterpart chats with the passenger while the trip is pending.
      const chat = (driver: { id: number }, marker: string) =>
        JSON.stringify({
          sender: driver.id,
          role: 'driver',
          message: `Hola ${marker}`,
          timestamp: new Date().toISOString(),
        });
      const pendingChat = sees(b.client, topics.chat(trip.id, notChosen.id), carries('pendiente'), 5000);
      b.client.publish(topics.chat(trip.id, notChosen.id), chat(notChosen, 'pendiente'));
      expect(await pendingChat).toBe(true);

      expect(
        (
          await api(t.baseUrl, 'POST', '/driver/trip-requests/reject', {
            token: withdrew.token,
            body: { trip_request_id: trip.id },
          })
        ).status,
      ).toBe(200);
      const declined = sees(
        b.client,
        topics.driverTripRequests(notChosen.id),
        (m) => m.type === 'offer_declined' && m.trip_id === trip.id,
        5000,
      );
      expect(
        (
          await api(t.baseUrl, 'POST', '/drivers/trips/accept', {
            token: rider.token,
            body: { trip_id: trip.id, driver_id: chosen.id },
          })
        ).status,
      ).toBe(200);
      expect(await declined).toBe(true);
      expect(
        (
          await api(t.baseUrl, 'PUT', `/driver/trips/${trip.id}/status`, {
            token: chosen.token,
            body: { status: 'en_route' },
          })
        ).status,
      ).toBe(200);
      const closed = sees(
        a.client,
        topics.driverTripRequests(chosen.id),
        (m) => m.type === 'trip_request_closed' && m.trip_id === trip.id,
        5000,
      );
      expect((await api(t.baseUrl, 'PUT', `/trips/${trip.id}/cancel`, { token: rider.token, body: {} })).status).toBe(
        200,
      );
      expect(await closed).toBe(true);

      const marker = nextMarker();
      const synced = Promise.all(
        [a, b, w].map(({ client, driver }) => sees(client, topics.notifications(driver.id), carries(marker), 5000)),
      );
      for (const { driver } of [a, b, w]) await t.app.broker.publish(topics.notifications(driver.id), { marker });
      expect(await synced).toEqual([true, true, true]);
      const aboutTrip = (received: typeof a.received, topic: string) =>
        received.filter((r) => r.topic === topic).map((r) => r.message);
      // The chosen driver heard everything; the others nothing of the trip after they stopped counting.
      expect(
        aboutTrip(a.received, topics.tripStatus(trip.id))
          .map((m) => m.status)
          .slice(0, 2),
      ).toEqual(['accepted', 'en_route']);
      for (const former of [b, w]) {
        expect(aboutTrip(former.received, topics.tripStatus(trip.id)), `trip_status to ${former.driver.id}`).toEqual(
          [],
        );
        expect(
          aboutTrip(former.received, topics.driverTripRequests(former.driver.id)).filter(
            (m) => m.type !== 'offer_declined',
          ),
          `feed of ${former.driver.id}`,
        ).toEqual([]);
      }
      expect(aboutTrip(w.received, topics.driverTripRequests(withdrew.id))).toEqual([]);

      for (const { driver, client } of [b, w]) {
        // Subscribing again is refused; publishing on their own conversation closes the connection, and
        // nothing is stored; the history is closed to both sides.
        expect(await subscribeQos(client, topics.tripStatus(trip.id))).toBe(128);
        expect(await subscribeQos(client, topics.chat(trip.id, driver.id))).toBe(128);
        const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
        client.publish(topics.chat(trip.id, driver.id), chat(driver, 'despues'));
        await closed;
        for (const token of [driver.token, rider.token]) {
          expect((await api(t.baseUrl, 'GET', `/trips/${trip.id}/chat/${driver.id}`, { token })).status).toBe(404);
        }
      }
      const stored = await db.select().from(schema.chatMessages).where(eq(schema.chatMessages.tripId, trip.id));
      expect(stored.map((row) => row.message)).toEqual(['Hola pendiente']);
      for (const { client } of [a, b, w]) client.end(true);
    }, 30_000);

    it('drops a chat message with a control character: neither delivered nor stored', async (context) => {
      if (!available) return context.skip('PostgreSQL is not running on this machine');
      const { passenger: rider, driver, tripId } = scene;
      const topic = topics.chat(tripId, driver.id);
      const listener = await connectMqtt(t.wsUrl, { userId: driver.id, token: driver.token });
      expect(await subscribeQos(listener, topic)).toBe(0);
      const history = async () =>
        (await api<unknown[]>(t.baseUrl, 'GET', `/trips/${tripId}/chat/${driver.id}`, { token: rider.token })).body.data
          .length;
      const stored = await history();
      for (const text of ['hola\u0000', 'a\u001bb', '\u0000']) {
        const sender = await connectMqtt(t.wsUrl, { userId: rider.id, token: rider.token });
        const heard = listen(listener, topic);
        sender.publish(
          topic,
          JSON.stringify({ sender: rider.id, role: 'passenger', message: text, timestamp: new Date().toISOString() }),
        );
        await refused(sender);
        expect(
          await heard.untilSentinel((sentinel) => t.app.broker.publish(topic, sentinel)),
          JSON.stringify(text),
        ).toEqual([]);
        sender.end(true);
      }
      expect(await history()).toBe(stored);
      listener.end(true);
    });
  });
}
