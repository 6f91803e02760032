/**
 * Creating an immediate trip publishes it in the same server step: nearby online drivers hear it on their own
 * feed topic (and by push) with no publish call. The old publish paths — POST /trips/{id}/publish and an MQTT
 * publication on jala/trip_requests — stay accepted as an idempotent re-publish by trip id: they change
 * nothing and tell nobody twice, and only the trip's passenger may send them.
 */
import { topics } from '@jala/contracts';
import { afterAll, beforeAll, expect } from 'vitest';

import { onlineDriver, passenger, requestTrip, tripPayload } from '../support/actors';
import { describeOnBackends } from '../support/backends';
import { api } from '../support/http';
import { connectMqtt, listen, nextMessageWhere, refused, subscribeQos } from '../support/mqtt';
import { pushesSettled, subscribeDevice } from '../support/push-actors';
import { startPushService, type TestPushService } from '../support/push-service';

let service: TestPushService;
beforeAll(async () => {
  service = await startPushService();
});
afterAll(async () => service.close());

type Created = { id: number; trip_code: string; published_at: string | null; expires_at: string };
const aboutTrip = (tripId: number) => (message: unknown) =>
  (message as { request?: { id?: number } }).request?.id === tripId;

describeOnBackends('creating a trip publishes it (%s)', ({ t, maybe }) => {
  /** The publication a web client used to send after creating a trip (zTripPublication). */
  const publication = (trip: { id: number; trip_code: string }, passengerId: number) =>
    JSON.stringify({
      trip_id: trip.id,
      trip_code: trip.trip_code,
      passenger_id: passengerId,
      passenger_name: 'Ana',
      pickup: { lat: -12.1215, lng: -77.03, address: 'Parque Kennedy' },
      destination: { lat: -12.0865, lng: -76.9767, address: 'Jockey Plaza' },
      service_type_id: 2,
      estimated_fare: 15,
      distance_km: 0,
      duration_minutes: 0,
      created_at: new Date().toISOString(),
    });

  maybe(
    'a nearby online driver hears a new trip on their feed topic, by push and in their feed, with no publish call',
    async () => {
      const p = await passenger(t.baseUrl);
      const d = await onlineDriver(t.baseUrl, t.app.database.db);
      const device = await subscribeDevice(t.baseUrl, d.token, service);
      const driverMqtt = await connectMqtt(t.wsUrl, { userId: d.id, token: d.token });
      try {
        expect(await subscribeQos(driverMqtt, topics.driverTripRequests(d.id))).toBe(0);
        let tripId = 0;
        const pushed = nextMessageWhere(driverMqtt, topics.driverTripRequests(d.id), (message) =>
          aboutTrip(tripId)(message),
        );
        const created = await api<Created>(t.baseUrl, 'POST', '/trips', { token: p.token, body: tripPayload() });
        expect(created.status).toBe(201);
        tripId = created.body.data.id;
        expect(created.body.data.published_at).not.toBeNull();
        expect(await pushed).toMatchObject({ type: 'trip_request', request: { id: tripId } });

        const feed = await api<{ id: number }[]>(
          t.baseUrl,
          'GET',
          '/driver/trip-requests?latitude=-12.1215&longitude=-77.03',
          { token: d.token },
        );
        expect(feed.body.data.map((request) => request.id)).toContain(tripId);
        await pushesSettled(t.app);
        expect(device.received.filter((payload) => payload.kind === 'requests')).toHaveLength(1);
      } finally {
        driverMqtt.end(true);
      }
    },
  );

  maybe('publishing again over HTTP and MQTT changes nothing and tells no driver twice', async () => {
    const p = await passenger(t.baseUrl);
    const d = await onlineDriver(t.baseUrl, t.app.database.db);
    const device = await subscribeDevice(t.baseUrl, d.token, service);
    const driverMqtt = await connectMqtt(t.wsUrl, { userId: d.id, token: d.token });
    const passengerMqtt = await connectMqtt(t.wsUrl, { userId: p.id, token: p.token });
    try {
      expect(await subscribeQos(driverMqtt, topics.driverTripRequests(d.id))).toBe(0);
      const heard = listen(driverMqtt, topics.driverTripRequests(d.id));
      const trip = (await requestTrip(t.baseUrl, p.token)) as unknown as Created;
      const before = await api<Created>(t.baseUrl, 'POST', `/trips/${trip.id}/publish`, { token: p.token });
      expect(before.status).toBe(200);
      expect(before.body.message).toBe('Viaje publicado');

      await passengerMqtt.publishAsync(topics.tripRequests, publication(before.body.data, p.id), { qos: 1 });
      const again = await api<Created>(t.baseUrl, 'POST', `/trips/${trip.id}/publish`, { token: p.token });
      expect(again.status).toBe(200);
      expect(again.body.data).toEqual(before.body.data);

      // Heard until a sentinel sent after both re-publications: the first push (the creation's) is the only one.
      const messages = await heard.untilSentinel((s) => t.app.broker.publish(topics.driverTripRequests(d.id), s));
      expect(messages.filter(aboutTrip(trip.id))).toHaveLength(1);
      await pushesSettled(t.app);
      expect(device.received.filter((payload) => payload.kind === 'requests')).toHaveLength(1);
    } finally {
      driverMqtt.end(true);
      passengerMqtt.end(true);
    }
  });

  maybe("a stranger cannot re-publish someone else's trip, over HTTP or MQTT", async () => {
    const p = await passenger(t.baseUrl);
    const stranger = await passenger(t.baseUrl);
    const trip = (await requestTrip(t.baseUrl, p.token)) as unknown as Created;

    const http = await api(t.baseUrl, 'POST', `/trips/${trip.id}/publish`, { token: stranger.token });
    expect(http.status).toBe(404);
    expect(http.body.code).toBe('TRIP_NOT_FOUND');

    // Claiming to be the passenger, or naming themselves: the ACL refuses both (the broker closes the connection).
    for (const claimed of [p.id, stranger.id]) {
      const strangerMqtt = await connectMqtt(t.wsUrl, { userId: stranger.id, token: stranger.token });
      const closed = refused(strangerMqtt);
      strangerMqtt.publish(topics.tripRequests, publication(trip, claimed), { qos: 0 });
      await closed;
      strangerMqtt.end(true);
    }
  });
});
