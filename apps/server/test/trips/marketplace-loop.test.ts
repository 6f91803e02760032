import { type ChatPage, topics } from '@jala/contracts';
import { estimateFare } from '@jala/domain';
import { expect } from 'vitest';

import { JOCKEY, KENNEDY, onlineDriver, passenger, requestTrip, tripPayload } from '../support/actors';
import { describeOnBackends } from '../support/backends';
import { api } from '../support/http';
import { awaitNextMessage, connectMqtt, nextMessage, subscribeQos } from '../support/mqtt';

describeOnBackends('the marketplace loop on %s', ({ t, maybe }) => {
  maybe('request → live offer → chat both ways → accept → stages → complete', async () => {
    const db = t.app.database.db;
    const p = await passenger(t.baseUrl);
    const d = await onlineDriver(t.baseUrl, db);
    const driverMqtt = await connectMqtt(t.wsUrl, { userId: d.id, token: d.token });
    expect(await subscribeQos(driverMqtt, topics.driverTripRequests(d.id))).toBe(0);

    // The server computes distance, duration and fare itself, and creating the trip publishes it: it
    // reaches the nearby driver's own feed live.
    const pushed = nextMessage(driverMqtt, topics.driverTripRequests(d.id));
    const trip = await requestTrip(t.baseUrl, p.token, { offer_price: 20 });
    expect(trip.distance_km).toBeGreaterThan(5);
    expect(trip.estimated_fare).toBeGreaterThanOrEqual(8);
    expect(await pushed).toMatchObject({
      type: 'trip_request',
      request: { id: trip.id, offer_price: 20, service_type: 'Auto' },
    });
    const published = await api(t.baseUrl, 'POST', `/trips/${trip.id}/publish`, { token: p.token });
    expect(published.status).toBe(200);

    const list = await api<{ id: number; distance_to_pickup_km: number }[]>(
      t.baseUrl,
      'GET',
      '/driver/trip-requests?latitude=-12.1215&longitude=-77.03',
      { token: d.token },
    );
    expect(list.status).toBe(200);
    expect(list.body.data.map((r) => r.id)).toContain(trip.id);

    // The offer arrives on trip_offers/{id}, pushed by the server.
    const { client: passengerMqtt, message: offerMessage } = await awaitNextMessage(
      t.wsUrl,
      p,
      topics.tripOffers(trip.id),
    );
    const offer = await api<{ price: number }>(t.baseUrl, 'POST', '/driver/trips/accept', {
      token: d.token,
      body: { trip_request_id: trip.id },
    });
    expect(offer.status).toBe(201);
    expect(offer.body.data.price).toBe(20);
    expect(await offerMessage).toMatchObject({ driver_id: d.id, price: 20, driver: { name: d.name } });
    const second = await api(t.baseUrl, 'POST', '/driver/trips/accept', {
      token: d.token,
      body: { trip_request_id: trip.id },
    });
    expect(second.status).toBe(409);
    const offers = await api<{ driver_id: number }[]>(t.baseUrl, 'GET', `/trips/${trip.id}/driver-offers`, {
      token: p.token,
    });
    expect(offers.body.data.map((o) => o.driver_id)).toEqual([d.id]);

    // Chat both ways over MQTT; stored and readable again after a "reload".
    const chatTopic = topics.chat(trip.id, d.id);
    expect(await subscribeQos(passengerMqtt, chatTopic)).toBe(0);
    expect(await subscribeQos(driverMqtt, chatTopic)).toBe(0);
    const atDriver = nextMessage(driverMqtt, chatTopic);
    passengerMqtt.publish(
      chatTopic,
      JSON.stringify({
        sender: p.id,
        role: 'passenger',
        message: '¿Llega en 5 minutos?',
        timestamp: new Date().toISOString(),
      }),
    );
    expect(await atDriver).toMatchObject({ message: '¿Llega en 5 minutos?' });
    const atPassenger = nextMessage(passengerMqtt, chatTopic);
    driverMqtt.publish(
      chatTopic,
      JSON.stringify({
        sender: d.id,
        role: 'driver',
        message: 'Sí, voy en camino',
        timestamp: new Date().toISOString(),
      }),
    );
    expect(await atPassenger).toMatchObject({ message: 'Sí, voy en camino' });
    // Stored beside the delivery, not before it: read until the rows are there.
    const history = async () =>
      (
        await api<ChatPage>(t.baseUrl, 'GET', `/trips/${trip.id}/chat/${d.id}/messages`, { token: p.token })
      ).body.data.messages.map((m) => m.message);
    await expect.poll(history).toEqual(['¿Llega en 5 minutos?', 'Sí, voy en camino']);

    // Accept: status pushed on trip_status/{id}.
    expect(await subscribeQos(passengerMqtt, topics.tripStatus(trip.id))).toBe(0);
    const accepted = nextMessage(passengerMqtt, topics.tripStatus(trip.id));
    const accept = await api(t.baseUrl, 'POST', '/drivers/trips/accept', {
      token: p.token,
      body: { trip_id: trip.id, driver_id: d.id },
    });
    expect(accept.status).toBe(200);
    expect(await accepted).toMatchObject({ status: 'accepted', driver_id: d.id });

    const active = await api<{ status: string; driver: { id: number; vehicle: string } }>(
      t.baseUrl,
      'GET',
      '/trips/active',
      { token: p.token },
    );
    expect(active.body.data).toMatchObject({ status: 'accepted', driver: { id: d.id } });
    const current = await api<{ trip_status: string; actual_fare: number }>(t.baseUrl, 'GET', '/driver/trips/current', {
      token: d.token,
    });
    expect(current.body.data).toMatchObject({ trip_status: 'accepted', actual_fare: 20 });

    // The assigned driver's position reaches the passenger.
    expect(await subscribeQos(passengerMqtt, topics.driverLocation(trip.id))).toBe(0);
    const moved = nextMessage(passengerMqtt, topics.driverLocation(trip.id));
    driverMqtt.publish(
      topics.driverLocation(trip.id),
      JSON.stringify({ latitude: -12.12, longitude: -77.03, timestamp: new Date().toISOString() }),
    );
    expect(await moved).toMatchObject({ latitude: -12.12 });

    // Stages in order; skipping one is refused.
    const skipAhead = await api(t.baseUrl, 'PUT', `/driver/trips/${trip.id}/status`, {
      token: d.token,
      body: { status: 'in_progress' },
    });
    expect(skipAhead.status).toBe(409);
    // Only the passenger reads the start code; the driver types it to start (trip-safety.test.ts has the refusals).
    const code = (await api<{ start_code: string }>(t.baseUrl, 'GET', '/trips/active', { token: p.token })).body.data
      .start_code;
    expect(code).toMatch(/^\d{4}$/);
    for (const status of ['en_route', 'arrived', 'in_progress']) {
      const body = {
        status,
        ...(status === 'arrived' ? KENNEDY : {}),
        ...(status === 'in_progress' ? { start_code: code } : {}),
      };
      const res = await api<{ trip_status: string }>(t.baseUrl, 'PUT', `/driver/trips/${trip.id}/status`, {
        token: d.token,
        body,
      });
      expect(res.status).toBe(200);
      expect(res.body.data.trip_status).toBe(status);
    }
    const cancelLate = await api(t.baseUrl, 'PUT', `/trips/${trip.id}/cancel`, { token: p.token, body: {} });
    expect(cancelLate.status).toBe(409);

    const done = await api<{ trip_status: string; final_fare: number }>(t.baseUrl, 'POST', '/driver/trips/complete', {
      token: d.token,
      body: {
        trip_id: trip.id,
        final_latitude: JOCKEY.latitude,
        final_longitude: JOCKEY.longitude,
        actual_fare: 21.5,
        notes: '',
      },
    });
    expect(done.status).toBe(200);
    // The agreed price (S/ 20.00) is charged, not the 21.5 sent.
    expect(done.body).toMatchObject({
      message: '¡Viaje completado con éxito!',
      data: { trip_status: 'completed', final_fare: 20 },
    });
    expect((await api(t.baseUrl, 'GET', '/trips/active', { token: p.token })).body.data).toBeNull();
    expect((await api(t.baseUrl, 'GET', '/driver/trips/current', { token: d.token })).body.data).toBeNull();
    driverMqtt.end(true);
    passengerMqtt.end(true);
  });

  maybe('computes the estimate with the shared fare formula', async () => {
    const p = await passenger(t.baseUrl);
    const trip = await requestTrip(t.baseUrl, p.token, { service_type_id: 1 });
    const row = await api<{ estimated_fare: number; distance_km: number; duration_minutes: number }>(
      t.baseUrl,
      'GET',
      '/trips/active',
      { token: p.token },
    );
    expect(row.body.data.estimated_fare).toBe(
      estimateFare({
        distanceKm: row.body.data.distance_km,
        durationMinutes: row.body.data.duration_minutes,
        vehicle: 'motorcycle',
      }),
    );
    expect(trip.id).toBeGreaterThan(0);
  });

  maybe(
    'allows one active trip per passenger and cancels a pending one; nearby drivers who only saw it drop it at once',
    async () => {
      const p = await passenger(t.baseUrl);
      const trip = await requestTrip(t.baseUrl, p.token);
      // A driver near the pickup who has the request in their list but made no offer.
      const onlooker = await onlineDriver(t.baseUrl, t.app.database.db);
      const feed = await connectMqtt(t.wsUrl, { userId: onlooker.id, token: onlooker.token });
      const closed = nextMessage(feed, topics.driverTripRequests(onlooker.id));
      expect(await subscribeQos(feed, topics.driverTripRequests(onlooker.id))).toBe(0);
      const again = await api(t.baseUrl, 'POST', '/trips', { token: p.token, body: tripPayload() });
      expect(again.status).toBe(409);
      const cancel = await api<{ status: string }>(t.baseUrl, 'PUT', `/trips/${trip.id}/cancel`, {
        token: p.token,
        body: {},
      });
      expect(cancel.body.data.status).toBe('cancelled_by_passenger');
      try {
        expect(await closed).toEqual({ type: 'trip_request_closed', trip_id: trip.id });
      } finally {
        feed.end(true);
      }
      const twice = await api(t.baseUrl, 'PUT', `/trips/${trip.id}/cancel`, { token: p.token, body: {} });
      expect(twice.status).toBe(409);
      expect((await api(t.baseUrl, 'POST', '/trips', { token: p.token, body: tripPayload() })).status).toBe(201);
    },
  );
});
