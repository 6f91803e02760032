/**
 * 'Saldo con Jala' on PGlite and PostgreSQL, with a 10 % fee (8 % for mototaxi) and a floor of S/ 0: the fee
 * is computed on the final fare in céntimos and stored on the trip, debited once however completion is
 * retried or raced, the floor refuses offers (and the feed) with the amount missing, an operator's top-up
 * (audited; a Yape operation number only once) lifts it, concurrent writes never lose an entry, and only the
 * right people read or write a ledger.
 */
import type { AuditEntry, DriverLedger, EarningsSummary, LedgerEntry } from '@jala/contracts';
import { eq, schema } from '@jala/db';
import { formatSoles } from '@jala/domain';
import { createUser } from '@jala/test-factories/database';
import { expect } from 'vitest';

import { driveToStage, JOCKEY, KENNEDY, login, onlineDriver, passenger, requestTrip } from '../support/actors';
import { describeOnBackends } from '../support/backends';
import { api } from '../support/http';
import type { TestApp } from '../support/test-app';

type Driver = { id: number; token: string };

/** A trip at `price` from a fresh passenger, offered on by `d` from the pickup, accepted and driven to in_progress. */
async function tripInProgressFor(t: TestApp, d: Driver, price: number, serviceTypeId = 2) {
  const p = await passenger(t.baseUrl);
  const trip = await requestTrip(t.baseUrl, p.token, { offer_price: price, service_type_id: serviceTypeId });
  await api(t.baseUrl, 'POST', `/trips/${trip.id}/publish`, { token: p.token });
  const offered = await api(t.baseUrl, 'POST', '/driver/trips/accept', {
    token: d.token,
    body: { trip_request_id: trip.id, ...KENNEDY },
  });
  if (offered.status !== 201) throw new Error(`offer failed ${offered.status} ${JSON.stringify(offered.body)}`);
  const accepted = await api(t.baseUrl, 'POST', '/drivers/trips/accept', {
    token: p.token,
    body: { trip_id: trip.id, driver_id: d.id },
  });
  if (accepted.status !== 200) throw new Error(`accept failed ${accepted.status}`);
  await driveToStage(t.baseUrl, { passenger: p.token, driver: d.token }, trip.id, 'in_progress');
  return { tripId: trip.id, passengerToken: p.token };
}

const complete = (t: TestApp, d: Driver, tripId: number) =>
  api(t.baseUrl, 'POST', '/driver/trips/complete', {
    token: d.token,
    body: { trip_id: tripId, final_latitude: JOCKEY.latitude, final_longitude: JOCKEY.longitude },
  });

const ledgerOf = async (t: TestApp, d: Driver) => {
  const res = await api<DriverLedger>(t.baseUrl, 'GET', '/driver/ledger', { token: d.token });
  expect(res.status).toBe(200);
  return res.body.data;
};

/** The balance from the entries themselves, in céntimos, read straight from the table. */
async function storedCents(t: TestApp, driverId: number) {
  const rows = await t.app.database.db
    .select()
    .from(schema.driverLedgerEntries)
    .where(eq(schema.driverLedgerEntries.driverId, driverId));
  return { rows, cents: rows.reduce((sum, row) => sum + row.amountCents, 0) };
}

