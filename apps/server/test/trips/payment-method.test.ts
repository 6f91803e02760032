/**
 * Payment method, chosen before the ride: a driver who does not take the trip's method cannot
 * offer; the cash note must cover the price and the driver's change follows an accepted fare change; Yape
 * and Plin move through 'Ya pagué' / 'Pago recibido' / 'No recibí el pago' (a case an operator resolves,
 * audited); the driver's number reaches only that trip's passenger after the accept — over HTTP and never
 * in an MQTT payload; earnings are split by method.
 */
import {
  type AuditEntry,
  type DriverTrip,
  type PassengerTrip,
  type PaymentCase,
  topics,
  type TripReceipt,
} from '@jala/contracts';
import { createUser } from '@jala/test-factories/database';
import { expect } from 'vitest';

import { driveToStage, JOCKEY, login, onlineDriver, passenger, requestTrip, tripPayload } from '../support/actors';
import { describeOnBackends } from '../support/backends';
import { api } from '../support/http';
import { connectMqtt, nextMessage, nextMessageWhere, subscribeQos } from '../support/mqtt';
import type { TestApp } from '../support/test-app';

const WALLET = '987654321';

/** A fresh online driver who accepts `methods` (Yape/Plin on WALLET). */
async function driverAccepting(t: TestApp, methods: string[]) {
  const d = await onlineDriver(t.baseUrl, t.app.database.db);
  const saved = await api(t.baseUrl, 'PUT', '/driver/payment-methods', {
    token: d.token,
    body: { payment_methods: methods, wallet_phone: WALLET },
  });
  expect(saved.status).toBe(200);
  return d;
}

const offer = (t: TestApp, token: string, tripId: number) =>
  api(t.baseUrl, 'POST', '/driver/trips/accept', { token, body: { trip_request_id: tripId } });

/** A published trip with `overrides`, offered on by `d` and accepted by its passenger. */
async function acceptedTrip(t: TestApp, d: { id: number; token: string }, overrides: Record<string, unknown>) {
  const p = await passenger(t.baseUrl);
  const trip = await requestTrip(t.baseUrl, p.token, overrides);
  await api(t.baseUrl, 'POST', `/trips/${trip.id}/publish`, { token: p.token });
  expect((await offer(t, d.token, trip.id)).status).toBe(201);
  expect(
    (
      await api(t.baseUrl, 'POST', '/drivers/trips/accept', {
        token: p.token,
        body: { trip_id: trip.id, driver_id: d.id },
      })
    ).status,
  ).toBe(200);
  return { p, tripId: trip.id };
}

const complete = (t: TestApp, token: string, tripId: number) =>
  api(t.baseUrl, 'POST', '/driver/trips/complete', {
    token,
    body: { trip_id: tripId, final_latitude: JOCKEY.latitude, final_longitude: JOCKEY.longitude },
  });

