/**
 * The live trips read model (modules/trips/live-trips.ts) and conditional GET on the polled reads: every
 * read below is made warm first (answered from memory), so each assertion after a write proves the write
 * invalidated what was kept before it answered.
 */
import type { Database } from '@jala/db';
import { expect } from 'vitest';

import { driveToStage, KENNEDY, onlineDriver, passenger, requestTrip } from '../support/actors';
import { describeOnBackends } from '../support/backends';
import { api, readWarm } from '../support/http';
import { connectMqtt, nextMessage, subscribeQos } from '../support/mqtt';

type Trip = {
  id: number;
  status: string;
  offer_price: number | null;
  published_at: string | null;
  agreed_fare: number | null;
  start_code: string | null;
  start_code_locked: boolean;
  fare_adjustments: { status: string }[];
  driver: { id: number; location_latitude: number | null } | null;
};
type DriverTrip = { id: number; trip_status: string; fare_adjustments: { status: string }[] };

/** A passenger's trip an online driver offered on and the passenger agreed: the driver is assigned. */
async function assignedTrip(baseUrl: string, db: Database) {
  const rider = await passenger(baseUrl);
  const driver = await onlineDriver(baseUrl, db);
  const trip = await requestTrip(baseUrl, rider.token);
  await api(baseUrl, 'POST', '/driver/trips/accept', { token: driver.token, body: { trip_request_id: trip.id } });
  await api(baseUrl, 'POST', '/drivers/trips/accept', {
    token: rider.token,
    body: { trip_id: trip.id, driver_id: driver.id },
  });
  return { rider, driver, trip };
}

/** A passenger's pending trip, the online driver to offer on it and another passenger. */
async function requestedTripAndAnotherRider(baseUrl: string, db: Database) {
  const rider = await passenger(baseUrl);
  const other = await passenger(baseUrl);
  const driver = await onlineDriver(baseUrl, db);
  const trip = await requestTrip(baseUrl, rider.token);
  return { rider, other, driver, trip };
}

