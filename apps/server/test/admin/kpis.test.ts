/**
 * 'Indicadores' (GET /admin/kpis): trips played through the HTTP API into known states — completed with an
 * SOS, cancelled by the passenger with no offer, a passenger no-show, an offer never accepted, a request in
 * Callao nobody answered, a booking cancelled, a booking its driver gave back — then pinned to one Lima day
 * with known waits, and every figure checked exactly, for the whole city and for Miraflores. Bad periods are
 * 400 in Spanish, a passenger gets 403.
 */
import type { Kpis } from '@jala/contracts';
import { type Database, schema, sql } from '@jala/db';
import { createUser } from '@jala/test-factories/database';
import { expect } from 'vitest';

import { driveToStage, KENNEDY, login, onlineDriver, passenger, requestTrip } from '../support/actors';
import { describeOnBackends } from '../support/backends';
import { api } from '../support/http';

/** The Lima day every trip is moved to: 2026-03-10 starts at 05:00 UTC. */
const DAY = '2026-03-10';
const dayAt = (utc: string) => new Date(`${DAY}T${utc}Z`);
const CALLAO = { latitude: -12.0566, longitude: -77.1181 };
const ASKED = { offer_price: 20 };

/** Moves a trip (and its offers) to `created`, its first offer `offerAfter` s and its acceptance `acceptAfter` s later. */
async function pin(db: Database, tripId: number, created: Date, offerAfter?: number, acceptAfter?: number) {
  const plus = (seconds: number) => new Date(created.getTime() + seconds * 1000).toISOString();
  await db.execute(sql`update trips set created_at = ${created.toISOString()}::timestamptz,
      published_at = case when published_at is null then null else ${created.toISOString()}::timestamptz end,
      accepted_at = case when accepted_at is null then null else ${plus(acceptAfter ?? 0)}::timestamptz end,
      first_offer_at = case when first_offer_at is null then null else ${plus(offerAfter ?? 0)}::timestamptz end
    where id = ${tripId}`);
  if (offerAfter !== undefined)
    await db.execute(
      sql`update trip_offers set created_at = ${plus(offerAfter)}::timestamptz where trip_id = ${tripId}`,
    );
}

