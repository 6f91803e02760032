import type { PushSender } from './delivery/push-sender';
import type { NotificationSettings } from './notification-settings.service';
import type { PushNotifications } from './push-notifications';

/**
 * Web Push as the other modules see it. Its own file so module-deps.ts can name it without importing the
 * module's entry, which itself imports module-deps.ts.
 */
export interface Push {
  notifications: PushNotifications;
  settings: NotificationSettings;
  /** The background queue (tests await `idle()` instead of sleeping). */
  sender: PushSender;
}
