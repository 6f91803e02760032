import { eq, schema } from '@jala/db';
import { createUser, FACTORY_PASSWORD } from '@jala/test-factories/database';
import { expect } from 'vitest';

import { describeOnBackends } from '../support/backends';
import { api } from '../support/http';
import { driverWithProfile, signUpDriver } from './driver-test-kit';

const ADMIN_ONLY = 'Solo un operador de Jala puede realizar esta acción.';

let adminToken: string;

describeOnBackends('operators verify drivers on %s', ({ t, maybe, whenStarted }) => {
  whenStarted(async () => {
    const admin = await createUser(t.app.database.db, { isAdmin: true, firstName: 'Operadora' });
    const login = await api<{ token: string }>(t.baseUrl, 'POST', '/auth/login', {
      body: { email: admin.email, password: FACTORY_PASSWORD },
    });
    adminToken = login.body.data.token;
  });

  const verificationOf = async (userId: number) => {
    const [row] = await t.app.database.db
      .select()
      .from(schema.driverProfiles)
      .where(eq(schema.driverProfiles.userId, userId));
    return row?.verificationStatus;
  };

  maybe(
    'refuses non-operators with 403 (drivers included) and anonymous callers with 401, changing nothing',
    async () => {
      const driver = await driverWithProfile(t.baseUrl);
      const self = await api(t.baseUrl, 'POST', `/admin/drivers/${driver.id}/verify`, {
        token: driver.token,
        body: {},
      });
      expect(self.status).toBe(403);
      expect(self.body).toMatchObject({ code: 'FORBIDDEN', message: ADMIN_ONLY });
      expect((await api(t.baseUrl, 'GET', '/admin/drivers', { token: driver.token })).status).toBe(403);
      expect((await api(t.baseUrl, 'POST', `/admin/drivers/${driver.id}/verify`, { body: {} })).status).toBe(401);
      expect(await verificationOf(driver.id)).toBe('pending_verification');
    },
  );

  /** The driver confirmed their mobile by SMS code (phone-verification.test.ts walks that flow itself). */
  const confirmPhone = (userId: number) =>
    t.app.database.db.update(schema.users).set({ phoneVerifiedAt: new Date() }).where(eq(schema.users.id, userId));

  maybe('lists drivers pending verification, verifies one, and the driver can then drive', async () => {
    const driver = await driverWithProfile(t.baseUrl);
    await confirmPhone(driver.id);
    const pending = await api<Array<{ id: number; email: string; verification_status: string }>>(
      t.baseUrl,
      'GET',
      '/admin/drivers?verification_status=pending_verification',
      { token: adminToken },
    );
    expect(pending.status).toBe(200);
    expect(pending.body.data).toContainEqual(
      expect.objectContaining({ id: driver.id, email: driver.email, verification_status: 'pending_verification' }),
    );

    const res = await api(t.baseUrl, 'POST', `/admin/drivers/${driver.id}/verify`, { token: adminToken, body: {} });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      message: 'Conductor verificado correctamente.',
      data: { driver_id: driver.id, email: driver.email, verification_status: 'verified', was_already_verified: false },
    });
    const session = await api<{ driver: { can_drive: boolean } }>(t.baseUrl, 'GET', '/auth/profile', {
      token: driver.token,
    });
    expect(session.body.data.driver.can_drive).toBe(true);
    const status = await api<{ documents_verified: boolean }>(t.baseUrl, 'GET', '/driver/status', {
      token: driver.token,
    });
    expect(status.body.data.documents_verified).toBe(true);

    const again = await api(t.baseUrl, 'POST', `/admin/drivers/${driver.id}/verify`, { token: adminToken });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({
      message: 'El conductor ya estaba verificado.',
      data: { was_already_verified: true },
    });
    const stillPending = await api<Array<{ id: number }>>(
      t.baseUrl,
      'GET',
      '/admin/drivers?verification_status=pending_verification',
      { token: adminToken },
    );
    expect(stillPending.body.data.map((d) => d.id)).not.toContain(driver.id);
  });

  maybe('answers 404 for a user without a driver profile or an unknown id, 400 for a bad id or filter', async () => {
    const noProfile = await signUpDriver(t.baseUrl);
    const res = await api(t.baseUrl, 'POST', `/admin/drivers/${noProfile.id}/verify`, { token: adminToken });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Conductor no encontrado.');
    expect((await api(t.baseUrl, 'POST', '/admin/drivers/99999999/verify', { token: adminToken })).status).toBe(404);
    expect((await api(t.baseUrl, 'POST', '/admin/drivers/cero/verify', { token: adminToken })).status).toBe(400);
    const badFilter = await api(t.baseUrl, 'GET', '/admin/drivers?verification_status=todos', { token: adminToken });
    expect(badFilter.status).toBe(400);
    expect(badFilter.body.message).toBe('Estado de verificación no válido.');
  });
});
