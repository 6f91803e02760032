/**
 * Notifications that tell two people (a cancellation by the system, a booking's driver no-show) reach each
 * of them on their own, on PGlite and PostgreSQL: a failure while telling the first never keeps the
 * second from being told.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

import { createTrip } from '@jala/test-factories/database';
import { afterAll, afterEach, beforeAll, expect, vi } from 'vitest';

import { onlineDriver, passenger, requestTrip } from '../support/actors';
import { describeOnBackends } from '../support/backends';
import { api } from '../support/http';
import { pushesSettled, subscribeDevice, titles } from '../support/push-actors';
import { startPushService, type TestPushService } from '../support/push-service';

let service: TestPushService;
beforeAll(async () => {
  service = await startPushService();
});
afterAll(async () => service.close());
afterEach(() => vi.restoreAllMocks());

/** An http://127.0.0.1 address where nothing listens: a push service that cannot be reached. */
async function deadOrigin(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

describeOnBackends('two-party notifications on %s', ({ t, maybe }) => {
  /** A passenger and a driver on an accepted trip, each with a device. */
  const assignedTrip = async () => {
    const p = await passenger(t.baseUrl);
    const d = await onlineDriver(t.baseUrl, t.app.database.db);
    const trip = await createTrip(t.app.database.db, {
      passengerId: p.id,
      driverId: d.id,
      vehicleId: d.vehicleId,
      status: 'accepted',
      agreedFareCents: 2000,
      acceptedAt: new Date(),
    });
    return {
      p,
      d,
      trip,
      pd: await subscribeDevice(t.baseUrl, p.token, service),
      dd: await subscribeDevice(t.baseUrl, d.token, service),
    };
  };

  maybe('a cancellation by the system reaches the driver even when pushing to the passenger throws', async () => {
    const { p, trip, pd, dd } = await assignedTrip();
    const { sender, notifications } = t.app.services.push;
    const send = sender.send.bind(sender);
    vi.spyOn(sender, 'send').mockImplementation((devices, payload, delivery) =>
      devices.some((device) => device.userId === p.id)
        ? Promise.reject(new Error('push service down'))
        : send(devices, payload, delivery),
    );

    notifications.tripStatus(trip.id, 'cancelled_by_system');
    await pushesSettled(t.app);
    expect(pd.received).toEqual([]);
    expect(dd.received).toEqual([
      expect.objectContaining({ title: 'Viaje cancelado', body: 'Jala canceló este viaje.', tag: `trip-${trip.id}` }),
    ]);

    // With the passenger's side working again, both are told.
    vi.restoreAllMocks();
    notifications.tripStatus(trip.id, 'cancelled_by_system');
    await pushesSettled(t.app);
    expect(titles(pd)).toEqual(['Viaje cancelado']);
    expect(titles(dd)).toEqual(['Viaje cancelado', 'Viaje cancelado']);
  });

  maybe("a booking no-show reaches the driver when the passenger's push service cannot be reached at all", async () => {
    const { p, d, trip, dd } = await assignedTrip();
    // The passenger's session now subscribes a device on a push service nobody answers (replacing the one it
    // had): the POST itself fails.
    const unreachable = { ...service.device(), endpoint: `${await deadOrigin()}/push/gone` };
    const subscribed = await api(t.baseUrl, 'POST', '/notifications/subscription', {
      token: p.token,
      body: { endpoint: unreachable.endpoint, keys: unreachable.keys },
    });
    expect(subscribed.status).toBe(201);

    t.app.services.push.notifications.bookingDriverNoShow(trip.id, d.id);
    await pushesSettled(t.app);
    expect(dd.received).toEqual([
      expect.objectContaining({ title: 'Perdiste un viaje programado', tag: `trip-${trip.id}` }),
    ]);
    expect(service.rejections).toEqual([]);
  });

  maybe('a cancellation to several drivers reaches the others when pushing to one of them throws', async () => {
    const p = await passenger(t.baseUrl);
    const [d1, d2] = [
      await onlineDriver(t.baseUrl, t.app.database.db),
      await onlineDriver(t.baseUrl, t.app.database.db),
    ];
    const [dd1, dd2] = [
      await subscribeDevice(t.baseUrl, d1.token, service),
      await subscribeDevice(t.baseUrl, d2.token, service),
    ];
    const trip = await requestTrip(t.baseUrl, p.token);
    await api(t.baseUrl, 'POST', `/trips/${trip.id}/publish`, { token: p.token });
    for (const driver of [d1, d2])
      expect(
        (
          await api(t.baseUrl, 'POST', '/driver/trips/accept', {
            token: driver.token,
            body: { trip_request_id: trip.id },
          })
        ).status,
      ).toBe(201);
    await pushesSettled(t.app);

    const { sender } = t.app.services.push;
    const send = sender.send.bind(sender);
    vi.spyOn(sender, 'send').mockImplementation((devices, payload, delivery) =>
      devices.some((device) => device.userId === d1.id)
        ? Promise.reject(new Error('push service down'))
        : send(devices, payload, delivery),
    );
    expect((await api(t.baseUrl, 'PUT', `/trips/${trip.id}/cancel`, { token: p.token, body: {} })).status).toBe(200);
    await pushesSettled(t.app);
    expect(dd1.received.filter((payload) => payload.kind === 'trip_updates')).toEqual([]);
    expect(dd2.received.filter((payload) => payload.kind === 'trip_updates')).toEqual([
      expect.objectContaining({ title: 'El pasajero canceló el viaje' }),
    ]);
  });
});
