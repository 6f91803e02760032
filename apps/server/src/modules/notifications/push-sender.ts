/**
 * Sends pushes off the request path: every notification is a job on a bounded queue run a few at a time,
 * so the request that caused it never waits for a push service and never fails because of one (errors are
 * logged). web-push does the VAPID signature and the payload's aes128gcm encryption (RFC 8291); the POST
 * itself is ours (fetch with a timeout and no redirects), so it goes only where push-endpoint.ts allowed.
 * A 404 or 410 means the browser dropped the subscription: it is deleted.
 */
import webpush from 'web-push';
import type { PushPayload } from '@jala/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { PushSubscriptionRow, SubscriptionsRepository } from './subscriptions.repository';
import type { VapidKeys } from './vapid-keys';

/** Jobs running at once: a slow push service holds a few sockets, never the whole node. */
const MAX_CONCURRENT = 4;
/** Jobs waiting beyond this are dropped (and logged): a backlog means pushes would arrive too late anyway. */
const MAX_QUEUED = 2_000;
const SEND_TIMEOUT_MS = 10_000;

export interface PushDelivery {
  /** How long the push service keeps it for an offline phone (seconds): a request is stale in minutes. */
  ttlSeconds: number;
  urgency: 'normal' | 'high';
}

export class PushSender {
  private readonly queue: (() => Promise<void>)[] = [];
  private running = 0;
  private idleWaiters: (() => void)[] = [];

  constructor(private readonly d: {
    vapid: VapidKeys; subject: string; subscriptions: SubscriptionsRepository; log: FastifyBaseLogger; now: () => Date;
  }) {}

  /** Runs `job` later, in the background; its failure is logged, never thrown. */
  enqueue(name: string, job: () => Promise<void>): void {
    if (this.queue.length >= MAX_QUEUED) {
      this.d.log.warn({ job: name }, 'push queue full: notification dropped');
      return;
    }
    this.queue.push(() => job().catch((error: unknown) => this.d.log.error({ err: error, job: name }, 'push notification failed')));
    this.pump();
  }

  /** Resolves when no job is queued or running (tests: "nothing more will be sent" without sleeping). */
  idle(): Promise<void> {
    if (this.running === 0 && this.queue.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Sends one payload to each subscription; resolves with how many push services accepted it. */
  async send(subscriptions: readonly PushSubscriptionRow[], payload: PushPayload, delivery: PushDelivery): Promise<number> {
    const results = await Promise.all(subscriptions.map((subscription) => this.sendOne(subscription, payload, delivery)));
    return results.filter(Boolean).length;
  }

  private async sendOne(subscription: PushSubscriptionRow, payload: PushPayload, delivery: PushDelivery): Promise<boolean> {
    const request = webpush.generateRequestDetails(
      { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
      JSON.stringify(payload),
      { vapidDetails: { subject: this.d.subject, publicKey: this.d.vapid.publicKey, privateKey: this.d.vapid.privateKey }, TTL: delivery.ttlSeconds, urgency: delivery.urgency },
    );
    const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)]));
    delete headers['Content-Length'];
    const response = await fetch(request.endpoint, {
      method: 'POST', headers, body: request.body ? new Uint8Array(request.body) : undefined, redirect: 'manual', signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
    await response.body?.cancel();
    if (response.status === 404 || response.status === 410) {
      await this.d.subscriptions.deleteGone(subscription.id, subscription.endpoint);
      return false;
    }
    if (!response.ok) {
      this.d.log.warn({ status: response.status, subscription: subscription.id }, 'push service refused a notification');
      return false;
    }
    await this.d.subscriptions.markUsed(subscription.id, this.d.now());
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