describeOnBackends('live trips read model (%s)', ({ t, maybe }) => {
  maybe('each trip event is read back at once by the one who wrote it and by the other party', async () => {
    const db = t.app.database.db;
    const rider = await passenger(t.baseUrl);
    const driver = await onlineDriver(t.baseUrl, db);
    const other = await onlineDriver(t.baseUrl, db);

    expect((await readWarm(t.baseUrl, '/trips/active', rider.token)).body.data).toBeNull();
    const trip = await requestTrip(t.baseUrl, rider.token);
    expect((await api<Trip>(t.baseUrl, 'GET', '/trips/active', { token: rider.token })).body.data.id).toBe(trip.id);

    // Creating the trip published it: the first read already says so, and publishing again changes nothing.
    const publishedAt = (await readWarm<Trip>(t.baseUrl, '/trips/active', rider.token)).body.data.published_at;
    expect(publishedAt).not.toBeNull();
    expect((await api(t.baseUrl, 'POST', `/trips/${trip.id}/publish`, { token: rider.token })).status).toBe(200);
    expect((await api<Trip>(t.baseUrl, 'GET', '/trips/active', { token: rider.token })).body.data.published_at).toBe(
      publishedAt,
    );

    const raised = trip.estimated_fare + 10;
    expect(
      (
        await api(t.baseUrl, 'POST', `/trips/${trip.id}/raise-price`, {
          token: rider.token,
          body: { offer_price: raised },
        })
      ).status,
    ).toBe(200);
    expect((await api<Trip>(t.baseUrl, 'GET', '/trips/active', { token: rider.token })).body.data.offer_price).toBe(
      raised,
    );

    // Offers: sent, withdrawn by a rejection.
    const offersPath = `/trips/${trip.id}/driver-offers`;
    expect((await readWarm<unknown[]>(t.baseUrl, offersPath, rider.token)).body.data).toEqual([]);
    for (const d of [driver, other]) {
      expect(
        (await api(t.baseUrl, 'POST', '/driver/trips/accept', { token: d.token, body: { trip_request_id: trip.id } }))
          .status,
      ).toBe(201);
    }
    const offers = await api<{ driver_id: number }[]>(t.baseUrl, 'GET', offersPath, { token: rider.token });
    expect(offers.body.data.map((o) => o.driver_id).sort()).toEqual([driver.id, other.id].sort());
    expect(
      (
        await api(t.baseUrl, 'POST', '/driver/trip-requests/reject', {
          token: other.token,
          body: { trip_request_id: trip.id },
        })
      ).status,
    ).toBe(200);
    expect(
      (await api<{ driver_id: number }[]>(t.baseUrl, 'GET', offersPath, { token: rider.token })).body.data.map(
        (o) => o.driver_id,
      ),
    ).toEqual([driver.id]);

    // Accept: the passenger sees the driver, the driver (who polled "no trip") sees the trip.
    expect((await readWarm(t.baseUrl, '/driver/trips/current', driver.token)).body.data).toBeNull();
    expect(
      (
        await api(t.baseUrl, 'POST', '/drivers/trips/accept', {
          token: rider.token,
          body: { trip_id: trip.id, driver_id: driver.id },
        })
      ).status,
    ).toBe(200);
    const accepted = await api<Trip>(t.baseUrl, 'GET', '/trips/active', { token: rider.token });
    expect(accepted.body.data).toMatchObject({ status: 'accepted', agreed_fare: raised, driver: { id: driver.id } });
    expect(
      (await api<DriverTrip>(t.baseUrl, 'GET', '/driver/trips/current', { token: driver.token })).body.data,
    ).toMatchObject({ id: trip.id, trip_status: 'accepted' });
    expect((await api<unknown[]>(t.baseUrl, 'GET', offersPath, { token: rider.token })).body.data).toEqual([]);

    // A stage.
    await driveToStage(t.baseUrl, { passenger: rider.token, driver: driver.token }, trip.id, 'arrived');
    expect((await api<Trip>(t.baseUrl, 'GET', '/trips/active', { token: rider.token })).body.data.status).toBe(
      'arrived',
    );
    expect(
      (await api<DriverTrip>(t.baseUrl, 'GET', '/driver/trips/current', { token: driver.token })).body.data.trip_status,
    ).toBe('arrived');

    // A wrong start code is counted: after the last attempt the passenger's answer says it is locked.
    const beforeCode = (await readWarm<Trip>(t.baseUrl, '/trips/active', rider.token)).body.data;
    expect(beforeCode.start_code_locked).toBe(false);
    const wrongCode = beforeCode.start_code === '0000' ? '1111' : '0000';
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const refused = await api(t.baseUrl, 'PUT', `/driver/trips/${trip.id}/status`, {
        token: driver.token,
        body: { status: 'in_progress', start_code: wrongCode },
      });
      expect(refused.status).not.toBe(200);
    }
    expect(
      (await api<Trip>(t.baseUrl, 'GET', '/trips/active', { token: rider.token })).body.data.start_code_locked,
    ).toBe(true);

    // Fare adjustment: asked by the driver, answered by the passenger.
    const adjustment = { amount: 5, reason: 'tolls' };
    expect(
      (
        await api(t.baseUrl, 'POST', `/driver/trips/${trip.id}/fare-adjustments`, {
          token: driver.token,
          body: adjustment,
        })
      ).status,
    ).toBe(201);
    expect(
      (await api<Trip>(t.baseUrl, 'GET', '/trips/active', { token: rider.token })).body.data.fare_adjustments.map(
        (a) => a.status,
      ),
    ).toEqual(['pending']);
    expect(
      (await readWarm<DriverTrip>(t.baseUrl, '/driver/trips/current', driver.token)).body.data.fare_adjustments.map(
        (a) => a.status,
      ),
    ).toEqual(['pending']);
    expect(
      (await api(t.baseUrl, 'PUT', `/trips/${trip.id}/fare-adjustment`, { token: rider.token, body: { accept: true } }))
        .status,
    ).toBe(200);
    expect(
      (
        await api<DriverTrip>(t.baseUrl, 'GET', '/driver/trips/current', { token: driver.token })
      ).body.data.fare_adjustments.map((a) => a.status),
    ).toEqual(['accepted']);

    // The driver cancels: both leave the model.
    expect(
      (
        await api(t.baseUrl, 'PUT', `/driver/trips/${trip.id}/status`, {
          token: driver.token,
          body: { status: 'cancelled_by_driver', reason: 'Emergencia' },
        })
      ).status,
    ).toBe(200);
    expect((await api(t.baseUrl, 'GET', '/trips/active', { token: rider.token })).body.data).toBeNull();
    expect((await api(t.baseUrl, 'GET', '/driver/trips/current', { token: driver.token })).body.data).toBeNull();
  });

  maybe('completion and a passenger cancellation leave the model at once', async () => {
    const { rider, driver, trip } = await assignedTrip(t.baseUrl, t.app.database.db);
    await driveToStage(t.baseUrl, { passenger: rider.token, driver: driver.token }, trip.id, 'in_progress');
    expect((await readWarm(t.baseUrl, '/trips/active', rider.token)).status).toBe(200);
    expect((await readWarm(t.baseUrl, '/driver/trips/current', driver.token)).status).toBe(200);
    const done = await api(t.baseUrl, 'POST', '/driver/trips/complete', {
      token: driver.token,
      body: { trip_id: trip.id, final_latitude: KENNEDY.latitude, final_longitude: KENNEDY.longitude },
    });
    expect(done.status).toBe(200);
    expect((await api(t.baseUrl, 'GET', '/trips/active', { token: rider.token })).body.data).toBeNull();
    expect((await api(t.baseUrl, 'GET', '/driver/trips/current', { token: driver.token })).body.data).toBeNull();

    const next = await requestTrip(t.baseUrl, rider.token);
    expect((await readWarm<Trip>(t.baseUrl, '/trips/active', rider.token)).body.data.id).toBe(next.id);
    expect((await api(t.baseUrl, 'PUT', `/trips/${next.id}/cancel`, { token: rider.token, body: {} })).status).toBe(
      200,
    );
    expect((await api(t.baseUrl, 'GET', '/trips/active', { token: rider.token })).body.data).toBeNull();
  });

  maybe("the assigned driver's published position reaches the passenger's kept trip", async () => {
    const { rider, driver, trip } = await assignedTrip(t.baseUrl, t.app.database.db);
    await readWarm(t.baseUrl, '/trips/active', rider.token);
    const riderMqtt = await connectMqtt(t.wsUrl, { userId: rider.id, token: rider.token });
    const driverMqtt = await connectMqtt(t.wsUrl, { userId: driver.id, token: driver.token });
    try {
      const topic = `driver_location/${trip.id}`;
      expect(await subscribeQos(riderMqtt, topic)).toBe(0);
      const seen = nextMessage(riderMqtt, topic, 5000);
      await driverMqtt.publishAsync(
        topic,
        JSON.stringify({ latitude: -12.1, longitude: -77.03, timestamp: new Date().toISOString() }),
      );
      expect(await seen).not.toBeNull();
      const read = await api<Trip>(t.baseUrl, 'GET', '/trips/active', { token: rider.token });
      expect(read.body.data.driver?.location_latitude).toBe(-12.1);
    } finally {
      await Promise.all([riderMqtt.endAsync(true), driverMqtt.endAsync(true)]);
    }
  });

  maybe('a stranger never reads a kept trip or its offers', async () => {
    const { rider, other: stranger, driver, trip } = await requestedTripAndAnotherRider(t.baseUrl, t.app.database.db);
    await api(t.baseUrl, 'POST', '/driver/trips/accept', { token: driver.token, body: { trip_request_id: trip.id } });
    expect(
      (await readWarm<unknown[]>(t.baseUrl, `/trips/${trip.id}/driver-offers`, rider.token)).body.data,
    ).toHaveLength(1);
    const theirs = await api(t.baseUrl, 'GET', `/trips/${trip.id}/driver-offers`, { token: stranger.token });
    expect(theirs.status).toBe(404);
    expect(theirs.body.code).toBe('TRIP_NOT_FOUND');
    expect((await api(t.baseUrl, 'GET', '/trips/active', { token: stranger.token })).body.data).toBeNull();
  });

  maybe(
    'polled answers carry a private ETag: If-None-Match gets a 304 without a body until a write changes the answer',
    async () => {
      const {
        rider,
        other: otherRider,
        driver,
        trip,
      } = await requestedTripAndAnotherRider(t.baseUrl, t.app.database.db);
      await requestTrip(t.baseUrl, otherRider.token);
      const get = (path: string, token: string, etag?: string) =>
        fetch(`${t.baseUrl}${path}`, {
          headers: { authorization: `Bearer ${token}`, ...(etag ? { 'if-none-match': etag } : {}) },
        });

      for (const [path, token] of [
        ['/trips/active', rider.token],
        [`/trips/${trip.id}/driver-offers`, rider.token],
        ['/passenger/stats', rider.token],
        ['/driver/status', driver.token],
        ['/driver/stats', driver.token],
        ['/driver/trip-requests', driver.token],
      ] as const) {
        const first = await get(path, token);
        expect(first.status, path).toBe(200);
        const etag = first.headers.get('etag');
        expect(etag, path).toMatch(/^W\/".+"$/);
        expect(first.headers.get('cache-control'), path).toBe('private, no-cache');
        const again = await get(path, token, etag!);
        expect(again.status, path).toBe(304);
        expect(await again.text(), path).toBe('');
      }

      const raised = trip.estimated_fare + 10;
      const before = await get('/trips/active', rider.token);
      const etag = before.headers.get('etag')!;
      // Another user's identical tag is never theirs.
      expect((await get('/trips/active', otherRider.token, etag)).status).toBe(200);
      expect(
        (
          await api(t.baseUrl, 'POST', `/trips/${trip.id}/raise-price`, {
            token: rider.token,
            body: { offer_price: raised },
          })
        ).status,
      ).toBe(200);
      const after = await get('/trips/active', rider.token, etag);
      expect(after.status).toBe(200);
      expect(after.headers.get('etag')).not.toBe(etag);
      expect(((await after.json()) as { data: Trip }).data.offer_price).toBe(raised);

      // No trip is an answer too (200, data null): tagged, so a phone polling it gets 304s until a trip comes.
      const none = await get('/driver/trips/current', driver.token);
      expect(none.status).toBe(200);
      expect(((await none.json()) as { data: unknown }).data).toBeNull();
      expect((await get('/driver/trips/current', driver.token, none.headers.get('etag')!)).status).toBe(304);
    },
  );
});
