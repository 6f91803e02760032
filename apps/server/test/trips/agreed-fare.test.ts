/**
 * The agreed price is the price: completion charges the accepted offer's price whatever
 * `actual_fare` says, adjustments count only when the passenger accepts them, strangers can neither ask
 * nor answer, receipts show the sum, and raising a pending trip's price republishes it.
 */
import { topics } from '@jala/contracts';
import { createUser } from '@jala/test-factories/database';
import { expect } from 'vitest';

import { JOCKEY, login, onlineDriver, passenger, requestTrip, tripInProgress } from '../support/actors';
import { describeOnBackends } from '../support/backends';
import { api } from '../support/http';
import { awaitNextMessage, connectMqtt, nextMessage, subscribeQos } from '../support/mqtt';
import type { TestApp } from '../support/test-app';

/** A passenger's trip at S/ 14.00 (their price), offered on and accepted, driven to `in_progress`. */
const tripAt14 = (t: TestApp) => tripInProgress(t, { offer_price: 14 });

const complete = (t: TestApp, token: string, tripId: number, actualFare?: number) =>
  api<{ final_fare: number }>(t.baseUrl, 'POST', '/driver/trips/complete', {
    token,
    body: {
      trip_id: tripId,
      final_latitude: JOCKEY.latitude,
      final_longitude: JOCKEY.longitude,
      ...(actualFare === undefined ? {} : { actual_fare: actualFare }),
    },
  });

const propose = (t: TestApp, token: string, tripId: number, body: Record<string, unknown>) =>
  api<{ id: number; status: string; amount: number }>(t.baseUrl, 'POST', `/driver/trips/${tripId}/fare-adjustments`, {
    token,
    body,
  });

const answer = (t: TestApp, token: string, tripId: number, accept: boolean) =>
  api<{ status: string }>(t.baseUrl, 'PUT', `/trips/${tripId}/fare-adjustment`, { token, body: { accept } });

interface Receipt {
  agreed_fare: number;
  total: number;
  adjustments: { amount: number; reason: string }[];
  payment_method: string;
  driver_name: string;
  vehicle: string | null;
}

