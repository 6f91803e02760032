/**
 * A Jala cluster on this machine, as docs/DEPLOY.md describes it: N nodes, each the real server
 * (`apps/server/src/main.ts` in its own process, exactly as `npm start` runs it) on one fresh PostgreSQL
 * database and one Redis (a private key prefix), behind nginx with deploy/nginx/jala.conf.
 * No JWT_SECRET: the nodes share the secret the first one generated into the database.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { type DatabaseHandle, openDatabase } from '@jala/db';

import { clearRedisPrefix, createPostgresDatabase, REDIS_TEST_URL } from '../../../apps/server/test/support/test-app';
import { freePort, repoRoot, waitForHealth } from '../../support/server-process';
import { type RunningNginx, startNginx } from './nginx';

export interface ClusterNode {
  id: string;
  port: number;
  url: string;
  /** The current process (replaced by restart()). */
  child: ChildProcess;
  /** SIGKILL: the node dies without closing anything (its sockets are reset by the kernel). */
  kill(): Promise<void>;
  /** Starts the node again on the same port (a fresh process: nothing in memory). */
  restart(): Promise<void>;
  alive(): boolean;
}

export interface Cluster {
  /** http://127.0.0.1:<nginx port> — what clients use. */
  url: string;
  api: string;
  wsUrl: string;
  nodes: ClusterNode[];
  nginx: RunningNginx;
  database: DatabaseHandle;
  redisPrefix: string;
  stop(): Promise<void>;
}

function spawnNode(id: string, port: number, env: Record<string, string>): ChildProcess {
  const dataDir = mkdtempSync(join(tmpdir(), `jala-${id}-`));
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: { ...process.env, ...env, NODE_ID: id, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  child.once('exit', () => rmSync(dataDir, { recursive: true, force: true }));
  return child;
}

async function startNode(id: string, env: Record<string, string>): Promise<ClusterNode> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const isAlive = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;
  const node: ClusterNode = {
    id,
    port,
    url,
    child: spawnNode(id, port, env),
    alive: () => isAlive(node.child),
    async kill() {
      if (!isAlive(node.child)) return;
      const exited = new Promise((resolve) => node.child.once('exit', resolve));
      node.child.kill('SIGKILL');
      await exited;
    },
    async restart() {
      if (isAlive(node.child)) throw new Error(`${id} is still running`);
      node.child = spawnNode(id, port, env);
      await waitForHealth(url, node.child);
    },
  };
  await waitForHealth(url, node.child);
  return node;
}

export async function startCluster(
  options: { nodes?: number; logLevel?: string; nginxWorkerConnections?: number } = {},
): Promise<Cluster> {
  const scratch = await createPostgresDatabase();
  const redisPrefix = `jala-cluster-${randomBytes(4).toString('hex')}:`;
  const env = {
    DATABASE_URL: scratch.url,
    REDIS_URL: REDIS_TEST_URL,
    REDIS_PREFIX: redisPrefix,
    JWT_SECRET: '',
    LOG_LEVEL: options.logLevel ?? 'warn',
    SEED_DEMO: 'false',
    AUTH_RATE_LIMIT_PER_MINUTE: '10000',
    TILE_URL: 'http://127.0.0.1:9/{z}/{x}/{y}.png',
  };
  const nodes: ClusterNode[] = [];
  let nginx: RunningNginx | undefined;
  let database: DatabaseHandle | undefined;
  const stop = async () => {
    await nginx?.stop();
    await Promise.all(
      nodes.map(async (node) => {
        if (!node.alive()) return;
        const exited = new Promise((resolve) => node.child.once('exit', resolve));
        node.child.kill('SIGTERM');
        await exited;
      }),
    );
    await database?.close();
    await clearRedisPrefix(redisPrefix);
    await scratch.drop();
  };
  try {
    // All nodes boot at once, as a fresh cluster does (migrations and the shared secret must not collide).
    const count = options.nodes ?? 2;
    nodes.push(...(await Promise.all(Array.from({ length: count }, (_, i) => startNode(`nodo-${i + 1}`, env)))));
    nginx = await startNginx(
      nodes.map((n) => n.port),
      { failTimeoutSeconds: 2, workerConnections: options.nginxWorkerConnections },
    );
    database = await openDatabase({ kind: 'postgres', url: scratch.url, poolSize: 2 });
    return {
      url: nginx.url,
      api: `${nginx.url}/api`,
      wsUrl: `${nginx.url.replace('http', 'ws')}/mqtt`,
      nodes,
      nginx,
      database,
      redisPrefix,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
