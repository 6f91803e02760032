/**
 * Web Push: VAPID keys shared by every node, subscriptions per user and device, the choice per
 * kind, visibility, and the notifications the other modules' services trigger (push-notifications.ts).
 */
import type { Database } from '@jala/db';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';

import type { AppConfig } from '../../config';
import type { ModuleDeps } from '../module-deps';
import type { TripsRepository } from '../trips';
import { PushSender } from './delivery/push-sender';
import { MemoryPushState, RedisPushState } from './delivery/push-state';
import { loadVapidKeys } from './delivery/vapid-keys';
import { VapidKeysRepository } from './delivery/vapid-keys.repository';
import { NotificationSettings } from './notification-settings.service';
import { notificationRoutes } from './notifications.routes';
import { OperatorRecipientsRepository } from './operator-recipients.repository';
import type { Push } from './push';
import { PushNotifications } from './push-notifications';
import { SubscriptionsRepository } from './subscriptions.repository';

export type { Push } from './push';

/** Built by app.ts before the other services, which call `notifications` after their writes. */
export async function createPush(d: {
  db: Database;
  trips: TripsRepository;
  config: AppConfig;
  log: FastifyBaseLogger;
  now: () => Date;
  redis: Redis | undefined;
}): Promise<Push> {
  const vapid = await loadVapidKeys(new VapidKeysRepository(d.db), d.config.push);
  const subscriptions = new SubscriptionsRepository(d.db);
  const state = d.redis ? new RedisPushState(d.redis) : new MemoryPushState();
  const sender = new PushSender({ vapid, subject: d.config.push.vapidSubject, subscriptions, log: d.log, now: d.now });
  const notifications = new PushNotifications({
    operators: new OperatorRecipientsRepository(d.db),
    trips: d.trips,
    subscriptions,
    sender,
    state,
  });
  const settings = new NotificationSettings({
    publicKey: vapid.publicKey,
    allowLoopbackEndpoints: d.config.push.allowLoopbackEndpoints,
    subscriptions,
    notifications,
    state,
  });
  return { notifications, settings, sender };
}

export const notificationModule: FastifyPluginAsyncZod<ModuleDeps> = async (app, { push }) => {
  await app.register(notificationRoutes, { settings: push.settings });
  // Requests in flight may still queue pushes; a closing node sends what it queued before it stops.
  app.addHook('onClose', async () => push.sender.idle());
};
