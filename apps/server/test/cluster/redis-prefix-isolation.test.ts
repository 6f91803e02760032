/**
 * Two deployments on one Redis (REDIS_PREFIX) hear only themselves: Redis pub/sub channels are one
 * namespace for every client and ioredis' keyPrefix does not apply to them, so the broker's emitter and the
 * cluster bus name their channels with the prefix. Nodes of the same deployment still hear each other.
 */
import { randomUUID } from 'node:crypto';

import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';

import { ClusterBus, type ClusterEvent } from '../../src/realtime/cluster-bus';
import { createBrokerStorage } from '../../src/realtime/persistence';
import { clearRedisPrefix, REDIS_TEST_URL } from '../support/test-app';

type Emitter = NonNullable<Awaited<ReturnType<typeof createBrokerStorage>>['mq']>;

const prefixes = [`iso-a-${randomUUID()}:`, `iso-b-${randomUUID()}:`];
const closers: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const close of closers) await close();
  for (const prefix of prefixes) await clearRedisPrefix(prefix);
});

async function emitterOf(prefix: string): Promise<Emitter> {
  const { mq } = await createBrokerStorage({ url: REDIS_TEST_URL, prefix });
  if (!mq) throw new Error('no Redis emitter');
  closers.push(() => new Promise<void>((resolve) => mq.close(() => resolve())));
  return mq;
}

/** Subscribes to `topic` and resolves once Redis confirmed the subscription; returns what arrives. */
async function listen(mq: Emitter, topic: string): Promise<string[]> {
  const received: string[] = [];
  await new Promise<void>((resolve) =>
    mq.on(
      topic,
      (packet: { topic: string; payload?: unknown }, done: () => void) => {
        received.push(`${packet.topic} ${String(packet.payload)}`);
        done();
      },
      resolve,
    ),
  );
  return received;
}

const emit = (mq: Emitter, topic: string, payload: string) =>
  new Promise<void>((resolve, reject) =>
    mq.emit({ topic, payload }, (error?: Error) => (error ? reject(error) : resolve())),
  );

describe('deployments sharing one Redis', () => {
  it("deliver broker publishes to the same deployment's nodes only, wildcards included", async () => {
    const [a1, a2, b1] = await Promise.all([emitterOf(prefixes[0]!), emitterOf(prefixes[0]!), emitterOf(prefixes[1]!)]);
    const onA2 = await listen(a2, 'trip_status/1');
    const onA2Wildcard = await listen(a2, 'trip_status/+');
    const onB1 = await listen(b1, 'trip_status/1');
    const onB1Wildcard = await listen(b1, '#');
    await emit(a1, 'trip_status/1', 'de A');
    // B's own publish after A's: once B hears itself, A's publish (sent first) would have arrived too.
    await emit(b1, 'trip_status/1', 'de B');
    await expect.poll(() => onB1).toEqual(['trip_status/1 de B']);
    await expect.poll(() => onA2).toEqual(['trip_status/1 de A']);
    expect(onA2Wildcard).toEqual(['trip_status/1 de A']);
    expect(onB1Wildcard).toEqual(['trip_status/1 de B']);
  });

  it("deliver cluster bus events to the same deployment's nodes only", async () => {
    const log = Fastify({ logger: false }).log;
    const bus = async (prefix: string, nodeId: string) => {
      const created = await ClusterBus.create({ redis: { url: REDIS_TEST_URL, prefix }, nodeId, log });
      closers.push(() => created.close());
      return created;
    };
    const [a1, a2, b1, b2] = await Promise.all([
      bus(prefixes[0]!, 'a1'),
      bus(prefixes[0]!, 'a2'),
      bus(prefixes[1]!, 'b1'),
      bus(prefixes[1]!, 'b2'),
    ]);
    const heard = { a2: [] as ClusterEvent[], b2: [] as ClusterEvent[] };
    a2.on((event) => heard.a2.push(event));
    b2.on((event) => heard.b2.push(event));
    await a1.broadcast({ kind: 'user-changed', userId: 7 });
    // Published after A's: once B's node hears it, A's (sent first) would have arrived before it.
    await b1.broadcast({ kind: 'user-changed', userId: 8 });
    await expect.poll(() => heard.b2).toEqual([{ kind: 'user-changed', userId: 8 }]);
    await expect.poll(() => heard.a2).toEqual([{ kind: 'user-changed', userId: 7 }]);
  });
});
