/**
 * The city as an operator sees it: trips with filters, a trip's story, cancelling (both sides told over
 * MQTT), the live map (snapshot and MQTT push), and the SOS queue.
 */
import { type AdminTrip, type AdminTripStory, type LiveCity, type SafetyAlert, topics } from '@jala/contracts';
import { schema } from '@jala/db';
import { createDriver, createTrip, createUser } from '@jala/test-factories/database';
import { expect } from 'vitest';

import { login } from '../support/actors';
import { describeOnBackends } from '../support/backends';
import { api } from '../support/http';
import { connectMqtt, nextMessage, subscribeQos } from '../support/mqtt';

describeOnBackends('trips, live map and SOS for operators on %s', ({ t, maybe, whenStarted }) => {
  let operator = { id: 0, token: '' };
  whenStarted(async () => {
    const user = await createUser(t.app.database.db, { isAdmin: true });
    operator = { id: user.id, token: (await login(t.baseUrl, user.email)).token };
  });

  /** A trip in progress between a fresh passenger and driver, with an offer and a chat line. */
  const ridingTrip = async () => {
    const db = t.app.database.db;
    const driver = await createDriver(db, { user: { firstName: 'Rosa', lastName: 'Quispe' } });
    const rider = await createUser(db, { firstName: 'Miguel', lastName: 'Soto' });
    const trip = await createTrip(db, {
      passengerId: rider.id,
      driverId: driver.user.id,
      vehicleId: driver.vehicle.id,
      status: 'in_progress',
      acceptedAt: new Date(),
      startedAt: new Date(),
      agreedFareCents: 1850,
    });
    await db.insert(schema.tripOffers).values({
      tripId: trip.id,
      driverId: driver.user.id,
      vehicleId: driver.vehicle.id,
      priceCents: 1850,
      status: 'accepted',
      driverLatitude: '-12.120000',
      driverLongitude: '-77.030000',
    });
    await db.insert(schema.chatMessages).values({
      tripId: trip.id,
      driverId: driver.user.id,
      senderId: rider.id,
      senderRole: 'passenger',
      message: 'Estoy en la esquina',
    });
    await db.insert(schema.fareAdjustments).values({
      tripId: trip.id,
      driverId: driver.user.id,
      amountCents: 350,
      reason: 'tolls',
      status: 'accepted',
      answeredAt: new Date(),
    });
    return { trip, driver, rider };
  };

  maybe("lists trips with filters and tells one trip's story", async () => {
    const { trip } = await ridingTrip();
    const active = await api<AdminTrip[]>(t.baseUrl, 'GET', '/admin/trips?active=true', { token: operator.token });
    expect(active.body.data.map((x) => x.id)).toContain(trip.id);
    const byText = await api<AdminTrip[]>(t.baseUrl, 'GET', '/admin/trips?q=rosa%20quispe', { token: operator.token });
    expect(byText.body.data.map((x) => x.id)).toEqual([trip.id]);
    const completed = await api<AdminTrip[]>(t.baseUrl, 'GET', '/admin/trips?status=completed', {
      token: operator.token,
    });
    expect(completed.body.data.map((x) => x.id)).not.toContain(trip.id);
    expect((await api(t.baseUrl, 'GET', '/admin/trips?status=volando', { token: operator.token })).status).toBe(400);

    const story = await api<AdminTripStory>(t.baseUrl, 'GET', `/admin/trips/${trip.id}`, { token: operator.token });
    expect(story.status).toBe(200);
    expect(story.body.data.trip).toMatchObject({
      id: trip.id,
      status: 'in_progress',
      agreed_fare: 18.5,
      driver: { name: 'Rosa Quispe' },
      passenger: { name: 'Miguel Soto' },
    });
    expect(story.body.data.status_log.map((s) => s.status)).toEqual(['pending', 'accepted', 'in_progress']);
    expect(story.body.data.offers).toEqual([
      expect.objectContaining({ driver_name: 'Rosa Quispe', price: 18.5, status: 'accepted' }),
    ]);
    expect(story.body.data.chat).toEqual([
      expect.objectContaining({ sender_role: 'passenger', message: 'Estoy en la esquina' }),
    ]);
    expect(story.body.data.positions.map((p) => p.label)).toEqual(['Recojo', 'Destino', 'Oferta de Rosa Quispe']);
    expect(story.body.data.fare_adjustments).toEqual([
      expect.objectContaining({ amount: 3.5, reason: 'tolls', status: 'accepted' }),
    ]);
    expect((await api(t.baseUrl, 'GET', '/admin/trips/99999999', { token: operator.token })).status).toBe(404);
  });

  maybe('cancels a stuck trip: passenger and driver hear it, the reason is stored, the action audited', async () => {
    const { trip, driver, rider } = await ridingTrip();
    const riderClient = await connectMqtt(t.wsUrl, {
      userId: rider.id,
      token: (await login(t.baseUrl, rider.email)).token,
    });
    const driverClient = await connectMqtt(t.wsUrl, {
      userId: driver.user.id,
      token: (await login(t.baseUrl, driver.user.email)).token,
    });
    try {
      expect(await subscribeQos(riderClient, topics.tripStatus(trip.id))).toBe(0);
      expect(await subscribeQos(driverClient, topics.tripStatus(trip.id))).toBe(0);
      const heardByRider = nextMessage(riderClient, topics.tripStatus(trip.id));
      const heardByDriver = nextMessage(driverClient, topics.tripStatus(trip.id));
      const res = await api<AdminTripStory>(t.baseUrl, 'POST', `/admin/trips/${trip.id}/cancel`, {
        token: operator.token,
        body: { reason: 'El conductor reporta amenazas.' },
      });
      expect(res.status).toBe(200);
      expect(res.body.data.trip).toMatchObject({
        status: 'cancelled_by_system',
        cancel_reason: 'Cancelado por un operador: El conductor reporta amenazas.',
      });
      expect(await heardByRider).toMatchObject({ trip_id: trip.id, status: 'cancelled_by_system' });
      expect(await heardByDriver).toMatchObject({ trip_id: trip.id, status: 'cancelled_by_system' });
    } finally {
      riderClient.end(true);
      driverClient.end(true);
    }
    const again = await api(t.baseUrl, 'POST', `/admin/trips/${trip.id}/cancel`, {
      token: operator.token,
      body: { reason: 'Otra vez por si acaso' },
    });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('TRANSITION_NOT_ALLOWED');
    const audit = await api<{ action: string; target_id: number }[]>(t.baseUrl, 'GET', '/admin/audit-log', {
      token: operator.token,
    });
    expect(audit.body.data).toContainEqual(expect.objectContaining({ action: 'trip.cancel', target_id: trip.id }));
  });

  maybe('shows online drivers by vehicle type and active trips, as a snapshot and pushed over MQTT', async () => {
    const { trip, driver } = await ridingTrip();
    const moto = await createDriver(t.app.database.db, { vehicle: { vehicleType: 'mototaxi' } });
    const snapshot = await api<LiveCity>(t.baseUrl, 'GET', '/admin/live', { token: operator.token });
    expect(snapshot.body.data.drivers).toContainEqual(
      expect.objectContaining({ id: driver.user.id, vehicle_type: 'auto' }),
    );
    expect(snapshot.body.data.drivers).toContainEqual(
      expect.objectContaining({ id: moto.user.id, vehicle_type: 'mototaxi' }),
    );
    expect(snapshot.body.data.trips).toContainEqual(expect.objectContaining({ id: trip.id, status: 'in_progress' }));
    const client = await connectMqtt(t.wsUrl, { userId: operator.id, token: operator.token });
    try {
      expect(await subscribeQos(client, topics.operatorLive)).toBe(0);
      const pushed = (await nextMessage(client, topics.operatorLive)) as LiveCity | null;
      expect(pushed?.drivers.map((d) => d.id)).toContain(moto.user.id);
    } finally {
      client.end(true);
    }
  });

  maybe('lists open SOS alerts oldest first and resolves one with a note, once', async () => {
    const db = t.app.database.db;
    const { trip, rider } = await ridingTrip();
    const [older] = await db
      .insert(schema.safetyAlerts)
      .values({
        tripId: trip.id,
        userId: rider.id,
        role: 'passenger',
        latitude: '-12.121100',
        longitude: '-77.029700',
        createdAt: new Date(Date.now() - 60_000),
      })
      .returning();
    const [newer] = await db
      .insert(schema.safetyAlerts)
      .values({ tripId: trip.id, userId: rider.id, role: 'passenger' })
      .returning();
    const openAlerts = async () =>
      (await api<LiveCity>(t.baseUrl, 'GET', '/admin/live', { token: operator.token })).body.data.open_alerts;
    const openBefore = await openAlerts();
    const open = await api<SafetyAlert[]>(t.baseUrl, 'GET', '/admin/alerts', { token: operator.token });
    // The live snapshot (pushed to every open console) counts them, so a new SOS is raised wherever the operator is.
    expect(openBefore).toBe(open.body.data.length);
    const ids = open.body.data.map((a) => a.id);
    expect(ids.indexOf(older!.id)).toBeLessThan(ids.indexOf(newer!.id));
    expect(open.body.data.find((a) => a.id === older!.id)).toMatchObject({
      trip_code: trip.tripCode,
      latitude: -12.1211,
      user: { name: 'Miguel Soto' },
    });
    const resolved = await api(t.baseUrl, 'POST', `/admin/alerts/${older!.id}/resolve`, {
      token: operator.token,
      body: { note: 'Llamamos a la pasajera: está bien.' },
    });
    expect(resolved.status).toBe(200);
    expect(await openAlerts()).toBe(openBefore - 1);
    const twice = await api(t.baseUrl, 'POST', `/admin/alerts/${older!.id}/resolve`, {
      token: operator.token,
      body: { note: 'De nuevo' },
    });
    expect(twice.body.code).toBe('ALERT_ALREADY_RESOLVED');
    expect(
      (await api<SafetyAlert[]>(t.baseUrl, 'GET', '/admin/alerts', { token: operator.token })).body.data.map(
        (a) => a.id,
      ),
    ).not.toContain(older!.id);
    const done = await api<SafetyAlert[]>(t.baseUrl, 'GET', '/admin/alerts?state=resolved', { token: operator.token });
    expect(done.body.data).toContainEqual(
      expect.objectContaining({ id: older!.id, resolution_note: 'Llamamos a la pasajera: está bien.' }),
    );
  });
});
