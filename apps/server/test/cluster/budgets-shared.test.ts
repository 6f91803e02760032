/**
 * Two nodes of the real app on one PostgreSQL database and one Redis: a write budget is one budget for the
 * whole cluster, over HTTP and over MQTT, so an abuser cannot multiply it by spreading requests over nodes.
 */
import { topics } from '@jala/contracts';
import { eq, schema } from '@jala/db';
import { createDriver, createTrip, createUser } from '@jala/test-factories/database';
import { beforeAll, describe, expect, it } from 'vitest';

import { HTTP_BUDGETS, MQTT_BUDGETS } from '../../src/budgets/budget-table';
import { login } from '../support/actors';
import { api, registerUser } from '../support/http';
import { connectMqtt } from '../support/mqtt';
import { useTwoNodes } from '../support/two-nodes';

describe('write budgets across two nodes', () => {
  let api0 = '';
  let api1 = '';
  const cluster = useTwoNodes();
  beforeAll(() => {
    [api0, api1] = cluster.api as [string, string];
  });

  it('counts one HTTP budget for a user whichever node answers', async () => {
    const abuser = await registerUser(api0);
    const limit = Number(HTTP_BUDGETS['POST /api/notifications/test']?.limit);
    const statuses: number[] = [];
    for (let i = 0; i < limit + 1; i++)
      statuses.push((await api(i % 2 ? api1 : api0, 'POST', '/notifications/test', { token: abuser.token })).status);
    expect(statuses.slice(0, limit).every((status) => status === 200)).toBe(true);
    expect(statuses[limit]).toBe(429);
    // Both nodes now refuse.
    expect((await api(api0, 'POST', '/notifications/test', { token: abuser.token })).status).toBe(429);
    expect((await api(api1, 'POST', '/notifications/test', { token: abuser.token })).status).toBe(429);
  });

  it('counts one MQTT publish budget for a sender connected to both nodes', async () => {
    const db = cluster.nodes[0]!.database.db;
    const driver = await createDriver(db);
    const rider = await createUser(db);
    const trip = await createTrip(db, {
      passengerId: rider.id,
      driverId: driver.user.id,
      vehicleId: driver.vehicle.id,
      status: 'in_progress',
      acceptedAt: new Date(),
      startedAt: new Date(),
    });
    const { token } = await login(api0, rider.email);
    const topic = topics.chat(trip.id, driver.user.id);
    const message = (text: string) =>
      JSON.stringify({ sender: rider.id, role: 'passenger', message: text, timestamp: new Date().toISOString() });
    const [onA, onB] = await Promise.all(cluster.ws.map((url) => connectMqtt(url, { userId: rider.id, token })));
    cluster.clients.push(onA!, onB!);
    const budget = Number(MQTT_BUDGETS.chat.limit);
    const closedB = new Promise<void>((resolve) => onB!.once('close', () => resolve()));
    // The whole budget on node A; then node B, counting the same budget, drops what follows and closes the
    // connection once the sender is past twice the budget: within budget + 1 messages, where a count of its
    // own would have let a whole budget through first.
    for (let i = 0; i < budget; i++) await onA!.publishAsync(topic, message(`por A ${i}`), { qos: 1 });
    let sentOnB = 0;
    let closed = false;
    void closedB.then(() => {
      closed = true;
    });
    while (!closed && sentOnB < budget * 3) {
      sentOnB += 1;
      // A QoS 1 publish cut by the close would wait for its PUBACK across reconnects: the close ends the wait.
      await Promise.race([
        onB!.publishAsync(topic, message(`por B ${sentOnB}`), { qos: 1 }).catch(() => undefined),
        closedB,
      ]);
    }
    expect(closed).toBe(true);
    onB!.end(true);
    expect(sentOnB).toBeLessThanOrEqual(budget + 1);
    const stored = await db.select().from(schema.chatMessages).where(eq(schema.chatMessages.tripId, trip.id));
    expect(stored.filter((row) => row.message.startsWith('por B'))).toHaveLength(0);
    await expect
      .poll(
        async () => (await db.select().from(schema.chatMessages).where(eq(schema.chatMessages.tripId, trip.id))).length,
      )
      .toBe(budget);
  });
});
