/**
 * Sends pushes off the request path: every notification is a job on a bounded queue run a few at a time,
 * so the request that caused it never waits for a push service and never fails because of one (errors are
 * logged). The payload's aes128gcm encryption (RFC 8291) runs in short slices of the event loop
 * (time-slicer.ts) and the VAPID header is signed once per push service (vapid-signer.ts), so a fan-out to
 * many devices never stalls the requests being served meanwhile. The POST itself is ours (fetch with a
 * timeout and no redirects), so it goes only where push-endpoint.ts allowed. A 404 or 410 means the browser
 * dropped the subscription: it is deleted.
 */
import type { PushPayload } from '@jala/contracts';
import type { FastifyBaseLogger } from 'fastify';

import type { PushSubscriptionRow, SubscriptionsRepository } from '../subscriptions.repository';
import { ConcurrencyLimit } from './concurrency-limit';
import { encryptPush, type PushDelivery } from './push-request';
import { TimeSlicer } from './time-slicer';
import { UsageRecorder } from './usage-recorder';
import type { VapidKeys } from './vapid-keys';
import { VapidSigner } from './vapid-signer';

export type { PushDelivery } from './push-request';

/** Jobs running at once: a slow push service holds a few sockets, never the whole node. */
export const MAX_CONCURRENT = 4;
/** Jobs waiting beyond this are dropped (and logged): a backlog means pushes would arrive too late anyway. */
const MAX_QUEUED = 2_000;
/**
 * Devices being sent to at once, across all jobs: bounds the sockets to the push services and the
 * encrypted bodies held in memory when one job reaches many devices (an SOS to every operator).
 */
const MAX_DEVICES_IN_FLIGHT = 64;
/** The most encryption the event loop does in one turn before letting other work run. */
const ENCRYPTION_SLICE_MS = 4;
const SEND_TIMEOUT_MS = 10_000;

/**
 * What this node's pushes came to, per device (a job may reach several): read by /metrics when scraped.
 * `gone`: the browser dropped the subscription (404/410, deleted); `refused`: any other non-2xx answer;
 * `unreachable`: no answer (network, timeout); `dropped`: jobs refused because the queue was full.
 */
export interface PushCounts {
  sent: number;
  gone: number;
  refused: number;
  unreachable: number;
  dropped: number;
}

export class PushSender {
  private readonly queue: (() => Promise<void>)[] = [];
  private running = 0;
  private idleWaiters: (() => void)[] = [];
  private readonly signer: VapidSigner;
  private readonly slicer = new TimeSlicer(ENCRYPTION_SLICE_MS);
  private readonly devices = new ConcurrencyLimit(MAX_DEVICES_IN_FLIGHT);
  private readonly usage: UsageRecorder;
  readonly counts: PushCounts = { sent: 0, gone: 0, refused: 0, unreachable: 0, dropped: 0 };

  constructor(
    private readonly d: {
      vapid: VapidKeys;
      subject: string;
      subscriptions: SubscriptionsRepository;
      log: FastifyBaseLogger;
      now: () => Date;
    },
  ) {
    this.signer = new VapidSigner(d.vapid, d.subject);
    this.usage = new UsageRecorder((ids) => d.subscriptions.markUsed(ids, d.now()));
  }

  /** Runs `job` later, in the background; its failure is logged, never thrown. False when the queue was full. */
  enqueue(name: string, job: () => Promise<void>): boolean {
    if (this.queue.length >= MAX_QUEUED) {
      this.counts.dropped += 1;
      this.d.log.warn({ job: name }, 'push queue full: notification dropped');
      return false;
    }
    this.queue.push(() =>
      job().catch((error: unknown) => this.d.log.error({ err: error, job: name }, 'push notification failed')),
    );
    this.pump();
    return true;
  }

  /** Jobs waiting for their turn plus those running now. */
  get queued(): number {
    return this.queue.length + this.running;
  }

  /** Resolves when no job is queued or running (tests: "nothing more will be sent" without sleeping). */
  idle(): Promise<void> {
    if (this.running === 0 && this.queue.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /**
   * Sends one payload to each subscription; resolves with how many push services accepted it. Each device
   * is independent: one that cannot be reached is logged and the others are still sent to.
   */
  async send(
    subscriptions: readonly PushSubscriptionRow[],
    payload: PushPayload,
    delivery: PushDelivery,
  ): Promise<number> {
    const json = JSON.stringify(payload);
    const outcomes = await Promise.allSettled(
      subscriptions.map((subscription) => this.devices.run(() => this.sendOne(subscription, json, delivery))),
    );
    const accepted: number[] = [];
    outcomes.forEach((outcome, i) => {
      const id = subscriptions[i]!.id;
      if (outcome.status === 'rejected') {
        this.counts.unreachable += 1;
        this.d.log.warn({ err: outcome.reason, subscription: id }, 'push service unreachable');
      } else if (outcome.value) accepted.push(id);
    });
    // Bookkeeping only (the eviction order): the pushes went out whether or not it is written.
    if (accepted.length > 0)
      await this.usage
        .record(accepted)
        .catch((error: unknown) => this.d.log.warn({ err: error }, 'recording push use failed'));
    return accepted.length;
  }

  private async sendOne(
    subscription: PushSubscriptionRow,
    payloadJson: string,
    delivery: PushDelivery,
  ): Promise<boolean> {
    // The request is started inside the slice too, so its set-up counts against the same budget per turn.
    // (Wrapped in an object: a task returning the promise itself would wait for the response.)
    const sending = await this.slicer.run(() => {
      const request = encryptPush(
        subscription,
        payloadJson,
        delivery,
        this.signer.authorization(subscription.endpoint),
      );
      return {
        response: fetch(subscription.endpoint, {
          method: 'POST',
          headers: request.headers,
          body: request.body,
          redirect: 'manual',
          signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
        }),
      };
    });
    const response = await sending.response;
    await response.body?.cancel();
    if (response.status === 404 || response.status === 410) {
      this.counts.gone += 1;
      await this.d.subscriptions.deleteGone(subscription.id, subscription.endpoint);
      return false;
    }
    if (!response.ok) {
      this.counts.refused += 1;
      this.d.log.warn(
        { status: response.status, subscription: subscription.id },
        'push service refused a notification',
      );
      return false;
    }
    this.counts.sent += 1;
    return true;
  }

  private pump(): void {
    while (this.running < MAX_CONCURRENT && this.queue.length > 0) {
      const job = this.queue.shift()!;
      this.running += 1;
      void job().finally(() => {
        this.running -= 1;
        this.pump();
        if (this.running === 0 && this.queue.length === 0) {
          const waiters = this.idleWaiters;
          this.idleWaiters = [];
          for (const resolve of waiters) resolve();
        }
      });
    }
  }
}
