/**
 * The read models' version stamps in Redis (lib/read-versions.ts) across a Redis reconnect: nothing kept
 * before the link dropped may look current after it, and while the link is down reads and bumps fail at
 * once (the read models then answer from the database) instead of waiting in ioredis' offline queue.
 */
import { randomBytes } from 'node:crypto';

import type { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';

import { readKeys, RedisReadVersions } from '../src/lib/read-versions';
import { createRedis } from '../src/lib/redis';
import { REDIS_TEST_URL } from './support/test-app';

const prefix = `jala-test-rv-${randomBytes(4).toString('hex')}:`;
const clients: Redis[] = [];

async function connected(): Promise<Redis> {
  const redis = await createRedis({ url: REDIS_TEST_URL, prefix }, { maxRetriesPerRequest: 1 });
  clients.push(redis);
  if (redis.status !== 'ready') await new Promise((resolve) => redis.once('ready', resolve));
  return redis;
}

const ready = (redis: Redis) => new Promise((resolve) => redis.once('ready', resolve));

afterAll(async () => {
  for (const redis of clients) redis.disconnect();
});

describe('read-model stamps in Redis', () => {
  it('a stamp read before a reconnect never equals one read after it, even with no bump in between', async () => {
    const redis = await connected();
    const versions = new RedisReadVersions(redis, 'node-a');
    const key = readKeys.user(4242);

    // A key never bumped (its stamp would be empty), and one bumped: both change across the reconnect.
    const before = await versions.stamps([key]);
    await versions.bump([readKeys.tripOffers(77)]);
    const bumpedBefore = await versions.stamps([readKeys.tripOffers(77)]);
    expect(await versions.stamps([key])).toEqual(before);

    const back = ready(redis);
    redis.disconnect(true); // drops the link; ioredis reconnects by itself
    await back;

    expect(await versions.stamps([key])).not.toEqual(before);
    expect(await versions.stamps([readKeys.tripOffers(77)])).not.toEqual(bumpedBefore);
  });

  it('while the link is down, reading and bumping fail at once', async () => {
    const redis = await connected();
    const versions = new RedisReadVersions(redis, 'node-b');
    const ended = new Promise((resolve) => redis.once('end', resolve));
    redis.disconnect(false); // no reconnect: the link stays down
    await ended;
    await expect(versions.stamps([readKeys.user(1)])).rejects.toThrow(/Redis link/);
    await expect(versions.bump([readKeys.user(1)])).rejects.toThrow(/Redis link/);
  });
});
