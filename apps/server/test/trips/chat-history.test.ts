/**
 * The stored chat read page by page: the newest page first, older ones through the `next_before` cursor
 * in the conversation's order (stored time, then id) with nothing repeated or skipped; a cursor or limit
 * that is not one is a Spanish 400; ownership as before; the bare-array route of earlier app versions
 * answers the newest page; and storing a message keeps only the conversation's newest 1,000.
 */
import {
  type AdminChatPage,
  type AdminTripStory,
  CHAT_PAGE_MAX,
  type ChatMessage,
  type ChatPage,
  topics,
} from '@jala/contracts';
import { and, type Database, eq, schema } from '@jala/db';
import { createUser } from '@jala/test-factories/database';
import { expect } from 'vitest';

import { CHAT_MESSAGES_KEPT } from '../../src/modules/trips/chat/chat.service';
import { login, ridingPair } from '../support/actors';
import { describeOnBackends } from '../support/backends';
import { api } from '../support/http';
import { connectMqtt } from '../support/mqtt';

type ChatRowValues = typeof schema.chatMessages.$inferInsert;

/**
 * `count` rows of one conversation, inserted in a shuffled order (so ids do not follow the stored time) with
 * three messages per millisecond (so ties are broken by id); returns the texts in history order.
 */
async function seedConversation(
  db: Database,
  tripId: number,
  who: { rider: number; driver: number },
  count: number,
  start: number,
): Promise<string[]> {
  const rows: ChatRowValues[] = Array.from({ length: count }, (_, i) => ({
    tripId,
    driverId: who.driver,
    senderId: i % 2 ? who.rider : who.driver,
    senderRole: i % 2 ? 'passenger' : 'driver',
    message: `mensaje ${i}`,
    clientMessageId: `seed-${tripId}-${String(i).padStart(12, '0')}`,
    createdAt: new Date(start + Math.floor(i / 3)),
  }));
  // i → i·7919 mod count is a permutation (7919 is a prime that divides none of the counts used here).
  const shuffled = rows
    .map((row, i) => ({ row, at: (i * 7919) % count }))
    .sort((a, b) => a.at - b.at)
    .map(({ row }) => row);
  await db.insert(schema.chatMessages).values(shuffled);
  const stored = await db.select().from(schema.chatMessages).where(eq(schema.chatMessages.tripId, tripId));
  return stored.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id).map((r) => r.message);
}

