/**
 * A driver floods a conversation over MQTT (600 messages in one burst), then the passenger writes once.
 * Whatever part of the flood gets stored (a publish budget may refuse some and then cut the connection),
 * the passenger's later message is in the first page of the history for both people, the conversation
 * keeps no more than its bound, and the operators' view of the trip answers one page, not the whole flood.
 */
import {
  type AdminChatPage,
  type AdminTripStory,
  CHAT_PAGE_MAX,
  type ChatMessage,
  type ChatPage,
  topics,
} from '@jala/contracts';
import { and, eq, schema } from '@jala/db';
import { createDriver, createTrip, createUser } from '@jala/test-factories/database';
import type { MqttClient } from 'mqtt';
import { expect } from 'vitest';

import { CHAT_MESSAGES_KEPT } from '../../src/modules/trips/chat/chat.service';
import { login } from '../support/actors';
import { describeOnBackends } from '../support/backends';
import { api } from '../support/http';
import { connectMqtt, MESSAGE_WAIT_MS, nextMessageWhere, subscribeQos } from '../support/mqtt';

const FLOOD = 600;

let ids = 0;
/** A fresh client id for a message (what the web app sets: unique per sender). */
const messageId = (tag: string) => `${tag}-${process.pid}-${String((ids += 1)).padStart(10, '0')}`;

/**
 * Sends `count` chat messages as fast as the socket takes them and ignores every refusal: a refused
 * publish, a disconnect, an error. Resolves once the broker has answered the burst: a QoS 1 probe sent
 * after it was acknowledged (publishes of one connection are taken in order), or the connection closed.
 */
function flood(client: MqttClient, topic: string, message: (i: number) => ChatMessage, count: number): Promise<void> {
  client.on('error', () => {}); // a budget may end the connection mid-burst: that is the point, not a failure
  for (let i = 0; i < count; i += 1) client.publish(topic, JSON.stringify(message(i)), { qos: 0 }, () => {});
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () =>
        reject(new Error(`the broker answered neither the probe nor with a disconnect within ${MESSAGE_WAIT_MS} ms`)),
      MESSAGE_WAIT_MS,
    );
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    client.once('close', done);
    client.publish(topic, JSON.stringify(message(count)), { qos: 1 }, done);
  });
}