describeOnBackends('the agreed price on %s', ({ t, maybe }) => {
  maybe('completion with another actual_fare charges the agreed price', async () => {
    const { p, d, tripId } = await tripAt14(t);
    const done = await complete(t, d.token, tripId, 45);
    expect(done.status).toBe(200);
    expect(done.body.data.final_fare).toBe(14);
    const receipt = await api<Receipt>(t.baseUrl, 'GET', `/trips/${tripId}/receipt`, { token: p.token });
    expect(receipt.status).toBe(200);
    expect(receipt.body.data).toMatchObject({
      agreed_fare: 14,
      total: 14,
      adjustments: [],
      payment_method: 'Efectivo',
      driver_name: d.name,
    });
    expect(receipt.body.data.vehicle).toContain('·');
    // The driver reads the same receipt; the driver's earnings count S/ 14.00, not 45.
    const driverReceipt = await api<Receipt>(t.baseUrl, 'GET', `/trips/${tripId}/receipt`, { token: d.token });
    expect(driverReceipt.body.data.total).toBe(14);
  });

  maybe('an accepted adjustment is added; it arrives live on the trip topic; one pending at a time', async () => {
    const { p, d, tripId } = await tripAt14(t);
    const { client: passengerMqtt, message: live } = await awaitNextMessage(t.wsUrl, p, topics.tripStatus(tripId));
    const asked = await propose(t, d.token, tripId, { amount: 3.5, reason: 'tolls', note: 'Peaje de Evitamiento' });
    expect(asked.status).toBe(201);
    expect(asked.body.data).toMatchObject({ status: 'pending', amount: 3.5 });
    expect(await live).toMatchObject({
      trip_id: tripId,
      status: 'in_progress',
      fare_adjustment: { amount: 3.5, reason: 'tolls', status: 'pending' },
    });
    passengerMqtt.end(true);

    const second = await propose(t, d.token, tripId, { amount: 2, reason: 'waiting_time' });
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ code: 'FARE_ADJUSTMENT_PENDING' });

    const active = await api<{ fare_adjustments: { status: string; amount: number }[] }>(
      t.baseUrl,
      'GET',
      '/trips/active',
      { token: p.token },
    );
    expect(active.body.data.fare_adjustments).toMatchObject([{ status: 'pending', amount: 3.5 }]);
    // While pending it is not charged.
    const current = await api<{ actual_fare: number; agreed_fare: number }>(t.baseUrl, 'GET', '/driver/trips/current', {
      token: d.token,
    });
    expect(current.body.data).toMatchObject({ actual_fare: 14, agreed_fare: 14 });

    const yes = await answer(t, p.token, tripId, true);
    expect(yes.status).toBe(200);
    expect(yes.body.data.status).toBe('accepted');
    expect((await answer(t, p.token, tripId, false)).body).toMatchObject({ code: 'NO_PENDING_FARE_ADJUSTMENT' });
    const after = await api<{ actual_fare: number }>(t.baseUrl, 'GET', '/driver/trips/current', { token: d.token });
    expect(after.body.data.actual_fare).toBe(17.5);

    const done = await complete(t, d.token, tripId, 99);
    expect(done.body.data.final_fare).toBe(17.5);
    const receipt = await api<Receipt>(t.baseUrl, 'GET', `/trips/${tripId}/receipt`, { token: p.token });
    expect(receipt.body.data).toMatchObject({
      agreed_fare: 14,
      total: 17.5,
      adjustments: [{ amount: 3.5, reason: 'tolls' }],
    });
    // Finished: nothing more can be asked.
    expect((await propose(t, d.token, tripId, { amount: 1, reason: 'other' })).body).toMatchObject({
      code: 'FARE_ADJUSTMENT_CLOSED',
    });
  });

  maybe('a refused adjustment leaves the agreed price; a pending one lapses at completion', async () => {
    const { p, d, tripId } = await tripAt14(t);
    expect((await propose(t, d.token, tripId, { amount: 6, reason: 'extra_stop' })).status).toBe(201);
    const no = await answer(t, p.token, tripId, false);
    expect(no.body.data.status).toBe('refused');
    expect((await propose(t, d.token, tripId, { amount: 4, reason: 'waiting_time' })).status).toBe(201);
    const done = await complete(t, d.token, tripId);
    expect(done.body.data.final_fare).toBe(14);
    const receipt = await api<Receipt>(t.baseUrl, 'GET', `/trips/${tripId}/receipt`, { token: p.token });
    expect(receipt.body.data).toMatchObject({ total: 14, adjustments: [] });
    expect((await answer(t, p.token, tripId, true)).body).toMatchObject({ code: 'FARE_ADJUSTMENT_CLOSED' });
  });

  maybe('strangers can neither ask, answer nor read the receipt; bad input is a 400', async () => {
    const { p, d, tripId } = await tripAt14(t);
    const otherDriver = await onlineDriver(t.baseUrl, t.app.database.db);
    const stranger = await login(t.baseUrl, (await createUser(t.app.database.db)).email);
    expect((await propose(t, otherDriver.token, tripId, { amount: 2, reason: 'tolls' })).status).toBe(404);
    expect((await propose(t, p.token, tripId, { amount: 2, reason: 'tolls' })).status).toBe(403);
    expect((await propose(t, d.token, tripId, { amount: 0, reason: 'tolls' })).status).toBe(400);
    expect((await propose(t, d.token, tripId, { amount: 500, reason: 'tolls' })).status).toBe(400);
    expect((await propose(t, d.token, tripId, { amount: 2, reason: 'propina' })).status).toBe(400);
    expect((await propose(t, d.token, tripId, { amount: 2, reason: 'tolls' })).status).toBe(201);
    expect((await answer(t, stranger.token, tripId, true)).status).toBe(404);
    expect((await answer(t, d.token, tripId, true)).status).toBe(403);
    expect((await api(t.baseUrl, 'GET', `/trips/${tripId}/receipt`, { token: p.token })).body).toMatchObject({
      code: 'RECEIPT_NOT_READY',
    });
    await complete(t, d.token, tripId);
    expect((await api(t.baseUrl, 'GET', `/trips/${tripId}/receipt`, { token: stranger.token })).status).toBe(404);
    expect((await api(t.baseUrl, 'GET', `/trips/${tripId}/receipt`, { token: otherDriver.token })).status).toBe(404);
  });

  maybe('raising the price of a pending trip republishes it; drivers who offered get the new price', async () => {
    const p = await passenger(t.baseUrl);
    const d = await onlineDriver(t.baseUrl, t.app.database.db);
    const trip = await requestTrip(t.baseUrl, p.token, { offer_price: 12 });
    await api(t.baseUrl, 'POST', `/trips/${trip.id}/publish`, { token: p.token });
    expect(
      (await api(t.baseUrl, 'POST', '/driver/trips/accept', { token: d.token, body: { trip_request_id: trip.id } }))
        .status,
    ).toBe(201);
    const { client: driverMqtt, message: pushed } = await awaitNextMessage(t.wsUrl, d, topics.driverTripRequests(d.id));
    const lower = await api(t.baseUrl, 'POST', `/trips/${trip.id}/raise-price`, {
      token: p.token,
      body: { offer_price: 12 },
    });
    expect(lower.body).toMatchObject({ code: 'PRICE_NOT_HIGHER' });
    const raised = await api<{ offer_price: number; expires_at: string }>(
      t.baseUrl,
      'POST',
      `/trips/${trip.id}/raise-price`,
      { token: p.token, body: { offer_price: 15 } },
    );
    expect(raised.status).toBe(200);
    expect(raised.body.data.offer_price).toBe(15);
    expect(await pushed).toMatchObject({
      type: 'trip_request',
      request: { id: trip.id, offer_price: 15, my_offer_price: 12 },
    });
    driverMqtt.end(true);
    const list = await api<{ id: number; offer_price: number }[]>(t.baseUrl, 'GET', '/driver/trip-requests', {
      token: d.token,
    });
    expect(list.body.data.find((r) => r.id === trip.id)?.offer_price).toBe(15);
    await api(t.baseUrl, 'POST', '/drivers/trips/accept', {
      token: p.token,
      body: { trip_id: trip.id, driver_id: d.id },
    });
    expect(
      (await api(t.baseUrl, 'POST', `/trips/${trip.id}/raise-price`, { token: p.token, body: { offer_price: 20 } }))
        .body,
    ).toMatchObject({ code: 'RAISE_NEEDS_PENDING_TRIP' });
  });

  maybe('a passenger cancellation tells the driver why, on the trip topic', async () => {
    const p = await passenger(t.baseUrl);
    const d = await onlineDriver(t.baseUrl, t.app.database.db);
    const trip = await requestTrip(t.baseUrl, p.token);
    await api(t.baseUrl, 'POST', '/driver/trips/accept', { token: d.token, body: { trip_request_id: trip.id } });
    await api(t.baseUrl, 'POST', '/drivers/trips/accept', {
      token: p.token,
      body: { trip_id: trip.id, driver_id: d.id },
    });
    const driverMqtt = await connectMqtt(t.wsUrl, { userId: d.id, token: d.token });
    expect(await subscribeQos(driverMqtt, topics.tripStatus(trip.id))).toBe(0);
    const live = nextMessage(driverMqtt, topics.tripStatus(trip.id));
    await api(t.baseUrl, 'PUT', `/trips/${trip.id}/cancel`, {
      token: p.token,
      body: { reason: 'El conductor tarda mucho' },
    });
    expect(await live).toMatchObject({ status: 'cancelled_by_passenger', reason: 'El conductor tarda mucho' });
    driverMqtt.end(true);
  });
});
