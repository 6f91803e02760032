/**
 * The session cache on two nodes sharing PostgreSQL and Redis: each node serves authenticated reads from
 * memory, so every change made on one node must be seen by the other at once — logout, suspension,
 * operator grant and removal, profile updates, a rating received — and a node that cannot hear the cluster
 * bus must not trust its cache at all.
 */
import { eq, schema } from '@jala/db';
import { createCompletedTrip, createDriver, FACTORY_PASSWORD } from '@jala/test-factories/database';
import { beforeAll, describe, expect, it } from 'vitest';

import { api, registerUser } from '../support/http';
import { useTwoNodes } from '../support/two-nodes';

interface Profile {
  id: number;
  first_name: string;
  phone: string | null;
  rating_average: number | null;
  roles: string[];
  driver: { can_drive: boolean; is_online: boolean };
}

describe('session cache on two nodes', () => {
  const cluster = useTwoNodes();
  const { nodes } = cluster;
  let onA = '';
  let onB = '';
  let operatorToken = '';

  const profile = (base: string, token: string) => api<Profile>(base, 'GET', '/auth/profile', { token });
  /** Node B's cached copy of the user, under the account's current stamps (undefined when not cached). */
  async function cachedUserOnB(userId: number) {
    const cache = nodes[1]!.services.sessionCache;
    const stamps = await cache.readStamps(userId, 'any-session');
    return stamps ? cache.user(userId, stamps.user) : undefined;
  }

  /** A user whose session node B has just cached (its first authenticated read there). */
  async function cachedOnB() {
    const user = await registerUser(onA);
    expect((await profile(onB, user.token)).status).toBe(200);
    expect(await cachedUserOnB(user.user.id)).toBeDefined();
    return user;
  }

  beforeAll(async () => {
    [onA, onB] = cluster.api as [string, string];
    const operator = await registerUser(onA);
    await nodes[0]!.database.db
      .update(schema.users)
      .set({ isAdmin: true })
      .where(eq(schema.users.id, operator.user.id));
    operatorToken = operator.token;
  });

  it('refuses on B a session logged out on A', async () => {
    const me = await cachedOnB();
    expect((await api(onA, 'POST', '/auth/logout', { token: me.token, body: {} })).status).toBe(200);
    expect((await profile(onB, me.token)).status).toBe(401);
  });

  it('refuses on B a user suspended on A, and lets them back in on B once reactivated', async () => {
    const me = await cachedOnB();
    const suspend = await api(onA, 'POST', `/admin/users/${me.user.id}/suspend`, {
      token: operatorToken,
      body: { reason: 'Reclamos de pasajeros' },
    });
    expect(suspend.status).toBe(200);
    expect((await profile(onB, me.token)).status).toBe(401);

    expect(
      (await api(onA, 'POST', `/admin/users/${me.user.id}/reactivate`, { token: operatorToken, body: {} })).status,
    ).toBe(200);
    const login = await api<{ token: string }>(onB, 'POST', '/auth/login', {
      body: { email: me.user.email, password: me.password },
    });
    expect(login.status).toBe(200);
    // B had cached the user as suspended (its refused read above): the reactivation dropped that copy.
    expect((await profile(onB, login.body.data.token)).status).toBe(200);
  });

  it('gives and takes operator rights on B as soon as A grants or removes them', async () => {
    const me = await cachedOnB();
    expect((await api(onB, 'GET', '/admin/operators', { token: me.token })).status).toBe(403);
    expect(
      (await api(onA, 'POST', '/admin/operators', { token: operatorToken, body: { email: me.user.email } })).status,
    ).toBe(200);
    expect((await api(onB, 'GET', '/admin/operators', { token: me.token })).status).toBe(200);
    expect((await profile(onB, me.token)).body.data.roles).toContain('admin');

    expect((await api(onA, 'DELETE', `/admin/operators/${me.user.id}`, { token: operatorToken })).status).toBe(200);
    expect((await api(onB, 'GET', '/admin/operators', { token: me.token })).status).toBe(403);
  });

  it('serves on B the profile just updated on A (both profile forms)', async () => {
    const me = await cachedOnB();
    const update = await api(onA, 'PUT', '/auth/profile', {
      token: me.token,
      body: { first_name: 'Rosa', phone: '912345678' },
    });
    expect(update.status).toBe(200);
    expect((await profile(onB, me.token)).body.data).toMatchObject({ first_name: 'Rosa', phone: '912345678' });

    const passengerForm = { first_name: 'Lucía', last_name: 'Torres', email: me.user.email, phone: '998877665' };
    expect((await api(onA, 'POST', '/passenger/profile/update', { token: me.token, body: passengerForm })).status).toBe(
      200,
    );
    expect((await profile(onB, me.token)).body.data).toMatchObject({ first_name: 'Lucía', phone: '998877665' });
  });

  it('shows on B the stored rating average as soon as a rating is given on A', async () => {
    const { db } = nodes[0]!.database;
    const rider = await registerUser(onA);
    const { user: driver, vehicle } = await createDriver(db);
    const driverLogin = await api<{ token: string }>(onA, 'POST', '/auth/login', {
      body: { email: driver.email, password: FACTORY_PASSWORD },
    });
    const driverToken = driverLogin.body.data.token;
    expect((await profile(onB, driverToken)).body.data.rating_average).toBeNull();

    const first = await createCompletedTrip(db, {
      passengerId: rider.user.id,
      driverId: driver.id,
      vehicleId: vehicle.id,
      fareCents: 1500,
      completedAt: new Date(),
    });
    const second = await createCompletedTrip(db, {
      passengerId: rider.user.id,
      driverId: driver.id,
      vehicleId: vehicle.id,
      fareCents: 1500,
      completedAt: new Date(),
    });
    expect(
      (await api(onA, 'POST', `/trips/${first.id}/rating`, { token: rider.token, body: { score: 5 } })).status,
    ).toBe(201);
    expect((await profile(onB, driverToken)).body.data.rating_average).toBe(5);
    expect(
      (await api(onA, 'POST', `/trips/${second.id}/rating`, { token: rider.token, body: { score: 4 } })).status,
    ).toBe(201);
    expect((await profile(onB, driverToken)).body.data.rating_average).toBe(4.5);
    const [stored] = await db
      .select({ count: schema.users.ratingCount, sum: schema.users.ratingSum })
      .from(schema.users)
      .where(eq(schema.users.id, driver.id));
    expect(stored).toEqual({ count: 2, sum: 9 });
  });

  it("follows on B a driver's status and verification changed on A (the kept driver profile)", async () => {
    const { db } = nodes[0]!.database;
    const { user: driver } = await createDriver(db, {
      profile: { verificationStatus: 'pending_verification', driverStatus: 'offline' },
    });
    const driverToken = (
      await api<{ token: string }>(onA, 'POST', '/auth/login', {
        body: { email: driver.email, password: FACTORY_PASSWORD },
      })
    ).body.data.token;
    // Read twice on B: the second answer comes from B's memory.
    for (let read = 0; read < 2; read++)
      expect((await profile(onB, driverToken)).body.data.driver).toEqual({ can_drive: false, is_online: false });

    expect(
      (await api(onA, 'POST', `/admin/drivers/${driver.id}/verify`, { token: operatorToken, body: {} })).status,
    ).toBe(200);
    expect((await profile(onB, driverToken)).body.data.driver).toEqual({ can_drive: true, is_online: false });
    expect((await api(onA, 'POST', '/driver/status', { token: driverToken, body: { status: 'online' } })).status).toBe(
      200,
    );
    expect((await profile(onB, driverToken)).body.data.driver).toEqual({ can_drive: true, is_online: true });
    expect((await api(onA, 'POST', '/driver/status', { token: driverToken, body: { status: 'offline' } })).status).toBe(
      200,
    );
    expect((await profile(onB, driverToken)).body.data.driver).toEqual({ can_drive: true, is_online: false });
  });

  it('serves on B a change made on A before the bus event reaches B (the account stamps are compared on every read)', async () => {
    const me = await cachedOnB();
    const loggedOut = await cachedOnB();
    // B stays connected (its epoch unchanged) but stops receiving A's events: only the stamps can tell it.
    const subscriber = nodes[1]!.bus.subscriber!;
    await subscriber.unsubscribe('cluster-bus');
    try {
      expect((await api(onA, 'PUT', '/auth/profile', { token: me.token, body: { first_name: 'Rosa' } })).status).toBe(
        200,
      );
      expect((await profile(onB, me.token)).body.data.first_name).toBe('Rosa');
      expect((await api(onA, 'POST', '/auth/logout', { token: loggedOut.token, body: {} })).status).toBe(200);
      expect((await profile(onB, loggedOut.token)).status).toBe(401);
    } finally {
      await subscriber.subscribe('cluster-bus');
    }
  });

  it('bypasses the cache on a node that cannot hear the bus, and empties it when it hears again', async () => {
    const loggedOut = await cachedOnB();
    const renamed = await cachedOnB();
    const subscriber = nodes[1]!.bus.subscriber!;
    subscriber.disconnect();
    await expect.poll(() => nodes[1]!.bus.listeningEpoch).toBeNull();

    // A's announcements do not reach B now; B must ask the database, so the revocation still holds.
    expect((await api(onA, 'POST', '/auth/logout', { token: loggedOut.token, body: {} })).status).toBe(200);
    expect((await profile(onB, loggedOut.token)).status).toBe(401);
    expect(
      (await api(onA, 'PUT', '/auth/profile', { token: renamed.token, body: { first_name: 'Marta' } })).status,
    ).toBe(200);
    expect((await profile(onB, renamed.token)).body.data.first_name).toBe('Marta');
    // Nothing is cached while deaf.
    expect(await cachedUserOnB(renamed.user.id)).toBeUndefined();

    await subscriber.connect();
    await expect.poll(() => nodes[1]!.bus.listeningEpoch).not.toBeNull();
    expect((await profile(onB, renamed.token)).body.data.first_name).toBe('Marta');
    expect(await cachedUserOnB(renamed.user.id)).toBeDefined();
    // And B hears A again.
    expect(
      (await api(onA, 'PUT', '/auth/profile', { token: renamed.token, body: { first_name: 'Julia' } })).status,
    ).toBe(200);
    expect((await profile(onB, renamed.token)).body.data.first_name).toBe('Julia');
  });
});
