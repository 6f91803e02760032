/**
 * Two nodes of the real app in this process on one PostgreSQL database and one Redis, as a cluster runs:
 * what one node knows or does must hold on the other (token secret, retained messages, logout and
 * suspension cut-offs, a former counterpart's subscriptions cut, the once-per-cluster expiry sweep, health). The multi-process run behind nginx,
 * with a node killed mid-trip, is cluster/cluster.test.ts.
 */
import mqtt from 'mqtt';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';

import { ClusterLock } from '../../src/lib/cluster-lock';
import { onlineDriver, passenger, requestTrip } from '../support/actors';
import { api, registerUser } from '../support/http';
import { connectMqtt, nextMessage, subscribeQos } from '../support/mqtt';
import { useTwoNodes } from '../support/two-nodes';

describe('two nodes sharing PostgreSQL and Redis', () => {
  let api0 = '';
  let api1 = '';
  let ws1 = '';

  const cluster = useTwoNodes();
  const { nodes, clients } = cluster;
  beforeAll(() => {
    [api0, api1] = cluster.api as [string, string];
    ws1 = cluster.ws[1]!;
  });

  it('shares one generated token secret: a token from one node is accepted by the other', async () => {
    expect(nodes[0]!.config.tokenSecret).toMatch(/^.{32,}$/);
    expect(nodes[1]!.config.tokenSecret).toBe(nodes[0]!.config.tokenSecret);
    const me = await registerUser(api0);
    const profile = await api(api1, 'GET', '/auth/profile', { token: me.token });
    expect(profile.status).toBe(200);
  });

  it('names the node that answered in X-Jala-Node', async () => {
    expect((await fetch(`${api0}/health`)).headers.get('x-jala-node')).toBe('uno');
    expect((await fetch(`${api1}/health`)).headers.get('x-jala-node')).toBe('dos');
  });

  it('keeps retained messages in Redis: published on one node, delivered by the other on subscribe', async () => {
    const me = await registerUser(api0);
    await nodes[0]!.broker.publish(`notifications/${me.user.id}`, { estado: 'completado' }, { retain: true });
    const onB = await connectMqtt(ws1, { userId: me.user.id, token: me.token });
    clients.push(onB);
    const retained = nextMessage(onB, `notifications/${me.user.id}`);
    await subscribeQos(onB, `notifications/${me.user.id}`);
    expect(await retained).toEqual({ estado: 'completado' });
  });

  it('keeps a persistent session in Redis: its subscriptions follow the client to the other node', async () => {
    const me = await registerUser(api0);
    const clientId = `jala_test_${me.user.id}_persistent`;
    const options = {
      protocolVersion: 4 as const,
      clean: false,
      reconnectPeriod: 0,
      clientId,
      username: String(me.user.id),
      password: me.token,
    };
    const onA = await mqtt.connectAsync(`${api0.replace('http', 'ws').replace(/\/api$/, '')}/mqtt`, options);
    expect((await onA.subscribeAsync(`notifications/${me.user.id}`, { qos: 1 }))[0]?.qos).toBe(1);
    await onA.endAsync();
    const onB = await mqtt.connectAsync(ws1, options);
    clients.push(onB);
    // No SUBSCRIBE on node B: the session (and its subscription) was found in Redis.
    const message = nextMessage(onB, `notifications/${me.user.id}`);
    await nodes[0]!.broker.publish(`notifications/${me.user.id}`, { hola: 'otra vez' });
    expect(await message).toEqual({ hola: 'otra vez' });
  });

  it('closes the MQTT connections of a session logged out on the other node', async () => {
    const me = await registerUser(api0);
    const onB = await connectMqtt(ws1, { userId: me.user.id, token: me.token });
    clients.push(onB);
    const closed = new Promise<void>((resolve) => onB.once('close', () => resolve()));
    expect((await api(api0, 'POST', '/auth/logout', { token: me.token, body: {} })).status).toBe(200);
    await closed;
  });

  it('cuts a user off on every node (suspension)', async () => {
    const me = await registerUser(api0);
    const other = await registerUser(api0);
    const onB = await connectMqtt(ws1, { userId: me.user.id, token: me.token });
    const bystander = await connectMqtt(ws1, { userId: other.user.id, token: other.token });
    clients.push(onB, bystander);
    expect(await subscribeQos(bystander, `notifications/${other.user.id}`)).toBe(0);
    const closed = new Promise<void>((resolve) => onB.once('close', () => resolve()));
    await nodes[0]!.realtime.disconnectUser(me.user.id);
    await closed;
    // Still connected after the cut: a message sent afterwards through the other node reaches them.
    const afterwards = nextMessage(bystander, `notifications/${other.user.id}`);
    await nodes[0]!.broker.publish(`notifications/${other.user.id}`, { sigue: 'conectado' });
    expect(await afterwards).toEqual({ sigue: 'conectado' });
    expect(bystander.connected).toBe(true);
  });

  it('cuts a driver not chosen off the trip on every node: their earlier subscription on the other node gets no more trip_status', async () => {
    const db = nodes[0]!.database.db;
    const rider = await passenger(api0);
    const [chosen, notChosen] = [await onlineDriver(api0, db), await onlineDriver(api0, db)];
    const trip = await requestTrip(api0, rider.token);
    for (const driver of [chosen, notChosen]) {
      expect(
        (await api(api0, 'POST', '/driver/trips/accept', { token: driver.token, body: { trip_request_id: trip.id } }))
          .status,
      ).toBe(201);
    }
    // Both the passenger and the driver not chosen follow the trip on node 'dos'; everything happens on 'uno'.
    const riderOnB = await connectMqtt(ws1, { userId: rider.id, token: rider.token });
    const driverOnB = await connectMqtt(ws1, { userId: notChosen.id, token: notChosen.token });
    clients.push(riderOnB, driverOnB);
    const heard: string[] = [];
    driverOnB.on('message', (topic, payload) => heard.push(`${topic} ${payload.toString()}`));
    for (const [client, topic] of [
      [riderOnB, `trip_status/${trip.id}`],
      [driverOnB, `trip_status/${trip.id}`],
      [driverOnB, `notifications/${notChosen.id}`],
    ] as const) {
      expect(await subscribeQos(client, topic)).toBe(0);
    }
    const enRoute = new Promise<void>((resolve) =>
      riderOnB.on('message', (_topic, payload) => {
        if ((JSON.parse(payload.toString()) as { status?: string }).status === 'en_route') resolve();
      }),
    );
    expect(
      (
        await api(api0, 'POST', '/drivers/trips/accept', {
          token: rider.token,
          body: { trip_id: trip.id, driver_id: chosen.id },
        })
      ).status,
    ).toBe(200);
    expect(
      (await api(api0, 'PUT', `/driver/trips/${trip.id}/status`, { token: chosen.token, body: { status: 'en_route' } }))
        .status,
    ).toBe(200);
    await enRoute;
    // Published on 'uno' after the trip's events, so on 'dos' it arrives after them: once it is here, any
    // trip_status for the driver not chosen would have been too.
    const synced = nextMessage(driverOnB, `notifications/${notChosen.id}`, 5000);
    await nodes[0]!.broker.publish(`notifications/${notChosen.id}`, { sincronizado: true });
    expect(await synced).toEqual({ sincronizado: true });
    expect(heard.filter((line) => line.startsWith('trip_status/'))).toEqual([]);
  });

  it('runs a cluster job on one node at a time, once per period, and after a holder dies', async () => {
    const job = {
      name: `test_job_${Date.now()}`,
      lockKey: 990_000 + Math.floor(Math.random() * 1000),
      minIntervalMs: 60_000,
    };
    const locks = nodes.map((n) => new ClusterLock(n.database.db, 'postgres', n.config.nodeId));
    let runs = 0;
    const slowWork = async () => {
      runs += 1;
      await new Promise((r) => setTimeout(r, 300));
    };
    const ran = await Promise.all(locks.map((lock) => lock.runOnce(job, slowWork)));
    expect(ran.filter(Boolean)).toHaveLength(1);
    expect(runs).toBe(1);
    // Due again only after the interval, whichever node asks.
    expect(await locks[1]!.runOnce(job, slowWork)).toBe(false);

    // A node holding the lock dies (its connection is gone): the next node runs the job.
    const dueJob = { ...job, name: `${job.name}_b`, minIntervalMs: 0 };
    const holder = new pg.Client({ connectionString: cluster.databaseUrl });
    await holder.connect();
    holder.on('error', () => undefined);
    await holder.query('begin');
    await holder.query('select pg_try_advisory_xact_lock($1)', [dueJob.lockKey]);
    expect(await locks[0]!.runOnce(dueJob, slowWork)).toBe(false);
    const admin = new pg.Client({ connectionString: cluster.databaseUrl });
    await admin.connect();
    await admin.query('select pg_terminate_backend($1)', [(holder as unknown as { processID: number }).processID]);
    await admin.end();
    // pg_terminate_backend only signals the backend; its locks go when it has exited, a moment later.
    await expect.poll(() => locks[0]!.runOnce(dueJob, slowWork), { interval: 100 }).toBe(true);
  });

  it('reports database, Redis and broker in /api/health and answers 503 while draining', async () => {
    const health = await api<Record<string, unknown>>(api0, 'GET', '/health');
    expect(health.status).toBe(200);
    expect(health.body.data).toMatchObject({
      status: 'ok',
      node: 'uno',
      database: 'postgres',
      database_status: 'ok',
      redis: 'ok',
      broker: 'ok',
    });
    nodes[1]!.drain();
    const draining = await api<Record<string, unknown>>(api1, 'GET', '/health');
    expect(draining.status).toBe(503);
    expect(draining.body.data).toMatchObject({ status: 'draining', broker: 'draining', redis: 'ok' });
    // A draining node refuses new realtime clients (503 to the handshake), so the balancer retries another node.
    const handshake = await new Promise<number>((resolve, reject) => {
      const socket = new WebSocket(ws1, 'mqtt');
      socket.once('unexpected-response', (_request, response) => {
        resolve(response.statusCode ?? 0);
        socket.terminate();
      });
      socket.once('open', () => {
        socket.terminate();
        reject(new Error('a draining node accepted a realtime client'));
      });
      socket.once('error', () => undefined);
    });
    expect(handshake).toBe(503);
  });
});
