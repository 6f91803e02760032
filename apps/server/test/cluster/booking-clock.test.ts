/**
 * The scheduled rides' clock on two nodes sharing PostgreSQL and Redis: both nodes' sweeps tick
 * at once, the cluster lock lets one run it, and the booking's reminder reaches the passenger once (on
 * the other node's broker), however many times the clock is asked again.
 */
import { BOOKING_MIN_LEAD_MINUTES } from '@jala/domain';
import { beforeAll, describe, expect, it } from 'vitest';

import { ClusterLock } from '../../src/lib/cluster-lock';
import { runTripClock, tripClockJob } from '../../src/modules/trips';
import { passenger, requestTrip } from '../support/actors';
import { api } from '../support/http';
import { connectMqtt, listen, subscribeQos } from '../support/mqtt';
import { useTwoNodes } from '../support/two-nodes';

const STEP_MS = 5 * 60_000;

describe('the booking clock on two nodes', () => {
  const cluster = useTwoNodes();
  let api0 = '';
  beforeAll(() => {
    api0 = cluster.api[0]!;
  });

  it('runs once per period across the cluster and reminds the passenger once', async () => {
    const rider = await passenger(api0);
    // The first 5-minute step at least 35 minutes ahead: inside the 60-minute reminder, before going live.
    const at = new Date(Math.ceil((Date.now() + (BOOKING_MIN_LEAD_MINUTES + 5) * 60_000) / STEP_MS) * STEP_MS);
    const booking = await requestTrip(api0, rider.token, { scheduled_for: at.toISOString() });

    const onB = await connectMqtt(cluster.ws[1]!, { userId: rider.id, token: rider.token });
    cluster.clients.push(onB);
    expect(await subscribeQos(onB, `notifications/${rider.id}`)).toBe(0);
    const heard = listen(onB, `notifications/${rider.id}`);

    // The sweep's own lock key, under a fresh job row so the nodes' timers have not just run it.
    const job = { ...tripClockJob(30_000), name: `booking_clock_test_${Date.now()}` };
    const ran = await Promise.all(
      cluster.nodes.map((node) =>
        new ClusterLock(node.database.db, 'postgres', node.config.nodeId).runOnce(job, () =>
          runTripClock(node.services.trips),
        ),
      ),
    );
    expect(ran.filter(Boolean)).toHaveLength(1);
    // Asked again directly on either node, the clock finds nothing left to send.
    for (const node of cluster.nodes) expect((await node.services.trips.bookingClock.tick()).reminded).toBe(0);

    const messages = await heard.untilSentinel((sentinel) =>
      cluster.nodes[0]!.broker.publish(`notifications/${rider.id}`, sentinel),
    );
    expect(messages).toEqual([
      {
        type: 'booking_reminder',
        trip_id: booking.id,
        scheduled_for: at.toISOString(),
        minutes_before: 60,
        role: 'passenger',
      },
    ]);
    const upcoming = await api<{ id: number; state: string }[]>(cluster.api[1]!, 'GET', '/trips/scheduled', {
      token: rider.token,
    });
    expect(upcoming.body.data).toEqual([expect.objectContaining({ id: booking.id, state: 'searching' })]);
  });
});
