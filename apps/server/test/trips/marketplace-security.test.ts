import { topics } from '@jala/contracts';
import { createDriver } from '@jala/test-factories/database';
import { describe, expect, it } from 'vitest';

import { login, onlineDriver, passenger, requestTrip, tripPayload } from '../support/actors';
import { api } from '../support/http';
import { connectMqtt, listen, refused, subscribeQos } from '../support/mqtt';
import { useTestApp } from '../support/use-test-app';

describe('marketplace ownership and realtime ACL', () => {
  const t = useTestApp();

  /** A trip with one offer from `driver`, plus a stranger passenger and a stranger driver. */
  async function scene() {
    const db = t.app.database.db;
    const owner = await passenger(t.baseUrl);
    const driver = await onlineDriver(t.baseUrl, db);
    const strangerPassenger = await passenger(t.baseUrl);
    const strangerDriver = await onlineDriver(t.baseUrl, db);
    const trip = await requestTrip(t.baseUrl, owner.token);
    await api(t.baseUrl, 'POST', '/driver/trips/accept', { token: driver.token, body: { trip_request_id: trip.id } });
    return { owner, driver, strangerPassenger, strangerDriver, trip };
  }

  it('answers 404 to another passenger on every trip route', async () => {
    const { strangerPassenger: s, trip, driver } = await scene();
    const calls: [string, string, unknown?][] = [
      ['GET', `/trips/${trip.id}/driver-offers`],
      ['PUT', `/trips/${trip.id}/cancel`, {}],
      ['POST', `/trips/${trip.id}/publish`],
      ['POST', '/drivers/trips/accept', { trip_id: trip.id, driver_id: driver.id }],
      ['GET', `/trips/${trip.id}/chat/${driver.id}`],
      ['GET', `/trips/${trip.id}/chat/${driver.id}/messages`],
    ];
    for (const [method, path, body] of calls) {
      const res = await api(t.baseUrl, method, path, { token: s.token, body });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body.data).toBeNull();
    }
  });

  it('answers 404 to a driver who is not on the trip', async () => {
    const { strangerDriver: s, trip, owner, driver } = await scene();
    await api(t.baseUrl, 'POST', '/drivers/trips/accept', {
      token: owner.token,
      body: { trip_id: trip.id, driver_id: driver.id },
    });
    expect(
      (await api(t.baseUrl, 'PUT', `/driver/trips/${trip.id}/status`, { token: s.token, body: { status: 'en_route' } }))
        .status,
    ).toBe(404);
    expect(
      (
        await api(t.baseUrl, 'POST', '/driver/trips/complete', {
          token: s.token,
          body: { trip_id: trip.id, final_latitude: -12, final_longitude: -77, actual_fare: 10 },
        })
      ).status,
    ).toBe(404);
    expect((await api(t.baseUrl, 'GET', `/trips/${trip.id}/chat/${driver.id}`, { token: s.token })).status).toBe(404);
    expect(
      (await api(t.baseUrl, 'GET', `/trips/${trip.id}/chat/${driver.id}/messages`, { token: s.token })).status,
    ).toBe(404);
  });

  it("refuses a third user's real MQTT connection on every trip topic", async () => {
    const { strangerPassenger, strangerDriver, trip, driver, owner } = await scene();
    for (const stranger of [strangerPassenger, strangerDriver]) {
      const mqtt = await connectMqtt(t.wsUrl, { userId: stranger.id, token: stranger.token });
      for (const topic of [
        topics.tripOffers(trip.id),
        topics.tripStatus(trip.id),
        topics.chat(trip.id, driver.id),
        topics.driverLocation(trip.id),
        topics.tripRequests,
        topics.driverTripRequests(driver.id),
      ]) {
        expect(await subscribeQos(mqtt, topic), topic).toBe(128);
      }
      mqtt.end(true);
    }
    // A stranger's chat message never reaches the conversation, and is not stored.
    const ownerMqtt = await connectMqtt(t.wsUrl, { userId: owner.id, token: owner.token });
    await subscribeQos(ownerMqtt, topics.chat(trip.id, driver.id));
    const strangerMqtt = await connectMqtt(t.wsUrl, { userId: strangerDriver.id, token: strangerDriver.token });
    const heard = listen(ownerMqtt, topics.chat(trip.id, driver.id));
    strangerMqtt.publish(
      topics.chat(trip.id, driver.id),
      JSON.stringify({
        sender: strangerDriver.id,
        role: 'driver',
        message: 'hola',
        timestamp: new Date().toISOString(),
      }),
    );
    await refused(strangerMqtt);
    expect(await heard.untilSentinel((s) => t.app.broker.publish(topics.chat(trip.id, driver.id), s))).toEqual([]);
    const history = await api<unknown[]>(t.baseUrl, 'GET', `/trips/${trip.id}/chat/${driver.id}`, {
      token: owner.token,
    });
    expect(history.body.data).toEqual([]);
    ownerMqtt.end(true);
    strangerMqtt.end(true);
  });

  it('refuses spoofed senders and server-only topics from participants', async () => {
    const { owner, driver, trip } = await scene();
    const ownerMqtt = await connectMqtt(t.wsUrl, { userId: owner.id, token: owner.token });
    const driverMqtt = await connectMqtt(t.wsUrl, { userId: driver.id, token: driver.token });
    await subscribeQos(ownerMqtt, topics.chat(trip.id, driver.id));
    await subscribeQos(ownerMqtt, topics.tripOffers(trip.id));
    // Each refused publish ends its connection; a sentinel the server sends afterwards bounds the wait.
    const spoof = listen(ownerMqtt, topics.chat(trip.id, driver.id));
    driverMqtt.publish(
      topics.chat(trip.id, driver.id),
      JSON.stringify({
        sender: owner.id,
        role: 'passenger',
        message: 'soy el pasajero',
        timestamp: new Date().toISOString(),
      }),
    );
    await refused(driverMqtt);
    expect(await spoof.untilSentinel((s) => t.app.broker.publish(topics.chat(trip.id, driver.id), s))).toEqual([]);
    const fakeOffer = listen(ownerMqtt, topics.tripOffers(trip.id));
    const driverMqtt2 = await connectMqtt(t.wsUrl, { userId: driver.id, token: driver.token });
    driverMqtt2.publish(topics.tripOffers(trip.id), JSON.stringify({ driver_id: driver.id, price: 1 }));
    await refused(driverMqtt2);
    expect(await fakeOffer.untilSentinel((s) => t.app.broker.publish(topics.tripOffers(trip.id), s))).toEqual([]);
    // A driver who only offered may not publish a position for a trip not assigned to them.
    await subscribeQos(ownerMqtt, topics.driverLocation(trip.id));
    const position = listen(ownerMqtt, topics.driverLocation(trip.id));
    const driverMqtt3 = await connectMqtt(t.wsUrl, { userId: driver.id, token: driver.token });
    driverMqtt3.publish(
      topics.driverLocation(trip.id),
      JSON.stringify({ latitude: -12, longitude: -77, timestamp: 'x' }),
    );
    await refused(driverMqtt3);
    expect(await position.untilSentinel((s) => t.app.broker.publish(topics.driverLocation(trip.id), s))).toEqual([]);
    for (const c of [ownerMqtt, driverMqtt, driverMqtt2, driverMqtt3]) c.end(true);
  });

  it('does not show requests to drivers out of range, of another vehicle type, unverified or offline', async () => {
    const db = t.app.database.db;
    const p = await passenger(t.baseUrl);
    const trip = await requestTrip(t.baseUrl, p.token);
    const far = await onlineDriver(t.baseUrl, db, {
      profile: { currentLatitude: '-16.409000', currentLongitude: '-71.537500' },
    }); // Arequipa
    const moto = await onlineDriver(t.baseUrl, db, { vehicle: { vehicleType: 'mototaxi' } });
    const ids = async (token: string) =>
      (await api<{ id: number }[]>(t.baseUrl, 'GET', '/driver/trip-requests', { token })).body.data.map((r) => r.id);
    expect(await ids(far.token)).not.toContain(trip.id);
    expect(await ids(moto.token)).not.toContain(trip.id);
    const tooFar = await api(t.baseUrl, 'POST', '/driver/trips/accept', {
      token: far.token,
      body: { trip_request_id: trip.id },
    });
    expect(tooFar.status).toBe(404);
    expect(tooFar.body.message).toBe('Esta solicitud ya no está disponible.');
    const { user: pending } = await createDriver(db, { profile: { verificationStatus: 'pending_verification' } });
    const pendingLogin = await login(t.baseUrl, pending.email);
    const res = await api(t.baseUrl, 'GET', '/driver/trip-requests', { token: pendingLogin.token });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/pendiente de verificación/);
    const { user: offline } = await createDriver(db, { profile: { driverStatus: 'offline' } });
    const offlineLogin = await login(t.baseUrl, offline.email);
    expect(
      (
        await api(t.baseUrl, 'POST', '/driver/trips/accept', {
          token: offlineLogin.token,
          body: { trip_request_id: trip.id },
        })
      ).status,
    ).toBe(409);
  });

  it('hides a rejected request from that driver only', async () => {
    const db = t.app.database.db;
    const p = await passenger(t.baseUrl);
    const trip = await requestTrip(t.baseUrl, p.token);
    const a = await onlineDriver(t.baseUrl, db);
    const b = await onlineDriver(t.baseUrl, db);
    expect(
      (
        await api(t.baseUrl, 'POST', '/driver/trip-requests/reject', {
          token: a.token,
          body: { trip_request_id: trip.id, reason: 'lejos' },
        })
      ).status,
    ).toBe(200);
    const ids = async (token: string) =>
      (await api<{ id: number }[]>(t.baseUrl, 'GET', '/driver/trip-requests', { token })).body.data.map((r) => r.id);
    expect(await ids(a.token)).not.toContain(trip.id);
    expect(await ids(b.token)).toContain(trip.id);
  });

  it.each([
    ['missing fields', {}],
    ['latitude as text', tripPayload({ pickup_latitude: 'abc' })],
    ['outside Peru', tripPayload({ pickup_latitude: 40.4, pickup_longitude: -3.7 })],
    ['unknown service type', tripPayload({ service_type_id: 3 })],
    ['negative price', tripPayload({ offer_price: -5 })],
    ['price with 3 decimals', tripPayload({ offer_price: 10.555 })],
    ['same origin and destination', tripPayload({ destination_latitude: -12.1211, destination_longitude: -77.0297 })],
    ['huge notes', tripPayload({ passenger_notes: 'x'.repeat(600) })],
  ])('refuses a trip with %s (400, Spanish, nothing created)', async (_name, body) => {
    const p = await passenger(t.baseUrl);
    const res = await api(t.baseUrl, 'POST', '/trips', { token: p.token, body });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/[áéíóúñ]|debe|obligatori|Selecciona|Latitud|Longitud|monto|notas|dirección/i);
    expect((await api(t.baseUrl, 'GET', '/trips/active', { token: p.token })).body.data).toBeNull();
  });

  it('answers bad ids and bodies on driver routes with 400, never 500', async () => {
    const d = await onlineDriver(t.baseUrl, t.app.database.db);
    const cases: [string, string, unknown?][] = [
      ['PUT', '/driver/trips/abc/status', { status: 'en_route' }],
      ['PUT', '/driver/trips/99999999999/status', { status: 'en_route' }],
      ['PUT', '/driver/trips/1/status', { status: 'completed' }],
      ['POST', '/driver/trips/complete', { trip_id: 1, final_latitude: 200, final_longitude: 0, actual_fare: 10 }],
      ['POST', '/driver/trips/accept', { trip_request_id: 'uno' }],
      ['GET', '/driver/trip-requests?latitude=-12'],
      ['GET', '/driver/trip-requests?latitude=abc&longitude=1'],
    ];
    for (const [method, path, body] of cases) {
      const res = await api(t.baseUrl, method, path, { token: d.token, body });
      expect(res.status, `${method} ${path}`).toBe(400);
    }
  });

  it('keeps passengers off driver routes and drivers off passenger routes', async () => {
    const p = await passenger(t.baseUrl);
    expect((await api(t.baseUrl, 'GET', '/driver/trip-requests', { token: p.token })).status).toBe(403);
    const d = await onlineDriver(t.baseUrl, t.app.database.db);
    expect((await api(t.baseUrl, 'POST', '/trips', { token: d.token, body: tripPayload() })).status).toBe(403);
  });
});
