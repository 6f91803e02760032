/**
 * Two real app nodes on one scratch PostgreSQL database and one Redis prefix, as a cluster runs them: both
 * boot at once (migrations and the generated token secret must not collide), listen on free ports, and are
 * closed, their Redis keys cleared and their database dropped after the file. MQTT clients pushed on
 * `clients` are ended first.
 */
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll } from 'vitest';

import { type App, buildApp } from '../../src/app';
import { clearRedisPrefix, createPostgresDatabase, REDIS_TEST_URL, testConfig } from './test-app';

export interface TwoNodes {
  /** Node A (index 0) and node B (index 1). */
  readonly nodes: App[];
  /** Each node's API base URL (`http://…/api`). */
  readonly api: string[];
  /** Each node's MQTT over WebSocket URL. */
  readonly ws: string[];
  readonly clients: MqttClient[];
  /** The scratch database both nodes use (for raw connections of a test). */
  databaseUrl: string;
}

export function useTwoNodes(): TwoNodes {
  let scratch: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined;
  const cluster: TwoNodes = { nodes: [], api: [], ws: [], clients: [], databaseUrl: '' };
  beforeAll(async () => {
    scratch = await createPostgresDatabase();
    cluster.databaseUrl = scratch.url;
    const shared = {
      databaseUrl: scratch.url,
      redisUrl: REDIS_TEST_URL,
      tokenSecret: null,
      redisPrefix: `jala-test-${scratch.name}:`,
    };
    cluster.nodes.push(
      ...(await Promise.all([
        buildApp(testConfig({ ...shared, nodeId: 'uno' })),
        buildApp(testConfig({ ...shared, nodeId: 'dos' })),
      ])),
    );
    const addresses = await Promise.all(
      cluster.nodes.map((node) => node.server.listen({ port: 0, host: '127.0.0.1' })),
    );
    cluster.api.push(...addresses.map((address) => `${address}/api`));
    cluster.ws.push(...addresses.map((address) => `${address.replace('http', 'ws')}/mqtt`));
  });
  afterAll(async () => {
    await Promise.all(cluster.clients.map((client) => client.endAsync(true).catch(() => undefined)));
    for (const node of cluster.nodes) await node.close();
    if (scratch) await clearRedisPrefix(`jala-test-${scratch.name}:`);
    await scratch?.drop();
  });
  return cluster;
}
