/**
 * Suspension (HTTP and MQTT), operators managing operators, and the audit log (rows for every write,
 * append-only in the database itself).
 */
import { type AdminUser, type AuditEntry, type Operator, topics } from '@jala/contracts';
import { eq, schema, sql } from '@jala/db';
import { createDriver, createUser, FACTORY_PASSWORD } from '@jala/test-factories/database';
import { expect } from 'vitest';

import { login, onlineDriver, passenger, requestTrip } from '../support/actors';
import { describeOnBackends } from '../support/backends';
import { api } from '../support/http';
import { connectMqtt, subscribeQos } from '../support/mqtt';

describeOnBackends('suspension, operators and the audit log on %s', ({ t, maybe, whenStarted }) => {
  let operator = { id: 0, token: '' };
  whenStarted(async () => {
    const user = await createUser(t.app.database.db, { isAdmin: true, firstName: 'Olga', lastName: 'Operadora' });
    operator = { id: user.id, token: (await login(t.baseUrl, user.email)).token };
  });
  const auditRows = async () =>
    (await api<AuditEntry[]>(t.baseUrl, 'GET', '/admin/audit-log', { token: operator.token })).body.data;

  maybe(
    'suspending logs the user out everywhere (HTTP and MQTT), refuses login with the reason; reactivation restores it',
    async () => {
      const db = t.app.database.db;
      const { user } = await createDriver(db);
      const first = await login(t.baseUrl, user.email);
      const second = await login(t.baseUrl, user.email);
      const client = await connectMqtt(t.wsUrl, { userId: user.id, token: first.token });
      const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));

      const reason = 'Reportes repetidos de cobros abusivos.';
      const res = await api<AdminUser>(t.baseUrl, 'POST', `/admin/users/${user.id}/suspend`, {
        token: operator.token,
        body: { reason },
      });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ suspension_reason: reason, suspended_at: expect.any(String) });
      await closed;
      for (const token of [first.token, second.token])
        expect((await api(t.baseUrl, 'GET', '/auth/profile', { token })).status).toBe(401);
      await expect(connectMqtt(t.wsUrl, { userId: user.id, token: first.token })).rejects.toThrow();
      const refused = await api(t.baseUrl, 'POST', '/auth/login', {
        body: { email: user.email, password: FACTORY_PASSWORD },
      });
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({
        code: 'ACCOUNT_SUSPENDED',
        message: `Tu cuenta está suspendida: ${reason}`,
      });
      // A wrong password still reads as a wrong password: suspension is told only to the account holder.
      expect(
        (await api(t.baseUrl, 'POST', '/auth/login', { body: { email: user.email, password: 'otra-clave-123' } })).body
          .code,
      ).toBe('INVALID_CREDENTIALS');
      const [profile] = await db.select().from(schema.driverProfiles).where(eq(schema.driverProfiles.userId, user.id));
      expect(profile?.driverStatus).toBe('offline');

      expect(
        (await api(t.baseUrl, 'POST', `/admin/users/${user.id}/reactivate`, { token: operator.token })).status,
      ).toBe(200);
      const back = await login(t.baseUrl, user.email);
      expect((await api(t.baseUrl, 'GET', '/auth/profile', { token: back.token })).status).toBe(200);

      const rows = await auditRows();
      expect(rows).toContainEqual(
        expect.objectContaining({
          action: 'user.suspend',
          target_id: user.id,
          before: expect.objectContaining({ suspended_at: null }),
          after: expect.objectContaining({ suspension_reason: reason }),
        }),
      );
      expect(rows).toContainEqual(expect.objectContaining({ action: 'user.reactivate', target_id: user.id }));
    },
  );

  maybe(
    "a suspended driver's live offer is withdrawn: it leaves the passenger's list (also a list read before) and cannot be chosen",
    async () => {
      const p = await passenger(t.baseUrl);
      const trip = await requestTrip(t.baseUrl, p.token);
      const suspended = await onlineDriver(t.baseUrl, t.app.database.db);
      const other = await onlineDriver(t.baseUrl, t.app.database.db);
      for (const d of [suspended, other]) {
        expect(
          (await api(t.baseUrl, 'POST', '/driver/trips/accept', { token: d.token, body: { trip_request_id: trip.id } }))
            .status,
        ).toBe(201);
      }
      const offerDrivers = async () =>
        (
          await api<{ driver_id: number }[]>(t.baseUrl, 'GET', `/trips/${trip.id}/driver-offers`, { token: p.token })
        ).body.data
          .map((o) => o.driver_id)
          .sort();
      expect(await offerDrivers()).toEqual([suspended.id, other.id].sort());

      expect(
        (
          await api(t.baseUrl, 'POST', `/admin/users/${suspended.id}/suspend`, {
            token: operator.token,
            body: { reason: 'Documentos falsos.' },
          })
        ).status,
      ).toBe(200);

      expect(await offerDrivers()).toEqual([other.id]);
      const choose = await api(t.baseUrl, 'POST', '/drivers/trips/accept', {
        token: p.token,
        body: { trip_id: trip.id, driver_id: suspended.id },
      });
      expect(choose.status).not.toBe(200);
      const [row] = await t.app.database.db
        .select({ status: schema.trips.status, driverId: schema.trips.driverId })
        .from(schema.trips)
        .where(eq(schema.trips.id, trip.id));
      expect(row).toEqual({ status: 'pending', driverId: null });
    },
  );

  maybe('an operator cannot suspend themself; unknown users are 404; a reason is required', async () => {
    expect(
      (
        await api(t.baseUrl, 'POST', `/admin/users/${operator.id}/suspend`, {
          token: operator.token,
          body: { reason: 'Prueba de motivo' },
        })
      ).body.code,
    ).toBe('CANNOT_SUSPEND_SELF');
    expect(
      (
        await api(t.baseUrl, 'POST', '/admin/users/99999999/suspend', {
          token: operator.token,
          body: { reason: 'Prueba de motivo' },
        })
      ).status,
    ).toBe(404);
    const missing = await api(t.baseUrl, 'POST', `/admin/users/${operator.id}/suspend`, {
      token: operator.token,
      body: {},
    });
    expect(missing.status).toBe(400);
  });

  maybe('operators add and remove operators by e-mail, never the last one, all audited', async () => {
    const colleague = await createUser(t.app.database.db, { email: `colega${Date.now()}@jala.pe` });
    const added = await api<Operator>(t.baseUrl, 'POST', '/admin/operators', {
      token: operator.token,
      body: { email: colleague.email.toUpperCase() },
    });
    expect(added.status).toBe(200);
    expect(added.body.data.id).toBe(colleague.id);
    const colleagueToken = (await login(t.baseUrl, colleague.email)).token;
    expect((await api(t.baseUrl, 'GET', '/admin/verification-queue', { token: colleagueToken })).status).toBe(200);
    expect(
      (await api(t.baseUrl, 'POST', '/admin/operators', { token: operator.token, body: { email: 'nadie@jala.pe' } }))
        .status,
    ).toBe(404);

    expect((await api(t.baseUrl, 'DELETE', `/admin/operators/${colleague.id}`, { token: operator.token })).status).toBe(
      200,
    );
    // Rights end at once: the next request is refused.
    expect((await api(t.baseUrl, 'GET', '/admin/verification-queue', { token: colleagueToken })).status).toBe(403);
    const operators = (await api<Operator[]>(t.baseUrl, 'GET', '/admin/operators', { token: operator.token })).body
      .data;
    expect(operators.map((o) => o.id)).toEqual([operator.id]);
    const last = await api(t.baseUrl, 'DELETE', `/admin/operators/${operator.id}`, { token: operator.token });
    expect(last.status).toBe(409);
    expect(last.body.code).toBe('LAST_OPERATOR');
    const rows = await auditRows();
    expect(rows).toContainEqual(
      expect.objectContaining({
        action: 'operator.grant',
        target_id: colleague.id,
        before: { is_admin: false },
        after: { is_admin: true },
      }),
    );
    expect(rows).toContainEqual(expect.objectContaining({ action: 'operator.revoke', target_id: colleague.id }));
  });

  maybe('the audit log cannot be changed or deleted, not even by SQL', async () => {
    const db = t.app.database.db;
    expect((await auditRows()).length).toBeGreaterThan(0);
    await expect(db.execute(sql`update audit_log set action = 'borrado'`)).rejects.toThrow();
    await expect(db.execute(sql`delete from audit_log`)).rejects.toThrow();
    expect((await auditRows()).some((row) => row.action === 'borrado')).toBe(false);
  });

  maybe('only operators may subscribe to the live city map', async () => {
    const { user } = await createDriver(t.app.database.db);
    const driverToken = (await login(t.baseUrl, user.email)).token;
    const driverClient = await connectMqtt(t.wsUrl, { userId: user.id, token: driverToken });
    const operatorClient = await connectMqtt(t.wsUrl, { userId: operator.id, token: operator.token });
    try {
      expect(await subscribeQos(driverClient, topics.operatorLive)).toBe(128);
      expect(await subscribeQos(operatorClient, topics.operatorLive)).toBe(0);
    } finally {
      driverClient.end(true);
      operatorClient.end(true);
    }
  });
});