describeOnBackends('chat history pages on %s', ({ t, maybe }) => {
  const page = (path: string, token: string) => api<ChatPage>(t.baseUrl, 'GET', path, { token });

  maybe('answers the newest page, then walks back with the cursor to the oldest message, for both people', async () => {
    const db = t.app.database.db;
    const { tripId, rider, driver } = await ridingPair(t.baseUrl, db);
    const inOrder = await seedConversation(
      db,
      tripId,
      { rider: rider.id, driver: driver.id },
      450,
      Date.now() - 3_600_000,
    );
    const base = `/trips/${tripId}/chat/${driver.id}/messages`;

    for (const who of [rider, driver]) {
      const read: string[][] = [];
      let cursor: number | null | undefined;
      do {
        const answer = await page(cursor ? `${base}?before=${cursor}` : base, who.token);
        expect(answer.status).toBe(200);
        expect(answer.body.data.messages.length).toBeLessThanOrEqual(CHAT_PAGE_MAX);
        read.unshift(answer.body.data.messages.map((m) => m.message));
        cursor = answer.body.data.next_before;
      } while (cursor !== null);
      expect(read.map((p) => p.length)).toEqual([50, 200, 200]);
      expect(read.flat()).toEqual(inOrder);
    }

    const small = await page(`${base}?limit=2`, rider.token);
    expect(small.body.data.messages.map((m) => m.message)).toEqual(inOrder.slice(-2));
    const older = await page(`${base}?limit=3&before=${small.body.data.next_before}`, rider.token);
    expect(older.body.data.messages.map((m) => m.message)).toEqual(inOrder.slice(-5, -2));

    // App versions before paging read a bare array: now the newest page instead of the oldest 500.
    const legacy = await api<ChatMessage[]>(t.baseUrl, 'GET', `/trips/${tripId}/chat/${driver.id}`, {
      token: rider.token,
    });
    expect(legacy.body.data.map((m) => m.message)).toEqual(inOrder.slice(-CHAT_PAGE_MAX));
  });

  maybe(
    'answers a cursor or a limit that is not one with a Spanish 400, and a foreign cursor with an empty page',
    async () => {
      const db = t.app.database.db;
      const mine = await ridingPair(t.baseUrl, db);
      const other = await ridingPair(t.baseUrl, db);
      await seedConversation(db, mine.tripId, { rider: mine.rider.id, driver: mine.driver.id }, 5, Date.now());
      await seedConversation(db, other.tripId, { rider: other.rider.id, driver: other.driver.id }, 5, Date.now());
      const base = `/trips/${mine.tripId}/chat/${mine.driver.id}/messages`;

      for (const before of ['abc', '0', '-4', '1.5', '99999999999', '', '1e400', 'NaN']) {
        const answer = await page(`${base}?before=${encodeURIComponent(before)}`, mine.rider.token);
        expect(answer.status, before).toBe(400);
        expect(answer.body.fields?.before, before).toBe('El cursor de la conversación no es válido.');
      }
      for (const limit of ['0', '201', 'todos', '2.5']) {
        const answer = await page(`${base}?limit=${limit}`, mine.rider.token);
        expect(answer.status, limit).toBe(400);
        expect(answer.body.fields?.limit, limit).toBe(
          `El límite debe ser un número entero entre 1 y ${CHAT_PAGE_MAX}.`,
        );
      }
      // A message id of someone else's conversation reads nothing of it (nor of this one).
      const [foreign] = await db.select().from(schema.chatMessages).where(eq(schema.chatMessages.tripId, other.tripId));
      const crossed = await page(`${base}?before=${foreign!.id}`, mine.rider.token);
      expect(crossed.status).toBe(200);
      expect(crossed.body.data).toEqual({ messages: [], next_before: null });
      // Another user's conversation stays a 404, with or without a cursor.
      for (const path of [
        `/trips/${other.tripId}/chat/${other.driver.id}/messages`,
        `/trips/${other.tripId}/chat/${other.driver.id}/messages?before=${foreign!.id}`,
      ]) {
        expect((await page(path, mine.rider.token)).status).toBe(404);
        expect((await page(path, mine.driver.token)).status).toBe(404);
      }
    },
  );

  maybe(
    'keeps a conversation at its newest 1,000 messages when one more is stored, and leaves the others alone',
    async () => {
      const db = t.app.database.db;
      const { tripId, rider, driver } = await ridingPair(t.baseUrl, db);
      const neighbour = await ridingPair(t.baseUrl, db);
      const start = Date.now() - 3_600_000;
      const inOrder = await seedConversation(
        db,
        tripId,
        { rider: rider.id, driver: driver.id },
        CHAT_MESSAGES_KEPT + 5,
        start,
      );
      await seedConversation(
        db,
        neighbour.tripId,
        { rider: neighbour.rider.id, driver: neighbour.driver.id },
        CHAT_MESSAGES_KEPT + 5,
        start,
      );
      const conversation = (trip: number, driverId: number) =>
        and(eq(schema.chatMessages.tripId, trip), eq(schema.chatMessages.driverId, driverId));
      const texts = async () =>
        (await db.select().from(schema.chatMessages).where(conversation(tripId, driver.id)))
          .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id)
          .map((r) => r.message);

      const client = await connectMqtt(t.wsUrl, { userId: rider.id, token: rider.token });
      try {
        await client.publishAsync(
          topics.chat(tripId, driver.id),
          JSON.stringify({
            sender: rider.id,
            role: 'passenger',
            message: 'Ya bajo',
            timestamp: new Date().toISOString(),
          }),
          { qos: 1 },
        );
      } finally {
        client.end(true);
      }
      // Stored beside the delivery: wait for the row, then for the trim that follows its insert.
      await expect.poll(async () => (await texts()).at(-1)).toBe('Ya bajo');
      await expect.poll(async () => (await texts()).length).toBe(CHAT_MESSAGES_KEPT);
      expect(await texts()).toEqual([...inOrder.slice(-(CHAT_MESSAGES_KEPT - 1)), 'Ya bajo']);
      expect(await db.$count(schema.chatMessages, conversation(neighbour.tripId, neighbour.driver.id))).toBe(
        CHAT_MESSAGES_KEPT + 5,
      );
    },
  );

  maybe("pages the operators' view of a trip's chat the same way", async () => {
    const db = t.app.database.db;
    const { tripId, rider, driver } = await ridingPair(t.baseUrl, db);
    const operator = await createUser(db, { isAdmin: true });
    const token = (await login(t.baseUrl, operator.email)).token;
    const inOrder = await seedConversation(
      db,
      tripId,
      { rider: rider.id, driver: driver.id },
      250,
      Date.now() - 3_600_000,
    );

    const story = await api<AdminTripStory>(t.baseUrl, 'GET', `/admin/trips/${tripId}`, { token });
    expect(story.body.data.chat.map((line) => line.message)).toEqual(inOrder.slice(-CHAT_PAGE_MAX));
    expect(story.body.data.chat_next_before).toEqual(expect.any(Number));
    const older = await api<AdminChatPage>(
      t.baseUrl,
      'GET',
      `/admin/trips/${tripId}/chat?before=${story.body.data.chat_next_before}`,
      { token },
    );
    expect(older.body.data.messages.map((line) => line.message)).toEqual(inOrder.slice(0, 50));
    expect(older.body.data.next_before).toBeNull();
    const newest = await api<AdminChatPage>(t.baseUrl, 'GET', `/admin/trips/${tripId}/chat?limit=1`, { token });
    expect(newest.body.data.messages).toEqual([
      expect.objectContaining({ message: inOrder.at(-1), sender_role: 'passenger' }),
    ]);

    expect((await api(t.baseUrl, 'GET', `/admin/trips/${tripId}/chat?before=nada`, { token })).status).toBe(400);
    expect((await api(t.baseUrl, 'GET', '/admin/trips/99999999/chat', { token })).status).toBe(404);
    expect((await api(t.baseUrl, 'GET', `/admin/trips/${tripId}/chat`, { token: rider.token })).status).toBe(403);
  });
});