describeOnBackends(
  "'Saldo con Jala' on %s",
  ({ t, maybe, whenStarted }) => {
    let operator: Driver = { id: 0, token: '' };
    whenStarted(async () => {
      const user = await createUser(t.app.database.db, { isAdmin: true, firstName: 'Olga', lastName: 'Operadora' });
      operator = { id: user.id, token: (await login(t.baseUrl, user.email)).token };
    });
    const topUp = (driverId: number, body: unknown, token = operator.token) =>
      api<LedgerEntry>(t.baseUrl, 'POST', `/admin/drivers/${driverId}/ledger/top-ups`, { token, body });
    const adjust = (driverId: number, body: unknown, token = operator.token) =>
      api<LedgerEntry>(t.baseUrl, 'POST', `/admin/drivers/${driverId}/ledger/adjustments`, { token, body });

    maybe(
      'stores the fee on the trip in céntimos, debits it once, and the earnings show gross, fee and net',
      async () => {
        const d = await onlineDriver(t.baseUrl, t.app.database.db);
        const { tripId } = await tripInProgressFor(t, d, 12.35);
        // A retried completion racing the first: one wins, one debit.
        const [first, second] = await Promise.all([complete(t, d, tripId), complete(t, d, tripId)]);
        expect([first.status, second.status].sort()).toEqual([200, 409]);
        expect((await complete(t, d, tripId)).status).toBe(409);

        const [trip] = await t.app.database.db.select().from(schema.trips).where(eq(schema.trips.id, tripId));
        // 10 % of 1235 céntimos is 123.5: half up → 124.
        expect(trip).toMatchObject({ finalFareCents: 1235, platformFeeBasisPoints: 1000, platformFeeCents: 124 });
        const stored = await storedCents(t, d.id);
        expect(stored.rows).toHaveLength(1);
        expect(stored.rows[0]).toMatchObject({ kind: 'trip_fee', amountCents: -124, tripId });

        const ledger = await ledgerOf(t, d);
        expect(ledger).toMatchObject({ driver_id: d.id, balance: -1.24, min_balance: 0, short_by: 1.24 });
        expect(ledger.entries).toEqual([
          expect.objectContaining({ kind: 'trip_fee', amount: -1.24, trip_id: tripId, trip_code: trip!.tripCode }),
        ]);
        const summary = await api<EarningsSummary>(t.baseUrl, 'GET', '/driver/earnings/summary', { token: d.token });
        expect(summary.body.data).toMatchObject({ total_earnings: 12.35, platform_fees: 1.24, net_earnings: 11.11 });
      },
    );

    maybe('charges a mototaxi its own rate', async () => {
      const d = await onlineDriver(t.baseUrl, t.app.database.db, { vehicle: { vehicleType: 'mototaxi' } });
      const { tripId } = await tripInProgressFor(t, d, 7.5, 1);
      expect((await complete(t, d, tripId)).status).toBe(200);
      const [trip] = await t.app.database.db.select().from(schema.trips).where(eq(schema.trips.id, tripId));
      expect(trip).toMatchObject({ platformFeeBasisPoints: 800, platformFeeCents: 60 });
    });

    maybe('below the floor a driver cannot offer nor list requests; a top-up lets them again', async () => {
      const d = await onlineDriver(t.baseUrl, t.app.database.db);
      const first = await tripInProgressFor(t, d, 20);
      expect((await complete(t, d, first.tripId)).status).toBe(200);

      const p = await passenger(t.baseUrl);
      const next = await requestTrip(t.baseUrl, p.token, { offer_price: 15 });
      await api(t.baseUrl, 'POST', `/trips/${next.id}/publish`, { token: p.token });
      const refused = await api(t.baseUrl, 'POST', '/driver/trips/accept', {
        token: d.token,
        body: { trip_request_id: next.id, ...KENNEDY },
      });
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({
        code: 'BALANCE_TOO_LOW',
        message: `Recarga tu saldo para recibir solicitudes: te faltan ${formatSoles(2)}.`,
      });
      const feed = await api(
        t.baseUrl,
        'GET',
        `/driver/trip-requests?latitude=${KENNEDY.latitude}&longitude=${KENNEDY.longitude}`,
        {
          token: d.token,
        },
      );
      expect(feed.status).toBe(409);
      expect(feed.body).toMatchObject({ code: 'BALANCE_TOO_LOW' });

      // S/ 1.99 is not enough (a céntimo short); S/ 0.01 more is.
      expect((await topUp(d.id, { reference: '10000001', amount: 1.99 })).status).toBe(201);
      expect((await ledgerOf(t, d)).short_by).toBe(0.01);
      const more = await topUp(d.id, { reference: '10000002', amount: 0.01 });
      expect(more.status).toBe(201);
      expect(more.body.data).toMatchObject({ kind: 'top_up', amount: 0.01, reference: '10000002' });
      expect((await ledgerOf(t, d)).short_by).toBe(0);
      const again = await api(t.baseUrl, 'POST', '/driver/trips/accept', {
        token: d.token,
        body: { trip_request_id: next.id, ...KENNEDY },
      });
      expect(again.status).toBe(201);

      const audit = await api<AuditEntry[]>(t.baseUrl, 'GET', '/admin/audit-log', { token: operator.token });
      expect(audit.body.data).toContainEqual(
        expect.objectContaining({
          action: 'ledger.top_up',
          target_type: 'driver',
          target_id: d.id,
          actor: 'Olga Operadora <' + (await userEmail(t, operator.id)) + '>',
          after: expect.objectContaining({ amount: 0.01, reference: '10000002', balance: 0 }),
        }),
      );
    });

    maybe('a Yape operation number is recorded once, even when sent twice at the same time', async () => {
      const d = await onlineDriver(t.baseUrl, t.app.database.db);
      const [a, b] = await Promise.all([
        topUp(d.id, { reference: 'yp-555001', amount: 10 }),
        topUp(d.id, { reference: 'YP-555001', amount: 10 }),
      ]);
      expect([a.status, b.status].sort()).toEqual([201, 409]);
      const refused = a.status === 409 ? a : b;
      expect(refused.body).toMatchObject({ code: 'TOP_UP_REFERENCE_TAKEN', message: expect.stringContaining('Yape') });
      expect((await ledgerOf(t, d)).balance).toBe(10);
    });

    maybe('concurrent completions, top-ups and adjustments never lose an entry', async () => {
      const db = t.app.database.db;
      const drivers = await Promise.all([1, 2, 3].map(() => onlineDriver(t.baseUrl, db)));
      const prices = [18.45, 9.99, 33.33];
      const trips = [];
      for (const [i, d] of drivers.entries()) trips.push(await tripInProgressFor(t, d, prices[i]!));
      const main = drivers[0]!;
      const writes: Promise<{ status: number }>[] = [];
      for (const [i, d] of drivers.entries()) {
        writes.push(complete(t, d, trips[i]!.tripId), complete(t, d, trips[i]!.tripId));
      }
      for (let i = 0; i < 8; i++) writes.push(topUp(main.id, { reference: `C${main.id}X${i}`, amount: 2.5 + i / 100 }));
      for (let i = 0; i < 4; i++)
        writes.push(adjust(main.id, { amount: i % 2 ? -0.37 : 1.11, reason: `Corrección ${i}` }));
      const statuses = (await Promise.all(writes)).map((res) => res.status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(3);
      expect(statuses.filter((s) => s === 409)).toHaveLength(3);
      expect(statuses.filter((s) => s === 201)).toHaveLength(12);

      // Fees: 10 % of 1845 → 184.5 → 185; of 999 → 99.9 → 100; of 3333 → 333.3 → 333.
      const topUps = [0, 1, 2, 3, 4, 5, 6, 7].reduce((sum, i) => sum + 250 + i, 0);
      const expected = [-185 + topUps + 111 - 37 + 111 - 37, -100, -333];
      for (const [i, d] of drivers.entries()) {
        const stored = await storedCents(t, d.id);
        expect(stored.cents).toBe(expected[i]);
        expect((await ledgerOf(t, d)).balance * 100).toBeCloseTo(expected[i]!, 6);
      }
      const mainLedger = await ledgerOf(t, main);
      expect(mainLedger.entries).toHaveLength(13);
      expect(mainLedger.balance).toBe(expected[0]! / 100);
    });

    maybe('only the driver reads their ledger, only operators write one, bad input is a Spanish 400', async () => {
      const db = t.app.database.db;
      const d = await onlineDriver(t.baseUrl, db);
      const other = await onlineDriver(t.baseUrl, db);
      const p = await passenger(t.baseUrl);
      // A driver has no way to name another driver's ledger: the admin read is for operators only.
      expect((await api(t.baseUrl, 'GET', `/admin/drivers/${other.id}/ledger`, { token: d.token })).status).toBe(403);
      expect((await api(t.baseUrl, 'GET', '/driver/ledger', { token: p.token })).status).toBe(403);
      expect((await api(t.baseUrl, 'GET', '/driver/ledger')).status).toBe(401);
      const selfTopUp = await topUp(d.id, { reference: '99990001', amount: 50 }, d.token);
      expect(selfTopUp.status).toBe(403);
      expect(selfTopUp.body).toMatchObject({ message: 'Solo un operador de Jala puede realizar esta acción.' });
      expect((await adjust(d.id, { amount: 50, reason: 'Me lo regalo' }, d.token)).status).toBe(403);
      expect((await ledgerOf(t, d)).entries).toEqual([]);

      const operatorRead = await api<DriverLedger>(t.baseUrl, 'GET', `/admin/drivers/${d.id}/ledger`, {
        token: operator.token,
      });
      expect(operatorRead.status).toBe(200);
      expect(operatorRead.body.data).toMatchObject({ driver_id: d.id, balance: 0 });
      expect((await api(t.baseUrl, 'GET', `/admin/drivers/${p.id}/ledger`, { token: operator.token })).status).toBe(
        404,
      );
      expect((await topUp(p.id, { reference: '77770001', amount: 5 })).status).toBe(404);

      const bad: [Promise<{ status: number; body: unknown }>, string][] = [
        [topUp(d.id, { reference: '12345678', amount: 0 }), 'El monto no puede ser cero.'],
        [topUp(d.id, { reference: '12345678', amount: -5 }), 'La recarga debe ser mayor que cero.'],
        [topUp(d.id, { reference: '12345678', amount: 1.234 }), 'El monto admite como máximo dos decimales.'],
        [topUp(d.id, { reference: '12345678', amount: 2000.01 }), 'El monto no puede pasar de S/ 2000.'],
        [topUp(d.id, { reference: 'x', amount: 5 }), 'El número de operación debe tener de 4 a 30 letras o dígitos.'],
        [topUp(d.id, { amount: 5 }), 'Escribe el número de operación de Yape.'],
        [adjust(d.id, { amount: 5 }), 'Escribe el motivo del ajuste.'],
        [adjust(d.id, { amount: 0, reason: 'Nada' }), 'El monto no puede ser cero.'],
        [adjust(d.id, { amount: '5', reason: 'Texto' }), 'El monto debe ser un número.'],
      ];
      for (const [sent, message] of bad) {
        const res = await sent;
        expect(res.status).toBe(400);
        expect((res.body as { message: string }).message).toContain(message);
      }
      expect((await ledgerOf(t, d)).entries).toEqual([]);
    });
  },
  {
    start: () => ({ config: { platformFee: { 1: 800, 2: 1000 }, driverMinBalanceCents: 0 } }),
  },
);

async function userEmail(t: TestApp, id: number) {
  const [row] = await t.app.database.db.select().from(schema.users).where(eq(schema.users.id, id));
  return row!.email;
}