describeOnBackends('a chat flood from the driver on %s', ({ t, maybe }) => {
  maybe(
    "leaves the passenger's later message on the first page for both people, within the bound, and the operators' view paged",
    async () => {
      const db = t.app.database.db;
      const driverAccount = await createDriver(db);
      const riderAccount = await createUser(db);
      const operatorAccount = await createUser(db, { isAdmin: true });
      const trip = await createTrip(db, {
        passengerId: riderAccount.id,
        driverId: driverAccount.user.id,
        vehicleId: driverAccount.vehicle.id,
        status: 'in_progress',
        acceptedAt: new Date(),
        startedAt: new Date(),
      });
      const rider = { id: riderAccount.id, token: (await login(t.baseUrl, riderAccount.email)).token };
      const driver = { id: driverAccount.user.id, token: (await login(t.baseUrl, driverAccount.user.email)).token };
      const operator = (await login(t.baseUrl, operatorAccount.email)).token;
      const topic = topics.chat(trip.id, driver.id);
      const conversation = and(eq(schema.chatMessages.tripId, trip.id), eq(schema.chatMessages.driverId, driver.id));

      // An earlier conversation that already fills the bound, so every message the flood gets stored must
      // push one out (the flood alone may be cut short before it reaches the bound).
      const hourAgo = Date.now() - 3_600_000;
      await db.insert(schema.chatMessages).values(
        Array.from({ length: CHAT_MESSAGES_KEPT }, (_, i) => ({
          tripId: trip.id,
          driverId: driver.id,
          senderId: i % 2 ? rider.id : driver.id,
          senderRole: i % 2 ? ('passenger' as const) : ('driver' as const),
          message: `Mensaje anterior ${i}`,
          clientMessageId: messageId('old'),
          createdAt: new Date(hourAgo + i),
        })),
      );

      const passengerPhone = await connectMqtt(t.wsUrl, { userId: rider.id, token: rider.token });
      const flooder = await connectMqtt(t.wsUrl, { userId: driver.id, token: driver.token });
      try {
        expect(await subscribeQos(passengerPhone, topic)).toBe(0);
        await flood(
          flooder,
          topic,
          (i) => ({
            id: messageId('flood'),
            sender: driver.id,
            role: 'driver',
            message: `Mensaje de relleno número ${i} para llenar el chat`,
            timestamp: new Date().toISOString(),
          }),
          FLOOD,
        );

        // The passenger writes once, after the burst, and hears the broker deliver it.
        const later: ChatMessage = {
          id: messageId('later'),
          sender: rider.id,
          role: 'passenger',
          message: '¿Sigues ahí? Estoy en la puerta verde',
          timestamp: new Date().toISOString(),
        };
        const delivered = nextMessageWhere(passengerPhone, topic, (m) => (m as ChatMessage).id === later.id);
        await passengerPhone.publishAsync(topic, JSON.stringify(later), { qos: 1 });
        await delivered;

        // Stored beside the delivery: both people's first page shows it once it is stored.
        const firstPage = async (token: string) =>
          (await api<ChatPage>(t.baseUrl, 'GET', `/trips/${trip.id}/chat/${driver.id}/messages`, { token })).body.data;
        for (const who of [rider, driver]) {
          await expect
            .poll(async () => (await firstPage(who.token)).messages.map((m) => m.id), {
              message: `first page of ${who.id}`,
            })
            .toContain(later.id);
          const page = await firstPage(who.token);
          expect(page.messages.length).toBeLessThanOrEqual(CHAT_PAGE_MAX);
          expect(page.next_before).toEqual(expect.any(Number));
        }
        // Earlier app versions read the bare array: the newest page there too.
        const legacy = await api<ChatMessage[]>(t.baseUrl, 'GET', `/trips/${trip.id}/chat/${driver.id}`, {
          token: rider.token,
        });
        expect(legacy.body.data.map((m) => m.id)).toContain(later.id);

        // The bound: once the last trim is done the conversation holds exactly the newest CHAT_MESSAGES_KEPT,
        // the passenger's message among them; what was pushed out is the oldest.
        await expect.poll(() => db.$count(schema.chatMessages, conversation)).toBe(CHAT_MESSAGES_KEPT);
        const kept = await db.select().from(schema.chatMessages).where(conversation);
        expect(kept.map((row) => row.clientMessageId)).toContain(later.id);
        const keptOld = kept
          .filter((row) => row.message.startsWith('Mensaje anterior'))
          .map((row) => Number(row.message.split(' ').pop()));
        const pushedOut = CHAT_MESSAGES_KEPT - keptOld.length;
        expect(pushedOut).toBeGreaterThan(0);
        expect(Math.min(...keptOld)).toBe(pushedOut);

        // The operators' view answers one page of the chat, its newest, and pages back from there.
        const story = await api<AdminTripStory>(t.baseUrl, 'GET', `/admin/trips/${trip.id}`, { token: operator });
        expect(story.status).toBe(200);
        expect(story.body.data.chat.length).toBe(CHAT_PAGE_MAX);
        expect(story.body.data.chat.map((line) => line.message)).toContain(later.message);
        expect(JSON.stringify(story.body).length).toBeLessThan(64_000);
        const older = await api<AdminChatPage>(
          t.baseUrl,
          'GET',
          `/admin/trips/${trip.id}/chat?before=${story.body.data.chat_next_before}`,
          { token: operator },
        );
        expect(older.status).toBe(200);
        expect(older.body.data.messages.length).toBe(CHAT_PAGE_MAX);
        expect(older.body.data.messages.map((line) => line.message)).not.toContain(later.message);
        expect(older.body.data.next_before).toEqual(expect.any(Number));
      } finally {
        passengerPhone.end(true);
        flooder.end(true);
      }
    },
  );
});
