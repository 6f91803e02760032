import { topics } from '@jala/contracts';
import { eq, schema } from '@jala/db';
import { formatSoles } from '@jala/domain';
import { createUser } from '@jala/test-factories/database';
import { afterAll, beforeAll, expect } from 'vitest';

import { driveToStage, JOCKEY, login, onlineDriver, passenger, requestTrip } from '../support/actors';
import { describeOnBackends } from '../support/backends';
import { api } from '../support/http';
import { connectMqtt } from '../support/mqtt';
import { pushesSettled, subscribeDevice, titles } from '../support/push-actors';
import { startPushService, type TestPushService } from '../support/push-service';
import { openSessions } from './device-sessions';

let service: TestPushService;
beforeAll(async () => {
  service = await startPushService();
});
afterAll(async () => service.close());

describeOnBackends('push notifications on %s', ({ t, maybe }) => {
  const settled = () => pushesSettled(t.app);
  const subscriptionRows = (endpoint: string) =>
    t.app.database.db.select().from(schema.pushSubscriptions).where(eq(schema.pushSubscriptions.endpoint, endpoint));

  maybe("a subscription is the owner's: strangers can neither take it over with other keys nor delete it", async () => {
    const owner = await passenger(t.baseUrl);
    const stranger = await passenger(t.baseUrl);
    const device = await subscribeDevice(t.baseUrl, owner.token, service);
    const forged = service.device();
    const takeover = await api(t.baseUrl, 'POST', '/notifications/subscription', {
      token: stranger.token,
      body: { endpoint: device.endpoint, keys: forged.keys },
    });
    expect(takeover.status).toBe(409);
    expect(takeover.body.code).toBe('PUSH_SUBSCRIPTION_CONFLICT');
    const removed = await api(t.baseUrl, 'DELETE', '/notifications/subscription', {
      token: stranger.token,
      body: { endpoint: device.endpoint },
    });
    expect(removed.status).toBe(200);
    expect(await subscriptionRows(device.endpoint)).toMatchObject([{ userId: owner.id, p256dh: device.keys.p256dh }]);
    // The stranger's test push reaches none of the owner's devices.
    expect(
      (await api<{ devices: number }>(t.baseUrl, 'POST', '/notifications/test', { token: stranger.token })).body.data
        .devices,
    ).toBe(0);
    await settled();
    expect(device.received).toEqual([]);

    // The same browser (it holds the keys) used by another account on a shared phone moves to that account.
    const sameBrowser = await api(t.baseUrl, 'POST', '/notifications/subscription', {
      token: stranger.token,
      body: { endpoint: device.endpoint, keys: device.keys },
    });
    expect(sameBrowser.status).toBe(201);
    expect(await subscriptionRows(device.endpoint)).toMatchObject([{ userId: stranger.id }]);
    expect(
      (
        await api(t.baseUrl, 'DELETE', '/notifications/subscription', {
          token: stranger.token,
          body: { endpoint: device.endpoint },
        })
      ).status,
    ).toBe(200);
    expect(await subscriptionRows(device.endpoint)).toEqual([]);
  });

  maybe('endpoints outside the push services and broken keys are refused with a Spanish 400', async () => {
    const user = await passenger(t.baseUrl);
    const { keys } = service.device();
    for (const endpoint of [
      'https://169.254.169.254/latest',
      'http://fcm.googleapis.com/fcm/send/x',
      'https://evil.example/push',
      'http://localhost:80/x',
      'https://fcm.googleapis.com:8443/x',
      'ftp://127.0.0.1/x',
      'no-es-una-url',
    ]) {
      const res = await api(t.baseUrl, 'POST', '/notifications/subscription', {
        token: user.token,
        body: { endpoint, keys },
      });
      expect(res.status, endpoint).toBe(400);
      expect(res.body.code).toBe('PUSH_ENDPOINT_INVALID');
    }
    const notOnCurve = await api(t.baseUrl, 'POST', '/notifications/subscription', {
      token: user.token,
      body: {
        endpoint: service.device().endpoint,
        keys: { p256dh: Buffer.alloc(65, 7).toString('base64url'), auth: keys.auth },
      },
    });
    expect(notOnCurve.status).toBe(400);
    expect(notOnCurve.body.code).toBe('PUSH_KEYS_INVALID');
    const malformed = await api(t.baseUrl, 'POST', '/notifications/subscription', {
      token: user.token,
      body: { endpoint: 'https://fcm.googleapis.com/fcm/send/x', keys: { p256dh: 'x', auth: '' } },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.fields?.['keys.p256dh']).toBe('La clave de la suscripción no es válida.');
    expect(
      (await api(t.baseUrl, 'POST', '/notifications/subscription', { body: { endpoint: 'x', keys } })).status,
    ).toBe(401);
  });

  maybe(
    '"Probar notificación" arrives decrypted, signed with the public key the server hands out; a 410 removes the device',
    async () => {
      // Two devices are two sessions: a session holds one device (a second subscription replaces its first).
      const user = await passenger(t.baseUrl);
      const [laptopSession] = await openSessions(t.app, user.id, 1);
      const phone = await subscribeDevice(t.baseUrl, user.token, service);
      const laptop = await subscribeDevice(t.baseUrl, laptopSession!.token, service);
      const config = await api<{ public_key: string }>(t.baseUrl, 'GET', '/notifications/config', {
        token: user.token,
      });
      expect(
        (await api<{ devices: number }>(t.baseUrl, 'POST', '/notifications/test', { token: user.token })).body.data
          .devices,
      ).toBe(2);
      await settled();
      for (const device of [phone, laptop]) {
        expect(device.received).toEqual([
          {
            kind: 'test',
            title: 'Notificación de prueba',
            body: 'Así te avisará Jala en este dispositivo.',
            url: '/dashboard',
            tag: 'test',
          },
        ]);
        expect(device.signers).toEqual([config.body.data.public_key]);
      }
      laptop.answer = 410;
      await api(t.baseUrl, 'POST', '/notifications/test', { token: user.token });
      await settled();
      expect(await subscriptionRows(laptop.endpoint)).toEqual([]);
      expect(await subscriptionRows(phone.endpoint)).toHaveLength(1);
      expect(phone.received).toHaveLength(2);
      expect(service.rejections).toEqual([]);
    },
  );

  maybe(
    'each trip event becomes exactly one push to the right person, with no phone or address on the lock screen',
    async () => {
      const db = t.app.database.db;
      const p = await passenger(t.baseUrl);
      const d = await onlineDriver(t.baseUrl, db, { user: { firstName: 'Jorge', phone: '987111222' } });
      const stranger = await onlineDriver(t.baseUrl, db, {
        profile: { currentLatitude: '-12.046400', currentLongitude: '-77.042800', searchRadiusKm: '1.0' },
      });
      const operator = await login(t.baseUrl, (await createUser(db, { isAdmin: true })).email);
      const [pd, dd, sd, od] = [
        await subscribeDevice(t.baseUrl, p.token, service),
        await subscribeDevice(t.baseUrl, d.token, service),
        await subscribeDevice(t.baseUrl, stranger.token, service),
        await subscribeDevice(t.baseUrl, operator.token, service),
      ];

      const trip = await requestTrip(t.baseUrl, p.token);
      await api(t.baseUrl, 'POST', `/trips/${trip.id}/publish`, { token: p.token });
      await settled();
      expect(dd.received).toEqual([
        expect.objectContaining({
          kind: 'requests',
          title: 'Nueva solicitud en Miraflores',
          url: '/driver/trip-request',
          tag: 'trip-requests',
        }),
      ]);
      expect(dd.received[0]!.body).toMatch(/^S\/\s\d+\.\d{2} · recojo a \d+(,\d)? km en Miraflores$/);

      expect(
        (
          await api(t.baseUrl, 'POST', '/driver/trips/accept', {
            token: d.token,
            body: { trip_request_id: trip.id, price: 21.5 },
          })
        ).status,
      ).toBe(201);
      await settled();
      expect(pd.received).toEqual([
        expect.objectContaining({
          kind: 'offers',
          title: `Jorge te ofrece ${formatSoles(21.5)}`,
          url: '/passenger/active-trip',
        }),
      ]);

      expect(
        (
          await api(t.baseUrl, 'POST', '/drivers/trips/accept', {
            token: p.token,
            body: { trip_id: trip.id, driver_id: d.id },
          })
        ).status,
      ).toBe(200);
      await settled();
      expect(titles(dd)).toEqual(['Nueva solicitud en Miraflores', '¡El pasajero te eligió!']);
      expect(dd.received[1]).toMatchObject({
        kind: 'trip_updates',
        body: 'Ve al punto de recojo en Miraflores.',
        url: '/driver/active-trip',
      });

      await driveToStage(t.baseUrl, { passenger: p.token, driver: d.token }, trip.id, 'arrived');
      await settled();
      expect(titles(pd)).toEqual([
        `Jorge te ofrece ${formatSoles(21.5)}`,
        'Tu conductor está en camino',
        'Tu conductor llegó',
      ]);

      // Chat over MQTT: the other side is told once, with a phone number masked.
      const driverMqtt = await connectMqtt(t.wsUrl, { userId: d.id, token: d.token });
      driverMqtt.publish(
        topics.chat(trip.id, d.id),
        JSON.stringify({
          sender: d.id,
          role: 'driver',
          message: 'Estoy afuera, llámame al 987 111 222',
          timestamp: new Date().toISOString(),
          id: 'a1b2c3d4e5f60718',
        }),
      );
      driverMqtt.publish(
        topics.chat(trip.id, d.id),
        JSON.stringify({
          sender: d.id,
          role: 'driver',
          message: 'Estoy afuera, llámame al 987 111 222',
          timestamp: new Date().toISOString(),
          id: 'a1b2c3d4e5f60718',
        }),
      );
      await expect.poll(() => titles(pd).length).toBe(4);
      await driverMqtt.endAsync();
      await settled();
      expect(pd.received[3]).toEqual({
        kind: 'chat',
        title: 'Mensaje de Jorge',
        body: 'Estoy afuera, llámame al •••',
        url: '/passenger/active-trip',
        tag: `chat-${trip.id}-${d.id}`,
        renotify: true,
      });

      const startCode = (await api<{ start_code: string }>(t.baseUrl, 'GET', '/trips/active', { token: p.token })).body
        .data.start_code;
      expect(
        (
          await api(t.baseUrl, 'PUT', `/driver/trips/${trip.id}/status`, {
            token: d.token,
            body: { status: 'in_progress', start_code: startCode },
          })
        ).status,
      ).toBe(200);
      expect(
        (
          await api(t.baseUrl, 'POST', `/driver/trips/${trip.id}/fare-adjustments`, {
            token: d.token,
            body: { amount: 3.5, reason: 'tolls' },
          })
        ).status,
      ).toBe(201);
      await settled();
      expect(pd.received[4]).toMatchObject({
        title: 'Tu conductor pide un ajuste de tarifa',
        body: `${formatSoles(3.5)} más. Toca para aceptarlo o rechazarlo.`,
      });
      expect(
        (await api(t.baseUrl, 'PUT', `/trips/${trip.id}/fare-adjustment`, { token: p.token, body: { accept: true } }))
          .status,
      ).toBe(200);
      await settled();
      expect(titles(dd).at(-1)).toBe('El pasajero aceptó el ajuste');

      expect(
        (
          await api(t.baseUrl, 'POST', '/safety/sos', {
            token: p.token,
            body: { latitude: -12.1211, longitude: -77.0297 },
          })
        ).status,
      ).toBe(201);
      await settled();
      expect(od.received).toEqual([
        expect.objectContaining({
          kind: 'sos',
          title: 'Alerta SOS',
          body: 'Un pasajero pidió ayuda en Miraflores.',
          url: '/operators?seccion=alertas',
        }),
      ]);

      const done = await api<{ final_fare: number }>(t.baseUrl, 'POST', '/driver/trips/complete', {
        token: d.token,
        body: { trip_id: trip.id, final_latitude: JOCKEY.latitude, final_longitude: JOCKEY.longitude },
      });
      expect(done.status).toBe(200);
      await settled();
      expect(pd.received.at(-1)).toMatchObject({
        title: 'Viaje finalizado',
        body: `Total ${formatSoles(25)}. Toca para ver tu recibo.`,
        url: `/trips/${trip.id}/receipt`,
      });

      expect(titles(pd)).toEqual([
        `Jorge te ofrece ${formatSoles(21.5)}`,
        'Tu conductor está en camino',
        'Tu conductor llegó',
        'Mensaje de Jorge',
        'Tu conductor pide un ajuste de tarifa',
        'Viaje finalizado',
      ]);
      expect(titles(dd)).toEqual([
        'Nueva solicitud en Miraflores',
        '¡El pasajero te eligió!',
        'El pasajero aceptó el ajuste',
      ]);
      expect(titles(od)).toEqual(['Alerta SOS']);
      // A driver outside the pickup's reach was told nothing; no lock screen named an address or a phone.
      expect(sd.received).toEqual([]);
      for (const payload of [...pd.received, ...dd.received, ...od.received]) {
        expect(JSON.stringify(payload)).not.toMatch(/Parque Kennedy|Jockey|987 ?111 ?222/);
      }
      expect(service.rejections).toEqual([]);
    },
  );

  maybe('requests close together are one grouped notification; a cancel reaches the driver who offered', async () => {
    const db = t.app.database.db;
    const d = await onlineDriver(t.baseUrl, db);
    const dd = await subscribeDevice(t.baseUrl, d.token, service);
    const [p1, p2] = [await passenger(t.baseUrl), await passenger(t.baseUrl)];
    const first = await requestTrip(t.baseUrl, p1.token);
    await api(t.baseUrl, 'POST', `/trips/${first.id}/publish`, { token: p1.token });
    const second = await requestTrip(t.baseUrl, p2.token);
    await api(t.baseUrl, 'POST', `/trips/${second.id}/publish`, { token: p2.token });
    await settled();
    // Other tests' requests may also reach this driver: what matters is the count grows under one tag.
    const requestPushes = dd.received.filter((payload) => payload.kind === 'requests');
    expect(requestPushes.at(-1)).toMatchObject({
      title: `${requestPushes.length} solicitudes nuevas cerca de ti`,
      tag: 'trip-requests',
      renotify: true,
    });
    expect(requestPushes.at(-1)!.body).toMatch(/^La última: S\/\s/);

    expect(
      (await api(t.baseUrl, 'POST', '/driver/trips/accept', { token: d.token, body: { trip_request_id: second.id } }))
        .status,
    ).toBe(201);
    expect((await api(t.baseUrl, 'PUT', `/trips/${second.id}/cancel`, { token: p2.token, body: {} })).status).toBe(200);
    await settled();
    expect(dd.received.filter((payload) => payload.kind === 'trip_updates')).toEqual([
      expect.objectContaining({
        title: 'El pasajero canceló el viaje',
        url: '/driver/trip-request',
        tag: `trip-${second.id}`,
      }),
    ]);
  });

  maybe(
    'a user whose app is on screen, or who turned the kind off, is not pushed; logout removes the device',
    async () => {
      const db = t.app.database.db;
      const driver = await onlineDriver(t.baseUrl, db, { profile: { verificationStatus: 'pending_verification' } });
      const operator = await login(t.baseUrl, (await createUser(db, { isAdmin: true })).email);
      const device = await subscribeDevice(t.baseUrl, driver.token, service);
      const review = (verdict: 'approve' | 'reject') =>
        api(t.baseUrl, 'POST', `/admin/drivers/${driver.id}/${verdict === 'approve' ? 'verify' : 'reject'}`, {
          token: operator.token,
          ...(verdict === 'reject' ? { body: { reason: 'La foto de la licencia está borrosa.' } } : { body: {} }),
        });

      expect(
        (await api(t.baseUrl, 'PUT', '/notifications/presence', { token: driver.token, body: { visible: true } }))
          .status,
      ).toBe(200);
      expect((await review('reject')).status).toBe(200);
      await settled();
      expect(device.received).toEqual([]);

      await api(t.baseUrl, 'PUT', '/notifications/presence', { token: driver.token, body: { visible: false } });
      const prefs = await api<Record<string, boolean>>(t.baseUrl, 'PUT', '/notifications/preferences', {
        token: driver.token,
        body: { account: false },
      });
      expect(prefs.body.data).toMatchObject({ account: false, requests: true, chat: true });
      expect((await review('reject')).status).toBe(200);
      await settled();
      expect(device.received).toEqual([]);

      await api(t.baseUrl, 'PUT', '/notifications/preferences', { token: driver.token, body: { account: true } });
      expect((await review('approve')).status).toBe(200);
      await settled();
      expect(device.received).toEqual([
        expect.objectContaining({
          kind: 'account',
          title: '¡Tus documentos fueron aprobados!',
          url: '/driver/profile?tab=documentos',
        }),
      ]);

      expect((await api(t.baseUrl, 'POST', '/auth/logout', { token: driver.token })).status).toBe(200);
      expect(await subscriptionRows(device.endpoint)).toEqual([]);
    },
  );
});
