/**
 * What GET /api/health reports about this node, for the load balancer and operators:
 * the database answers, Redis answers (when configured), the broker accepts clients, the node is not draining.
 * The database failing makes the node unavailable (HTTP 503), so a balancer with health checks stops
 * sending it traffic; while draining it is 503 on purpose. Redis down is 'degraded' (still 200): every node
 * shares that Redis, so taking them all out would be an outage, while each keeps serving — login and
 * sign-up count attempts in its own memory meanwhile (FailoverAttemptCounters) — and recovers by itself.
 */
import { type DatabaseHandle, sql } from '@jala/db';
import type { Redis } from 'ioredis';

import type { RealtimeBroker } from '../realtime/broker';
import { pingRedis } from './redis';

const CHECK_TIMEOUT_MS = 2000;

export interface NodeHealth {
  /** 'ok', 'degraded' (Redis down: serving with per-node limits), 'unavailable' (database down) or 'draining'. */
  status: 'ok' | 'degraded' | 'unavailable' | 'draining';
  /** NODE_ID, also sent as the X-Jala-Node header. */
  node: string;
  /** Which database engine (kept as before: 'pglite' | 'postgres'). */
  database: DatabaseHandle['kind'];
  database_status: 'ok' | 'down';
  redis: 'ok' | 'down' | 'not_configured';
  broker: 'ok' | 'draining';
  mqtt_clients: number;
}

export interface HealthSources {
  nodeId: string;
  database: DatabaseHandle;
  redis: Redis | null;
  broker: RealtimeBroker;
  isDraining: () => boolean;
}

export async function checkNodeHealth(sources: HealthSources): Promise<NodeHealth> {
  const [databaseStatus, redis] = await Promise.all([
    pingDatabase(sources.database),
    sources.redis ? pingRedis(sources.redis, CHECK_TIMEOUT_MS) : Promise.resolve('not_configured' as const),
  ]);
  const draining = sources.isDraining() || sources.broker.isDraining;
  const status = draining ? 'draining' : databaseStatus !== 'ok' ? 'unavailable' : redis === 'down' ? 'degraded' : 'ok';
  return {
    status,
    node: sources.nodeId,
    database: sources.database.kind,
    database_status: databaseStatus,
    redis,
    broker: sources.broker.isDraining ? 'draining' : 'ok',
    mqtt_clients: sources.broker.connectedClients,
  };
}

async function pingDatabase(database: DatabaseHandle): Promise<'ok' | 'down'> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      database.db.execute(sql`select 1`),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('timeout')), CHECK_TIMEOUT_MS);
      }),
    ]);
    return 'ok';
  } catch {
    return 'down';
  } finally {
    clearTimeout(timer);
  }
}
