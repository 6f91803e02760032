/**
 * An operator's change and its audit row are one transaction: when the audit insert fails (here a real
 * trigger on audit_log, created by the test, raises), the change is rolled back with it — approve, reject,
 * suspend and cancel leave nothing behind; without the failure both are written.
 */
import { type Database, eq, schema, sql } from '@jala/db';
import { createDriver, createTrip, createUser } from '@jala/test-factories/database';
import { expect } from 'vitest';

import { login } from '../support/actors';
import { describeOnBackends } from '../support/backends';
import { api } from '../support/http';

/** Makes every insert into audit_log fail, as a crash between change and audit would, until `heal`. */
async function breakAuditLog(db: Database): Promise<{ heal: () => Promise<void> }> {
  await db.execute(
    sql.raw(`
    create or replace function test_refuse_audit() returns trigger language plpgsql as $$
    begin raise exception 'audit log unavailable (test)'; end $$`),
  );
  await db.execute(
    sql.raw(
      'create trigger test_refuse_audit before insert on audit_log for each row execute function test_refuse_audit()',
    ),
  );
  return {
    heal: async () => {
      await db.execute(sql.raw('drop trigger test_refuse_audit on audit_log'));
    },
  };
}

const auditRowsFor = async (db: Database, action: string, targetId: number) =>
  (await db.select().from(schema.auditLog).where(eq(schema.auditLog.targetId, targetId))).filter(
    (row) => row.action === action,
  );

describeOnBackends('operator changes and their audit rows are atomic on %s', ({ t, maybe, whenStarted }) => {
  let token = '';
  whenStarted(async () => {
    const operator = await createUser(t.app.database.db, { isAdmin: true });
    token = (await login(t.baseUrl, operator.email)).token;
  });

  /** Runs `act` with the audit log broken (expects a failure and `unchanged`), then healed (expects 200 and `changed`). */
  async function atomically(
    action: string,
    targetId: number,
    act: () => Promise<number>,
    state: () => Promise<unknown>,
    unchanged: unknown,
    changed: unknown,
  ) {
    const db = t.app.database.db;
    const broken = await breakAuditLog(db);
    try {
      expect(await act()).toBe(500);
    } finally {
      await broken.heal();
    }
    expect(await state()).toEqual(unchanged);
    expect(await auditRowsFor(db, action, targetId)).toEqual([]);

    expect(await act()).toBe(200);
    expect(await state()).toEqual(changed);
    expect(await auditRowsFor(db, action, targetId)).toHaveLength(1);
  }

  const verificationOf = (db: Database, driverId: number) => async () =>
    (
      await db
        .select({ status: schema.driverProfiles.verificationStatus })
        .from(schema.driverProfiles)
        .where(eq(schema.driverProfiles.userId, driverId))
    )[0]?.status;

  maybe('approve', async () => {
    const db = t.app.database.db;
    const { user } = await createDriver(db, {
      profile: { verificationStatus: 'pending_verification', driverStatus: 'offline' },
    });
    await atomically(
      'driver.approve',
      user.id,
      async () => (await api(t.baseUrl, 'POST', `/admin/drivers/${user.id}/verify`, { token })).status,
      verificationOf(db, user.id),
      'pending_verification',
      'verified',
    );
  });

  maybe('reject', async () => {
    const db = t.app.database.db;
    const { user } = await createDriver(db, {
      profile: { verificationStatus: 'pending_verification', driverStatus: 'offline' },
    });
    await atomically(
      'driver.reject',
      user.id,
      async () =>
        (
          await api(t.baseUrl, 'POST', `/admin/drivers/${user.id}/reject`, {
            token,
            body: { reason: 'La licencia está vencida.' },
          })
        ).status,
      verificationOf(db, user.id),
      'pending_verification',
      'rejected',
    );
  });

  maybe('suspend', async () => {
    const db = t.app.database.db;
    const target = await createUser(db);
    const session = await login(t.baseUrl, target.email);
    await atomically(
      'user.suspend',
      target.id,
      async () =>
        (
          await api(t.baseUrl, 'POST', `/admin/users/${target.id}/suspend`, {
            token,
            body: { reason: 'Reportes repetidos.' },
          })
        ).status,
      async () => ({
        suspended:
          (await db.select().from(schema.users).where(eq(schema.users.id, target.id)))[0]?.suspendedAt !== null,
        session: (await api(t.baseUrl, 'GET', '/auth/profile', { token: session.token })).status,
      }),
      { suspended: false, session: 200 },
      { suspended: true, session: 401 },
    );
  });

  maybe('cancel', async () => {
    const db = t.app.database.db;
    const rider = await createUser(db);
    const trip = await createTrip(db, { passengerId: rider.id });
    await atomically(
      'trip.cancel',
      trip.id,
      async () =>
        (
          await api(t.baseUrl, 'POST', `/admin/trips/${trip.id}/cancel`, {
            token,
            body: { reason: 'Viaje de prueba abusivo.' },
          })
        ).status,
      async () =>
        (await db.select({ status: schema.trips.status }).from(schema.trips).where(eq(schema.trips.id, trip.id)))[0]
          ?.status,
      'pending',
      'cancelled_by_system',
    );
  });
});
