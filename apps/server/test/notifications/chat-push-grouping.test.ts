/**
 * Chat pushes are grouped per conversation and recipient, on PGlite and PostgreSQL: a burst of messages
 * sent over MQTT while a push for that conversation is waiting or being sent becomes one more push saying
 * how many there were and showing the latest, never a push per message. One message alone keeps its text.
 */
import { randomBytes } from 'node:crypto';

import { topics } from '@jala/contracts';
import { createTrip } from '@jala/test-factories/database';
import { afterAll, afterEach, beforeAll, expect, vi } from 'vitest';

import { MAX_CONCURRENT } from '../../src/modules/notifications/delivery/push-sender';
import { onlineDriver, passenger } from '../support/actors';
import { describeOnBackends } from '../support/backends';
import { connectMqtt } from '../support/mqtt';
import { pushesSettled, subscribeDevice } from '../support/push-actors';
import { type PushDevice, startPushService, type TestPushService } from '../support/push-service';

let service: TestPushService;
beforeAll(async () => {
  service = await startPushService();
});
afterAll(async () => service.close());
afterEach(() => vi.restoreAllMocks());

const chats = (device: PushDevice) =>
  device.received.filter((payload) => payload.kind === 'chat').map(({ title, body }) => ({ title, body }));

/** A promise and the function that resolves it: a test opens it when it is ready, not after a pause. */
function gate(): { opened: Promise<void>; open: () => void } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

describeOnBackends('chat pushes grouped per conversation on %s', ({ t, maybe }) => {
  /** A passenger (Ana) and a driver (Jorge) on an accepted trip, each with a device and an MQTT connection. */
  const conversation = async () => {
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
    const [pd, dd] = [
      await subscribeDevice(t.baseUrl, p.token, service),
      await subscribeDevice(t.baseUrl, d.token, service),
    ];
    const [pm, dm] = [
      await connectMqtt(t.wsUrl, { userId: p.id, token: p.token }),
      await connectMqtt(t.wsUrl, { userId: d.id, token: d.token }),
    ];
    // Every message the server stored and handed to the notifications (the spy calls through).
    const handed = vi.spyOn(t.app.services.push.notifications, 'chat');
    /** Sends a message and waits until the server handed it to the notifications, as a person typing would. */
    const say = async (from: 'passenger' | 'driver', message: string) => {
      const [client, sender] = from === 'passenger' ? [pm, p.id] : [dm, d.id];
      const before = handed.mock.calls.length;
      client.publish(
        topics.chat(trip.id, d.id),
        JSON.stringify({
          sender,
          role: from,
          message,
          timestamp: new Date().toISOString(),
          id: randomBytes(8).toString('hex'),
        }),
      );
      await expect.poll(() => handed.mock.calls.length).toBe(before + 1);
    };
    const close = () => Promise.all([pm.endAsync(), dm.endAsync()]);
    return { trip, pd, dd, say, close };
  };

  maybe('a burst while the queue is busy is one push per recipient: the count and the latest message', async () => {
    const { pd, dd, say, close } = await conversation();
    // Every job slot busy: chat pushes wait in the queue while the messages arrive.
    const busy = gate();
    for (let i = 0; i < MAX_CONCURRENT; i += 1) t.app.services.push.sender.enqueue('busy', () => busy.opened);

    for (let i = 1; i <= 10; i += 1) await say('driver', `Mensaje ${i}, llámame al 987 111 222`);
    await say('passenger', 'Ya bajo');
    await say('passenger', 'Estoy en la puerta');
    busy.open();
    await pushesSettled(t.app);
    await close();

    expect(chats(pd)).toEqual([{ title: '10 mensajes nuevos de Jorge', body: 'Mensaje 10, llámame al •••' }]);
    expect(chats(dd)).toEqual([{ title: '2 mensajes nuevos de Ana', body: 'Estoy en la puerta' }]);
    expect(pd.received[0]).toMatchObject({ tag: expect.stringMatching(/^chat-\d+-\d+$/), renotify: true });
  });

  maybe(
    'messages that arrive while the first push is being sent become one more push, counting the first',
    async () => {
      const { pd, say, close } = await conversation();
      const { sender } = t.app.services.push;
      const send = sender.send.bind(sender);
      const firstSending = gate();
      const release = gate();
      vi.spyOn(sender, 'send').mockImplementationOnce(async (devices, payload, delivery) => {
        firstSending.open();
        await release.opened;
        return send(devices, payload, delivery);
      });

      await say('driver', 'Llegué');
      await firstSending.opened;
      for (const text of ['Estoy en un auto plata', 'Placa ABC-123', 'Te espero aquí']) await say('driver', text);
      release.open();
      await pushesSettled(t.app);

      expect(chats(pd)).toEqual([
        { title: 'Mensaje de Jorge', body: 'Llegué' },
        { title: '4 mensajes nuevos de Jorge', body: 'Te espero aquí' },
      ]);

      // The burst is over: the next message is told on its own again.
      await say('driver', '¿Sigues ahí?');
      await pushesSettled(t.app);
      await close();
      expect(chats(pd).at(-1)).toEqual({ title: 'Mensaje de Jorge', body: '¿Sigues ahí?' });
    },
  );
});