describeOnBackends('Indicadores for operators on %s', ({ t, maybe, whenStarted }) => {
  let operator = '';
  let estimate = 0;
  /** Trip D (an offer never taken) and its passenger's token, for the stored-day test. */
  let untaken = { tripId: 0, token: '' };
  whenStarted(async () => {
    const db = t.app.database.db;
    const user = await createUser(db, { isAdmin: true });
    operator = (await login(t.baseUrl, user.email)).token;
    const post = async (path: string, token: string, body: unknown, status: number) => {
      const res = await api(t.baseUrl, 'POST', path, { token, body });
      if (res.status !== status) throw new Error(`${path} ${res.status} ${JSON.stringify(res.body)}`);
    };
    const offer = (token: string, tripId: number, price?: number) =>
      post('/driver/trips/accept', token, { trip_request_id: tripId, ...(price ? { price } : {}) }, 201);
    const choose = (token: string, tripId: number, driverId: number) =>
      post('/drivers/trips/accept', token, { trip_id: tripId, driver_id: driverId }, 200);
    const cancelAsPassenger = async (token: string, tripId: number) => {
      const res = await api(t.baseUrl, 'PUT', `/trips/${tripId}/cancel`, {
        token,
        body: { reason: 'passenger_request' },
      });
      if (res.status !== 200) throw new Error(`cancel ${res.status} ${JSON.stringify(res.body)}`);
    };

    // A: completed at S/ 22 (asked 20), an SOS on the way, a payment case opened.
    const pA = await passenger(t.baseUrl);
    const dA = await onlineDriver(t.baseUrl, db);
    const a = await requestTrip(t.baseUrl, pA.token, ASKED);
    estimate = a.estimated_fare;
    await offer(dA.token, a.id, 22);
    await choose(pA.token, a.id, dA.id);
    await driveToStage(t.baseUrl, { passenger: pA.token, driver: dA.token }, a.id, 'in_progress');
    await post('/safety/sos', pA.token, { latitude: KENNEDY.latitude, longitude: KENNEDY.longitude }, 201);
    await post(
      '/driver/trips/complete',
      dA.token,
      { trip_id: a.id, final_latitude: KENNEDY.latitude, final_longitude: KENNEDY.longitude },
      200,
    );
    await db.insert(schema.paymentCases).values({
      tripId: a.id,
      driverId: dA.id,
      passengerId: pA.id,
      method: 'yape',
      amountCents: 2200,
      openedAt: new Date(),
    });
    await pin(db, a.id, dayAt('14:00:00'), 30, 120);

    // B: nobody offered; the passenger cancelled.
    const pB = await passenger(t.baseUrl);
    const b = await requestTrip(t.baseUrl, pB.token, ASKED);
    await cancelAsPassenger(pB.token, b.id);
    await pin(db, b.id, dayAt('14:05:00'));

    // C: the driver arrived and cancelled (the passenger did not show up).
    const pC = await passenger(t.baseUrl);
    const dC = await onlineDriver(t.baseUrl, db);
    const c = await requestTrip(t.baseUrl, pC.token, ASKED);
    await offer(dC.token, c.id);
    await choose(pC.token, c.id, dC.id);
    await driveToStage(t.baseUrl, { passenger: pC.token, driver: dC.token }, c.id, 'arrived');
    const cancelled = await api(t.baseUrl, 'PUT', `/driver/trips/${c.id}/status`, {
      token: dC.token,
      body: { status: 'cancelled_by_driver' },
    });
    expect(cancelled.status).toBe(200);
    await pin(db, c.id, dayAt('14:10:00'), 90, 200);

    // D: an offer the passenger never took.
    const pD = await passenger(t.baseUrl);
    const dD = await onlineDriver(t.baseUrl, db);
    const d = await requestTrip(t.baseUrl, pD.token, ASKED);
    await offer(dD.token, d.id);
    await pin(db, d.id, dayAt('14:15:00'), 60);
    untaken = { tripId: d.id, token: pD.token };

    // E: a request in Bellavista (Callao) nobody answered (still pending).
    const pE = await passenger(t.baseUrl);
    const e = await requestTrip(t.baseUrl, pE.token, {
      ...ASKED,
      pickup_latitude: CALLAO.latitude,
      pickup_longitude: CALLAO.longitude,
      pickup_address: 'Av. Guardia Chalaca, Bellavista',
    });
    await pin(db, e.id, dayAt('14:20:00'));

    // F and G: bookings two hours ahead; F cancelled by its passenger, G given back by its driver.
    const pickup = new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000 + 2 * 3_600_000).toISOString();
    const pF = await passenger(t.baseUrl);
    const f = await requestTrip(t.baseUrl, pF.token, { ...ASKED, scheduled_for: pickup });
    await cancelAsPassenger(pF.token, f.id);
    await pin(db, f.id, dayAt('14:25:00'));
    const pG = await passenger(t.baseUrl);
    const dG = await onlineDriver(t.baseUrl, db);
    const g = await requestTrip(t.baseUrl, pG.token, { ...ASKED, scheduled_for: pickup });
    await offer(dG.token, g.id);
    await choose(pG.token, g.id, dG.id);
    await post(`/driver/scheduled-trips/${g.id}/cancel`, dG.token, {}, 200);
    await pin(db, g.id, dayAt('14:30:00'), 45);

    // Online history: 10:15–12:30 and 11:05–11:20 Lima, and 23:30 the day before to 00:30.
    const log = (driverId: number, status: 'online' | 'offline', utc: Date) =>
      db.insert(schema.driverStatusLog).values({ driverId, status, changedAt: utc });
    await log(dA.id, 'online', dayAt('15:15:00'));
    await log(dA.id, 'offline', dayAt('17:30:00'));
    await log(dC.id, 'online', dayAt('16:05:00'));
    await log(dC.id, 'offline', dayAt('16:20:00'));
    await log(dD.id, 'online', new Date('2026-03-10T04:30:00Z'));
    await log(dD.id, 'offline', dayAt('05:30:00'));
  });

  const kpis = (query: string, token = operator) => api<Kpis>(t.baseUrl, 'GET', `/admin/kpis?${query}`, { token });

  maybe('counts every figure of the day for the whole city', async () => {
    const res = await kpis(`from=${DAY}&to=${DAY}`);
    expect(res.status).toBe(200);
    const k = res.body.data;
    expect(k.period).toEqual({ from: DAY, to: DAY, days: 1, district: null });
    expect(k.districts).toContain('Miraflores');
    expect(k.districts).toContain('Callao');
    expect(k.requests).toEqual({ total: 7, with_offer: 4, accepted: 2, completed: 1 });
    expect(k.waits).toEqual({
      first_offer_median: 60,
      first_offer_p90: 84,
      acceptance_median: 160,
      acceptance_p90: 192,
    });
    expect(k.cancellations).toEqual([
      { side: 'passenger', reason: 'passenger_request', trips: 2 },
      { side: 'driver', reason: 'driver_request', trips: 1 },
    ]);
    expect(k.no_shows).toEqual({ passenger: 1, driver: 0 });
    expect(k.bookings).toEqual({
      total: 2,
      completed: 0,
      cancelled_by_passenger: 1,
      cancelled_by_driver: 0,
      cancelled_by_system: 0,
      open: 1,
      driver_releases: 1,
    });
    expect(k.prices).toEqual({
      agreed_trips: 2,
      agreed_vs_asked: 1.05,
      agreed_vs_estimated: Math.round((21 / estimate) * 1000) / 1000,
      agreed_median: 21,
    });
    expect(k.payment_methods).toEqual([{ method: 'cash', trips: 1, amount: 22 }]);
    expect(k.payment_cases).toEqual({ open: 1, resolved_paid: 0, resolved_unpaid: 0 });
    const online = Object.fromEntries(k.drivers_online.filter((h) => h.peak > 0).map((h) => [h.hour, h]));
    expect(k.drivers_online).toHaveLength(24);
    expect(online).toEqual({
      0: { hour: 0, average: 1, peak: 1 },
      10: { hour: 10, average: 1, peak: 1 },
      11: { hour: 11, average: 2, peak: 2 },
      12: { hour: 12, average: 1, peak: 1 },
    });
    expect(k.active_passengers).toBe(7);
    expect(k.active_drivers).toBe(1);
    expect(k.sos).toEqual({ total: 1, resolved: 0 });
    // Kennedy (B and booking F) and Callao (E), each as the centre of its ~1 km cell.
    const cell = (p: { latitude: number; longitude: number }) => ({
      latitude: Math.round((Math.floor(p.latitude / 0.009) + 0.5) * 0.009 * 10_000) / 10_000,
      longitude: Math.round((Math.floor(p.longitude / 0.009) + 0.5) * 0.009 * 10_000) / 10_000,
    });
    expect(k.unmatched_cells).toEqual([
      { ...cell(KENNEDY), requests: 2 },
      { ...cell(CALLAO), requests: 1 },
    ]);
  });

  maybe('narrows to one district, and to the days asked', async () => {
    const miraflores = (await kpis(`from=${DAY}&to=${DAY}&district=Miraflores`)).body.data;
    expect(miraflores.period.district).toBe('Miraflores');
    expect(miraflores.requests).toEqual({ total: 6, with_offer: 4, accepted: 2, completed: 1 });
    expect(miraflores.active_passengers).toBe(6);
    expect(miraflores.unmatched_cells.map((c) => c.requests)).toEqual([2]);
    const bellavista = (await kpis(`from=${DAY}&to=${DAY}&district=Bellavista`)).body.data;
    expect(bellavista.requests).toEqual({ total: 1, with_offer: 0, accepted: 0, completed: 0 });
    const week = (await kpis(`from=2026-03-04&to=${DAY}`)).body.data;
    expect(week.period.days).toBe(7);
    expect(week.requests.total).toBe(7);
    // Averaged over the week's 7 days: 2 drivers in one hour of one day is 0.3 a day.
    expect(week.drivers_online[11]).toEqual({ hour: 11, average: 0.3, peak: 2 });
    const nextDay = (await kpis('from=2026-03-11&to=2026-03-11')).body.data;
    expect(nextDay.requests).toEqual({ total: 0, with_offer: 0, accepted: 0, completed: 0 });
    expect(nextDay.waits.first_offer_median).toBeNull();
    expect(nextDay.prices.agreed_vs_asked).toBeNull();
    expect(nextDay.unmatched_cells).toEqual([]);
  });

  maybe('refuses a bad period or district in Spanish, and anyone but an operator', async () => {
    const order = await kpis('from=2026-03-10&to=2026-03-01');
    expect(order.status).toBe(400);
    expect(order.body.message).toMatch(/no puede ser anterior/);
    const tooLong = await kpis('from=2025-01-01&to=2026-01-02');
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.message).toMatch(/como máximo 366 días/);
    expect((await kpis('from=2025-01-01&to=2026-01-01')).status).toBe(200);
    const badDate = await kpis('from=2026-02-30&to=2026-03-01');
    expect(badDate.status).toBe(400);
    expect(badDate.body.message).toMatch(/fecha válida/);
    expect((await kpis('to=2026-03-01')).status).toBe(400);
    const district = await kpis(`from=${DAY}&to=${DAY}&district=Narnia`);
    expect(district.status).toBe(400);
    expect(district.body.message).toBe('Elige un distrito de la lista.');
    const someone = await passenger(t.baseUrl);
    const forbidden = await kpis(`from=${DAY}&to=${DAY}`, someone.token);
    expect(forbidden.status).toBe(403);
    expect((await api(t.baseUrl, 'GET', `/admin/kpis?from=${DAY}&to=${DAY}`)).status).toBe(401);
  });

  maybe('keeps a day that is over, and counts it again once something of it changes', async () => {
    const db = t.app.database.db;
    const storedDay = async () =>
      (
        await db
          .select()
          .from(schema.kpiDayRollups)
          .where(sql`day = ${DAY}`)
      ).map((r) => r.day);
    const before = (await kpis(`from=${DAY}&to=${DAY}`)).body.data;
    expect(await storedDay()).toEqual([DAY]);
    // Read again from storage: the same answer.
    expect((await kpis(`from=${DAY}&to=${DAY}`)).body.data).toEqual(before);

    // The passenger of D cancels it now: the day's row is forgotten and the next read counts the cancellation.
    const cancel = await api(t.baseUrl, 'PUT', `/trips/${untaken.tripId}/cancel`, {
      token: untaken.token,
      body: { reason: 'passenger_request' },
    });
    expect(cancel.status).toBe(200);
    expect(await storedDay()).toEqual([]);
    const after = (await kpis(`from=${DAY}&to=${DAY}`)).body.data;
    expect(after.cancellations).toContainEqual({ side: 'passenger', reason: 'passenger_request', trips: 3 });
    expect(await storedDay()).toEqual([DAY]);

    // A payment case resolved and an SOS closed days later count on the day of their trip's request too.
    await db.execute(sql`update payment_cases set status = 'resolved', outcome = 'paid', resolved_at = now()
      where trip_id in (select id from trips where created_at >= ${dayAt('05:00:00').toISOString()}::timestamptz)`);
    await db.execute(sql`update safety_alerts set resolved_at = now()
      where trip_id in (select id from trips where created_at >= ${dayAt('05:00:00').toISOString()}::timestamptz)`);
    const resolved = (await kpis(`from=${DAY}&to=${DAY}`)).body.data;
    expect(resolved.payment_cases).toEqual({ open: 0, resolved_paid: 1, resolved_unpaid: 0 });
    expect(resolved.sos).toEqual({ total: 1, resolved: 1 });

    // A driver's status change back then moves the online hours of that day.
    const [driver] = await db
      .select({ id: schema.users.id })
      .from(schema.users)
      .where(sql`user_type = 'driver'`);
    await db.insert(schema.driverStatusLog).values([
      { driverId: driver!.id, status: 'online', changedAt: dayAt('23:10:00') },
      { driverId: driver!.id, status: 'offline', changedAt: dayAt('23:50:00') },
    ]);
    const online = (await kpis(`from=${DAY}&to=${DAY}`)).body.data.drivers_online[18];
    expect(online).toEqual({ hour: 18, average: 1, peak: 1 });
  });
});
