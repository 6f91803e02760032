/**
 * Payments never fall through (Yape/Plin after the ride): a 'Ya pagué' made after the driver finished and
 * left the trip still reaches them — on their own notifications/{driver} topic, in GET /driver/pending-payments
 * until they answer, and by push (then reminded by the trip clock a few times at most) — and their earnings
 * count it as 'por confirmar', not as earned, until they confirm it. On PGlite and PostgreSQL, with a fake
 * clock and the decrypting push service.
 */
import {
  type DriverStats,
  type EarningsRecord,
  type EarningsSummary,
  type PendingPayment,
  topics,
} from '@jala/contracts';
import { formatSoles, PAYMENT_REMINDER_MINUTES } from '@jala/domain';
import { afterAll, beforeAll, expect } from 'vitest';

import { driveToStage, JOCKEY, KENNEDY, onlineDriver, requestTrip } from '../support/actors';
import { describeOnBackends } from '../support/backends';
import { api, registerUser } from '../support/http';
import { connectMqtt, nextMessageWhere, subscribeQos } from '../support/mqtt';
import { pushesSettled, subscribeDevice } from '../support/push-actors';
import { startPushService, type TestPushService } from '../support/push-service';
import type { TestApp } from '../support/test-app';

const WALLET = '987654321';
const MINUTE = 60_000;
let now = new Date('2026-07-01T15:00:00Z');
const later = (minutes: number) => {
  now = new Date(now.getTime() + minutes * MINUTE);
};

let service: TestPushService;
beforeAll(async () => {
  service = await startPushService();
});
afterAll(async () => service.close());

/** A driver who takes Yape and Plin on WALLET. */
async function walletDriver(t: TestApp) {
  const d = await onlineDriver(t.baseUrl, t.app.database.db);
  const saved = await api(t.baseUrl, 'PUT', '/driver/payment-methods', {
    token: d.token,
    body: { payment_methods: ['cash', 'yape', 'plin'], wallet_phone: WALLET },
  });
  expect(saved.status).toBe(200);
  return d;
}

/** A Yape (or Plin) trip at `price` from a passenger named `firstName`, offered, accepted, driven and completed by `d`. */
async function completedWalletTrip(
  t: TestApp,
  d: { id: number; token: string },
  price: number,
  firstName = 'Ana',
  method: 'yape' | 'plin' = 'yape',
) {
  const { token, user } = await registerUser(t.baseUrl, { first_name: firstName, user_type: 'passenger' });
  const p = { id: user.id, token };
  const trip = await requestTrip(t.baseUrl, p.token, { offer_price: price, payment_method: method });
  await api(t.baseUrl, 'POST', `/trips/${trip.id}/publish`, { token: p.token });
  // From the pickup: the driver's last position was where their previous trip ended.
  expect(
    (
      await api(t.baseUrl, 'POST', '/driver/trips/accept', {
        token: d.token,
        body: { trip_request_id: trip.id, ...KENNEDY },
      })
    ).status,
  ).toBe(201);
  expect(
    (
      await api(t.baseUrl, 'POST', '/drivers/trips/accept', {
        token: p.token,
        body: { trip_id: trip.id, driver_id: d.id },
      })
    ).status,
  ).toBe(200);
  await driveToStage(t.baseUrl, { passenger: p.token, driver: d.token }, trip.id, 'in_progress');
  const done = await api(t.baseUrl, 'POST', '/driver/trips/complete', {
    token: d.token,
    body: { trip_id: trip.id, final_latitude: JOCKEY.latitude, final_longitude: JOCKEY.longitude },
  });
  expect(done.status).toBe(200);
  return { p, tripId: trip.id };
}

const paid = (t: TestApp, token: string, tripId: number) =>
  api(t.baseUrl, 'POST', `/trips/${tripId}/payment/paid`, { token });
const pending = async (t: TestApp, token: string) => {
  const res = await api<PendingPayment[]>(t.baseUrl, 'GET', '/driver/pending-payments', { token });
  expect(res.status).toBe(200);
  return res.body.data;
};
const summary = async (t: TestApp, token: string) =>
  (await api<EarningsSummary>(t.baseUrl, 'GET', '/driver/earnings/summary', { token })).body.data;