describeOnBackends('payment method on %s', ({ t, maybe }) => {
  maybe(
    'a driver who does not take Yape sees the method and cannot offer (409, Spanish); old payloads still mean cash',
    async () => {
      const p = await passenger(t.baseUrl);
      const cashOnly = await onlineDriver(t.baseUrl, t.app.database.db);
      const settings = await api<{ payment_methods: string[] }>(t.baseUrl, 'GET', '/driver/payment-methods', {
        token: cashOnly.token,
      });
      expect(settings.body.data).toEqual({ payment_methods: ['cash'], wallet_phone: null });

      const yapeTrip = await requestTrip(t.baseUrl, p.token, { offer_price: 15, payment_method: 'yape' });
      const feed = await api<{ id: number; payment_method: string }[]>(t.baseUrl, 'GET', '/driver/trip-requests', {
        token: cashOnly.token,
      });
      expect(feed.body.data.find((r) => r.id === yapeTrip.id)).toMatchObject({
        payment_method: 'yape',
        cash_note: null,
      });
      const refused = await offer(t, cashOnly.token, yapeTrip.id);
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({ code: 'PAYMENT_METHOD_NOT_ACCEPTED', message: 'No aceptas Yape' });

      const plinOnly = await driverAccepting(t, ['plin']);
      expect((await offer(t, plinOnly.token, yapeTrip.id)).body).toMatchObject({ message: 'No aceptas Yape' });
      const yape = await driverAccepting(t, ['cash', 'yape']);
      expect((await offer(t, yape.token, yapeTrip.id)).status).toBe(201);
      expect((await api(t.baseUrl, 'PUT', `/trips/${yapeTrip.id}/cancel`, { token: p.token, body: {} })).status).toBe(
        200,
      );

      // A payload from before the issue is a cash trip, exact.
      const old = await requestTrip(t.baseUrl, p.token);
      const active = await api<PassengerTrip>(t.baseUrl, 'GET', '/trips/active', { token: p.token });
      expect(active.body.data).toMatchObject({ id: old.id, payment: { method: 'cash', cash_note: null, payee: null } });
      expect((await offer(t, cashOnly.token, old.id)).status).toBe(201);
    },
  );

  maybe('settings: Yape/Plin need a valid number; bad input is a 400 under its field', async () => {
    const d = await onlineDriver(t.baseUrl, t.app.database.db);
    const put = (body: unknown) => api(t.baseUrl, 'PUT', '/driver/payment-methods', { token: d.token, body });
    expect((await put({ payment_methods: ['yape'] })).body).toMatchObject({
      fields: { wallet_phone: expect.stringContaining('Yape o Plin') },
    });
    expect((await put({ payment_methods: ['yape'], wallet_phone: '12345' })).status).toBe(400);
    expect((await put({ payment_methods: [] })).body).toMatchObject({
      fields: { payment_methods: 'Elige al menos un método de pago.' },
    });
    expect((await put({ payment_methods: ['tarjeta'] })).status).toBe(400);
    const ok = await put({ payment_methods: ['yape', 'plin'], wallet_phone: '987 654 321' });
    expect(ok.body).toMatchObject({ data: { payment_methods: ['yape', 'plin'], wallet_phone: WALLET } });
    const p = await passenger(t.baseUrl);
    expect(
      (await api(t.baseUrl, 'PUT', '/driver/payment-methods', { token: p.token, body: { payment_methods: ['cash'] } }))
        .status,
    ).toBe(403);
  });

  maybe(
    'a cash note smaller than the price is refused; the change follows an accepted fare change and says when it falls short',
    async () => {
      const p = await passenger(t.baseUrl);
      const small = await api(t.baseUrl, 'POST', '/trips', {
        token: p.token,
        body: { ...tripPayload(), offer_price: 14.5, cash_note: 10 },
      });
      expect(small.status).toBe(400);
      expect(small.body).toMatchObject({
        fields: { cash_note: 'Con S/\u00a010 no alcanza para S/\u00a014.50. Elige un billete mayor o monto exacto.' },
      });
      expect(
        (await api(t.baseUrl, 'POST', '/trips', { token: p.token, body: { ...tripPayload(), cash_note: 30 } })).status,
      ).toBe(400);
      expect(
        (
          await api(t.baseUrl, 'POST', '/trips', {
            token: p.token,
            body: { ...tripPayload(), payment_method: 'yape', cash_note: 20 },
          })
        ).status,
      ).toBe(400);
      // Without a price of their own the server checks the note against its estimate.
      const noPrice = await api<{ estimated_fare: number }>(t.baseUrl, 'POST', '/trips', {
        token: p.token,
        body: { ...tripPayload(), cash_note: 10 },
      });
      expect(noPrice.status).toBe(400);

      const d = await onlineDriver(t.baseUrl, t.app.database.db);
      const { p: rider, tripId } = await acceptedTrip(t, d, { offer_price: 14.5, cash_note: 20 });
      const request = await api<DriverTrip>(t.baseUrl, 'GET', '/driver/trips/current', { token: d.token });
      expect(request.body.data.payment).toMatchObject({
        method: 'cash',
        cash_note: 20,
        cash_change: { kind: 'change', change: 5.5, text: 'Pagará con S/\u00a020 · lleva S/\u00a05.50 de vuelto' },
      });
      await driveToStage(t.baseUrl, { passenger: rider.token, driver: d.token }, tripId, 'in_progress');

      const asked = await api<{ id: number }>(t.baseUrl, 'POST', `/driver/trips/${tripId}/fare-adjustments`, {
        token: d.token,
        body: { amount: 3, reason: 'tolls' },
      });
      expect(asked.status).toBe(201);
      // Pending: the change stays on the agreed price.
      expect(
        (await api<DriverTrip>(t.baseUrl, 'GET', '/driver/trips/current', { token: d.token })).body.data.payment
          ?.cash_change?.change,
      ).toBe(5.5);
      await api(t.baseUrl, 'PUT', `/trips/${tripId}/fare-adjustment`, { token: rider.token, body: { accept: true } });
      const after = await api<DriverTrip>(t.baseUrl, 'GET', '/driver/trips/current', { token: d.token });
      expect(after.body.data.payment?.cash_change).toEqual({
        kind: 'change',
        change: 2.5,
        short: null,
        text: 'Pagará con S/\u00a020 · lleva S/\u00a02.50 de vuelto',
      });

      expect(
        (
          await api(t.baseUrl, 'POST', `/driver/trips/${tripId}/fare-adjustments`, {
            token: d.token,
            body: { amount: 4, reason: 'waiting_time' },
          })
        ).status,
      ).toBe(201);
      await api(t.baseUrl, 'PUT', `/trips/${tripId}/fare-adjustment`, { token: rider.token, body: { accept: true } });
      const short = await api<DriverTrip>(t.baseUrl, 'GET', '/driver/trips/current', { token: d.token });
      expect(short.body.data.payment?.cash_change).toEqual({
        kind: 'short',
        change: null,
        short: 1.5,
        text: 'Pagará con S/\u00a020 · no alcanza: faltan S/\u00a01.50',
      });

      expect((await complete(t, d.token, tripId)).status).toBe(200);
      const receipt = await api<TripReceipt>(t.baseUrl, 'GET', `/trips/${tripId}/receipt`, { token: rider.token });
      expect(receipt.body.data).toMatchObject({
        total: 21.5,
        payment_method: 'Efectivo',
        payment_text: 'Efectivo · pagó con S/\u00a020',
        payment: { status: null, payee: null },
      });
      // Cash has no after-ride confirmation.
      expect(
        (await api(t.baseUrl, 'POST', `/trips/${tripId}/payment/paid`, { token: rider.token })).body,
      ).toMatchObject({ code: 'PAYMENT_NOT_OPEN' });
    },
  );

  maybe('raising the price above the cash note is refused', async () => {
    const p = await passenger(t.baseUrl);
    const trip = await requestTrip(t.baseUrl, p.token, { offer_price: 15, cash_note: 20 });
    const raised = await api(t.baseUrl, 'POST', `/trips/${trip.id}/raise-price`, {
      token: p.token,
      body: { offer_price: 22 },
    });
    expect(raised.status).toBe(400);
    expect(raised.body).toMatchObject({ fields: { offer_price: expect.stringContaining('no alcanza') } });
    expect(
      (await api(t.baseUrl, 'POST', `/trips/${trip.id}/raise-price`, { token: p.token, body: { offer_price: 18 } }))
        .status,
    ).toBe(200);
  });

  maybe(
    "the Yape number reaches only that trip's passenger, after the accept; never strangers, other drivers nor MQTT",
    async () => {
      const d = await driverAccepting(t, ['yape']);
      const other = await driverAccepting(t, ['yape']);
      const stranger = await login(t.baseUrl, (await createUser(t.app.database.db)).email);
      const p = await passenger(t.baseUrl);
      const trip = await requestTrip(t.baseUrl, p.token, { offer_price: 16, payment_method: 'yape' });
      await api(t.baseUrl, 'POST', `/trips/${trip.id}/publish`, { token: p.token });
      expect((await offer(t, d.token, trip.id)).status).toBe(201);
      expect((await offer(t, other.token, trip.id)).status).toBe(201);
      // Before the accept: no number anywhere.
      const pending = await api<PassengerTrip>(t.baseUrl, 'GET', '/trips/active', { token: p.token });
      expect(pending.body.data.payment).toMatchObject({ method: 'yape', payee: null });
      const offers = await api(t.baseUrl, 'GET', `/trips/${trip.id}/driver-offers`, { token: p.token });
      expect(JSON.stringify(offers.body)).not.toContain(WALLET);

      const passengerMqtt = await connectMqtt(t.wsUrl, { userId: p.id, token: p.token });
      const driverMqtt = await connectMqtt(t.wsUrl, { userId: d.id, token: d.token });
      expect(await subscribeQos(passengerMqtt, topics.tripStatus(trip.id))).toBe(0);
      expect(await subscribeQos(driverMqtt, topics.tripStatus(trip.id))).toBe(0);
      const acceptedLive = nextMessage(passengerMqtt, topics.tripStatus(trip.id));
      expect(
        (
          await api(t.baseUrl, 'POST', '/drivers/trips/accept', {
            token: p.token,
            body: { trip_id: trip.id, driver_id: d.id },
          })
        ).status,
      ).toBe(200);
      expect(JSON.stringify(await acceptedLive)).not.toContain(WALLET);

      const active = await api<PassengerTrip>(t.baseUrl, 'GET', '/trips/active', { token: p.token });
      expect(active.body.data.payment).toMatchObject({
        method: 'yape',
        status: null,
        payee: { name: d.name, phone: WALLET },
      });
      const driverView = await api<DriverTrip>(t.baseUrl, 'GET', '/driver/trips/current', { token: d.token });
      expect(driverView.body.data.payment).toMatchObject({ method: 'yape', payee: null });
      for (const outsider of [other.token, stranger.token]) {
        for (const path of [
          `/trips/${trip.id}/receipt`,
          `/trips/${trip.id}/driver-offers`,
          '/trips/active',
          '/driver/trips/current',
          '/driver/trip-requests',
        ]) {
          const res = await api(t.baseUrl, 'GET', path, { token: outsider });
          expect(JSON.stringify(res.body), path).not.toContain(WALLET);
        }
      }

      await driveToStage(t.baseUrl, { passenger: p.token, driver: d.token }, trip.id, 'in_progress');
      const completedLive = nextMessageWhere(
        passengerMqtt,
        topics.tripStatus(trip.id),
        (m) => (m as { status?: string }).status === 'completed',
      );
      expect((await complete(t, d.token, trip.id)).status).toBe(200);
      expect(JSON.stringify(await completedLive)).not.toContain(WALLET);
      const passengerReceipt = await api<TripReceipt>(t.baseUrl, 'GET', `/trips/${trip.id}/receipt`, {
        token: p.token,
      });
      expect(passengerReceipt.body.data.payment).toMatchObject({ status: 'pending', payee: { phone: WALLET } });
      const driverReceipt = await api<TripReceipt>(t.baseUrl, 'GET', `/trips/${trip.id}/receipt`, { token: d.token });
      expect(driverReceipt.body.data.payment?.payee).toBeNull();
      expect((await api(t.baseUrl, 'GET', `/trips/${trip.id}/receipt`, { token: other.token })).status).toBe(404);

      // 'Ya pagué' reaches the driver live, without the number.
      const paidLive = nextMessageWhere(
        driverMqtt,
        topics.tripStatus(trip.id),
        (m) => (m as { payment_status?: string }).payment_status === 'reported',
      );
      expect((await api(t.baseUrl, 'POST', `/trips/${trip.id}/payment/paid`, { token: p.token })).body).toMatchObject({
        data: { status: 'reported' },
      });
      expect(JSON.stringify(await paidLive)).not.toContain(WALLET);
      passengerMqtt.end(true);
      driverMqtt.end(true);
    },
  );

  maybe("Yape: 'Ya pagué' then 'Pago recibido'; the receipt says confirmed; nobody else can answer", async () => {
    const d = await driverAccepting(t, ['yape', 'plin']);
    const other = await driverAccepting(t, ['yape']);
    const { p, tripId } = await acceptedTrip(t, d, { offer_price: 16, payment_method: 'yape' });
    expect((await api(t.baseUrl, 'POST', `/trips/${tripId}/payment/paid`, { token: p.token })).body).toMatchObject({
      code: 'PAYMENT_NOT_OPEN',
    });
    await driveToStage(t.baseUrl, { passenger: p.token, driver: d.token }, tripId, 'in_progress');
    await complete(t, d.token, tripId);
    const pendingReceipt = await api<TripReceipt>(t.baseUrl, 'GET', `/trips/${tripId}/receipt`, { token: p.token });
    expect(pendingReceipt.body.data).toMatchObject({
      payment_method: 'Yape',
      payment_text: 'Yape · pendiente de confirmación',
    });

    expect((await api(t.baseUrl, 'POST', `/trips/${tripId}/payment/paid`, { token: other.token })).status).toBe(403);
    expect(
      (await api(t.baseUrl, 'POST', `/driver/trips/${tripId}/payment/received`, { token: other.token })).status,
    ).toBe(404);
    expect((await api(t.baseUrl, 'POST', `/driver/trips/${tripId}/payment/received`, { token: p.token })).status).toBe(
      403,
    );
    expect((await api(t.baseUrl, 'POST', `/trips/${tripId}/payment/paid`, { token: p.token })).body).toMatchObject({
      data: { status: 'reported', method: 'yape' },
    });
    expect((await api(t.baseUrl, 'POST', `/trips/${tripId}/payment/paid`, { token: p.token })).body).toMatchObject({
      code: 'PAYMENT_NOT_OPEN',
    });
    expect(
      (await api(t.baseUrl, 'POST', `/driver/trips/${tripId}/payment/received`, { token: d.token })).body,
    ).toMatchObject({ data: { status: 'confirmed' } });
    expect(
      (await api(t.baseUrl, 'POST', `/driver/trips/${tripId}/payment/not-received`, { token: d.token })).body,
    ).toMatchObject({ code: 'PAYMENT_NOT_OPEN' });
    const receipt = await api<TripReceipt>(t.baseUrl, 'GET', `/trips/${tripId}/receipt`, { token: d.token });
    expect(receipt.body.data.payment_text).toBe('Pagado con Yape · confirmado por el conductor');
    const pdf = await fetch(`${t.baseUrl}/trips/${tripId}/receipt.pdf`, {
      headers: { authorization: `Bearer ${p.token}` },
    });
    expect(pdf.status).toBe(200);

    const summary = await api<{ by_method: Record<string, number> }>(t.baseUrl, 'GET', '/driver/earnings/summary', {
      token: d.token,
    });
    expect(summary.body.data.by_method).toEqual({ cash: 0, yape: 16, plin: 0 });
  });

  maybe("Plin: 'No recibí el pago' opens a case an operator resolves; the resolution is audited", async () => {
    const d = await driverAccepting(t, ['plin']);
    const { p, tripId } = await acceptedTrip(t, d, { offer_price: 18, payment_method: 'plin' });
    await driveToStage(t.baseUrl, { passenger: p.token, driver: d.token }, tripId, 'in_progress');
    await complete(t, d.token, tripId);
    await api(t.baseUrl, 'POST', `/trips/${tripId}/payment/paid`, { token: p.token });
    const opened = await api<{ status: string; case_id: number }>(
      t.baseUrl,
      'POST',
      `/driver/trips/${tripId}/payment/not-received`,
      { token: d.token },
    );
    expect(opened.body.data).toMatchObject({ status: 'disputed' });
    const caseId = opened.body.data.case_id;
    expect(
      (await api<TripReceipt>(t.baseUrl, 'GET', `/trips/${tripId}/receipt`, { token: p.token })).body.data.payment_text,
    ).toBe('Plin · pago en revisión por Jala');

    const operator = await login(t.baseUrl, (await createUser(t.app.database.db, { isAdmin: true })).email);
    const open = await api<PaymentCase[]>(t.baseUrl, 'GET', '/admin/payment-cases', { token: operator.token });
    expect(open.body.data.find((c) => c.id === caseId)).toMatchObject({
      trip_id: tripId,
      method: 'plin',
      amount: 18,
      status: 'open',
      driver: { id: d.id },
      passenger: { id: p.id },
      reported_paid_at: expect.any(String),
    });
    expect((await api(t.baseUrl, 'GET', '/admin/payment-cases', { token: d.token })).status).toBe(403);
    expect(
      (
        await api(t.baseUrl, 'POST', `/admin/payment-cases/${caseId}/resolve`, {
          token: operator.token,
          body: { outcome: 'maybe', note: 'x' },
        })
      ).status,
    ).toBe(400);
    const resolved = await api(t.baseUrl, 'POST', `/admin/payment-cases/${caseId}/resolve`, {
      token: operator.token,
      body: { outcome: 'paid', note: 'El pasajero mostró la constancia de Plin' },
    });
    expect(resolved.status).toBe(200);
    expect(
      (
        await api(t.baseUrl, 'POST', `/admin/payment-cases/${caseId}/resolve`, {
          token: operator.token,
          body: { outcome: 'unpaid', note: 'otra vez' },
        })
      ).body,
    ).toMatchObject({ code: 'PAYMENT_CASE_ALREADY_RESOLVED' });
    expect(
      (
        await api(t.baseUrl, 'POST', '/admin/payment-cases/2147483000/resolve', {
          token: operator.token,
          body: { outcome: 'paid', note: 'nada' },
        })
      ).status,
    ).toBe(404);
    const done = await api<PaymentCase[]>(t.baseUrl, 'GET', '/admin/payment-cases?state=resolved', {
      token: operator.token,
    });
    expect(done.body.data.find((c) => c.id === caseId)).toMatchObject({
      status: 'resolved',
      outcome: 'paid',
      resolution_note: 'El pasajero mostró la constancia de Plin',
    });
    expect(
      (await api<TripReceipt>(t.baseUrl, 'GET', `/trips/${tripId}/receipt`, { token: p.token })).body.data.payment_text,
    ).toBe('Pagado con Plin · confirmado por Jala');
    const audit = await api<AuditEntry[]>(t.baseUrl, 'GET', '/admin/audit-log', { token: operator.token });
    expect(audit.body.data.find((e) => e.action === 'payment_case.resolve' && e.target_id === caseId)).toMatchObject({
      target_type: 'payment_case',
      before: { status: 'open' },
      after: { status: 'resolved', outcome: 'paid' },
    });
  });
});
