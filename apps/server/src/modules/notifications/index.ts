/**
 * Web Push (issue 22): VAPID keys shared by every node, subscriptions per user and device, the choice per
 * kind, visibility, and the notifications the other modules' services trigger (push-notifications.ts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { Database } from '@jala/db';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config';
import type { ModuleDeps } from '../module-deps';
import type { TripsRepository } from '../trips/trips.repository';
import { NotificationSettings } from './notification-settings.service';
import { notificationRoutes } from './notifications.routes';
import { PushNotifications } from './push-notifications';
import { PushSender } from './push-sender';
import { MemoryPushState, RedisPushState } from './push-state';
import { SubscriptionsRepository } from './subscriptions.repository';
import { loadVapidKeys } from './vapid-keys';

export interface Push {
  notifications: PushNotifications;
  settings: NotificationSettings;
  /** The background queue (tests await `idle()` instead of sleeping). */
  sender: PushSender;
}

/** Built by app.ts before the other services, which call `notifications` after their writes. */
export async function createPush(d: {
  db: Database; trips: TripsRepository; config: AppConfig; log: FastifyBaseLogger; now: () => Date; redis: Redis | undefined;
}): Promise<Push> {
  const vapid = await loadVapidKeys(d.db, d.config.push);
  const subscriptions = new SubscriptionsRepository(d.db);
  const state = d.redis ? new RedisPushState(d.redis) : new MemoryPushState();
  const sender = new PushSender({ vapid, subject: d.config.push.vapidSubject, subscriptions, log: d.log, now: d.now });
  const notifications = new PushNotifications({ db: d.db, trips: d.trips, subscriptions, sender, state });
  const settings = new NotificationSettings({
    publicKey: vapid.publicKey, allowLoopbackEndpoints: d.config.push.allowLoopbackEndpoints, subscriptions, notifications, state,
  });
  return { notifications, settings, sender };
}

export const notificationModule: FastifyPluginAsyncZod<ModuleDeps> = async (app, { push }) => {
  await app.register(notificationRoutes, { settings: push.settings });
  // Requests in flight may still queue pushes; a closing node sends what it queued before it stops.
  app.addHook('onClose', async () => push.sender.idle());
};