describeOnBackends(
  'late payments on %s',
  ({ t, maybe }) => {
    maybe(
      "a 'Ya pagué' after the driver left the trip reaches them on their own topic and in their list until they answer",
      async () => {
        const d = await walletDriver(t);
        const other = await walletDriver(t);
        const { p, tripId } = await completedWalletTrip(t, d, 38, 'Ana');
        // The driver went back to the requests: their phone follows only their own topics, not the trip's.
        const driverMqtt = await connectMqtt(t.wsUrl, { userId: d.id, token: d.token });
        expect(await subscribeQos(driverMqtt, topics.notifications(d.id))).toBe(0);
        expect(await pending(t, d.token)).toEqual([]);

        const reported = nextMessageWhere(
          driverMqtt,
          topics.notifications(d.id),
          (m) => (m as { type?: string }).type === 'payment_changed',
        );
        expect((await paid(t, p.token, tripId)).status).toBe(200);
        const news = await reported;
        expect(news).toEqual({ type: 'payment_changed', trip_id: tripId, payment_status: 'reported' });

        const list = await pending(t, d.token);
        expect(list).toEqual([
          { trip_id: tripId, method: 'yape', amount: 38, passenger_first_name: 'Ana', reported_at: now.toISOString() },
        ]);
        // Never the wallet number; only that trip's driver; a passenger account cannot ask.
        expect(JSON.stringify(list)).not.toContain(WALLET);
        expect(JSON.stringify(news)).not.toContain(WALLET);
        expect(await pending(t, other.token)).toEqual([]);
        expect((await api(t.baseUrl, 'GET', '/driver/pending-payments', { token: p.token })).status).toBe(403);
        expect((await api(t.baseUrl, 'GET', '/driver/pending-payments')).status).toBe(401);

        // Answered (on any phone), it leaves the list and the driver's other phones hear so.
        const answered = nextMessageWhere(
          driverMqtt,
          topics.notifications(d.id),
          (m) => (m as { payment_status?: string }).payment_status === 'confirmed',
        );
        expect(
          (await api(t.baseUrl, 'POST', `/driver/trips/${tripId}/payment/received`, { token: d.token })).status,
        ).toBe(200);
        expect(await answered).toEqual({ type: 'payment_changed', trip_id: tripId, payment_status: 'confirmed' });
        expect(await pending(t, d.token)).toEqual([]);
        await driverMqtt.endAsync();
      },
    );

    maybe("several claims are listed oldest first, with each passenger's first name", async () => {
      const d = await walletDriver(t);
      const first = await completedWalletTrip(t, d, 16, 'María Fernanda de los Ángeles', 'plin');
      const second = await completedWalletTrip(t, d, 21.5, 'Luis');
      await paid(t, second.p.token, second.tripId);
      later(1);
      await paid(t, first.p.token, first.tripId);
      const list = await pending(t, d.token);
      expect(list.map((c) => [c.trip_id, c.passenger_first_name, c.amount, c.method])).toEqual([
        [second.tripId, 'Luis', 21.5, 'yape'],
        [first.tripId, 'María Fernanda de los Ángeles', 16, 'plin'],
      ]);
    });

    maybe(
      "earnings count a wallet payment once the driver confirms it: before, it is 'por confirmar'; a case is 'en revisión'",
      async () => {
        const d = await walletDriver(t);
        const claimed = await completedWalletTrip(t, d, 38, 'Ana');
        await completedWalletTrip(t, d, 12, 'Rosa'); // its passenger never says 'Ya pagué': unconfirmed all the same
        const disputed = await completedWalletTrip(t, d, 18, 'Gonzalo', 'plin');
        await paid(t, claimed.p.token, claimed.tripId);
        await paid(t, disputed.p.token, disputed.tripId);
        expect(
          (await api(t.baseUrl, 'POST', `/driver/trips/${disputed.tripId}/payment/not-received`, { token: d.token }))
            .status,
        ).toBe(200);

        const before = await summary(t, d.token);
        expect(before).toMatchObject({
          total_earnings: 0,
          total_trips: 3,
          today_earnings: 0,
          last_week_earnings: 0,
          by_method: { cash: 0, yape: 0, plin: 0 },
          unconfirmed: { earnings: 50, trips: 2 },
          in_review: { earnings: 18, trips: 1 },
        });
        const stats = (await api<DriverStats>(t.baseUrl, 'GET', '/driver/stats', { token: d.token })).body.data;
        expect(stats).toMatchObject({ today_earnings: 0, today_trips: 3 });

        expect(
          (await api(t.baseUrl, 'POST', `/driver/trips/${claimed.tripId}/payment/received`, { token: d.token })).status,
        ).toBe(200);
        const after = await summary(t, d.token);
        expect(after).toMatchObject({
          total_earnings: 38,
          total_trips: 3,
          today_earnings: 38,
          last_week_earnings: 38,
          by_method: { cash: 0, yape: 38, plin: 0 },
          unconfirmed: { earnings: 12, trips: 1 },
          in_review: { earnings: 18, trips: 1 },
        });
        // The dashboard's kept stats follow the confirmation (it bumps the driver's read versions).
        expect((await api<DriverStats>(t.baseUrl, 'GET', '/driver/stats', { token: d.token })).body.data).toMatchObject(
          { today_earnings: 38, today_trips: 3 },
        );
        const records = (await api<EarningsRecord[]>(t.baseUrl, 'GET', '/driver/earnings/records', { token: d.token }))
          .body.data;
        expect(records.at(-1)?.earnings).toBe(38);
      },
    );

    maybe(
      "'Ya pagué' is pushed to the driver after the trip ended, then reminded a few times at most while unanswered",
      async () => {
        const d = await walletDriver(t);
        const { p, tripId } = await completedWalletTrip(t, d, 38, 'Ana María');
        await pushesSettled(t.app);
        const device = await subscribeDevice(t.baseUrl, d.token, service);
        const claims = () => device.received.filter((payload) => payload.tag === `payment-${tripId}`);
        const tick = async () => {
          await t.app.services.trips.payments.remindUnanswered();
          await pushesSettled(t.app);
        };

        await paid(t, p.token, tripId);
        await pushesSettled(t.app);
        expect(claims()).toEqual([
          {
            kind: 'trip_updates',
            title: 'Ana dice que ya te pagó',
            body: `${formatSoles(38)} por Yape. Revisa tu Yape y toca para confirmar si lo recibiste.`,
            url: `/trips/${tripId}/receipt`,
            tag: `payment-${tripId}`,
            renotify: true,
          },
        ]);

        // Not before its time; once per reminder however often the clock turns; the next ones later.
        later(PAYMENT_REMINDER_MINUTES[0] - 1);
        await tick();
        expect(claims()).toHaveLength(1);
        later(1);
        await tick();
        await tick();
        expect(claims()).toHaveLength(2);
        expect(claims()[1]).toMatchObject({
          title: 'Confirma un pago pendiente',
          body: `Ana dice que ya te pagó ${formatSoles(38)} por Yape. Toca para confirmar si lo recibiste.`,
          url: `/trips/${tripId}/receipt`,
        });
        for (const minutes of PAYMENT_REMINDER_MINUTES.slice(1)) {
          now = new Date(Date.parse((await pending(t, d.token))[0]?.reported_at ?? '') + minutes * MINUTE);
          await tick();
        }
        expect(claims()).toHaveLength(1 + PAYMENT_REMINDER_MINUTES.length);
        later(24 * 60);
        await tick();
        expect(claims()).toHaveLength(1 + PAYMENT_REMINDER_MINUTES.length);
        expect(service.rejections).toEqual([]);
      },
    );

    maybe(
      'a clock that was stopped sends one reminder, not the backlog; an answered claim is never reminded',
      async () => {
        const d = await walletDriver(t);
        const late = await completedWalletTrip(t, d, 20, 'Luis');
        const answered = await completedWalletTrip(t, d, 25, 'Rosa');
        const device = await subscribeDevice(t.baseUrl, d.token, service);
        await paid(t, late.p.token, late.tripId);
        await paid(t, answered.p.token, answered.tripId);
        expect(
          (await api(t.baseUrl, 'POST', `/driver/trips/${answered.tripId}/payment/received`, { token: d.token }))
            .status,
        ).toBe(200);
        await pushesSettled(t.app);
        const count = (tripId: number) =>
          device.received.filter((payload) => payload.tag === `payment-${tripId}`).length;
        expect([count(late.tripId), count(answered.tripId)]).toEqual([1, 1]);

        later(Math.max(...PAYMENT_REMINDER_MINUTES) + 5);
        expect(await t.app.services.trips.payments.remindUnanswered()).toBeGreaterThanOrEqual(1);
        await t.app.services.trips.payments.remindUnanswered();
        await pushesSettled(t.app);
        expect([count(late.tripId), count(answered.tripId)]).toEqual([2, 1]);
      },
    );
  },
  { start: () => ({ app: { now: () => now }, config: { tripClockMs: 300_000, tokenTtlSeconds: 7 * 24 * 3600 } }) },
);
