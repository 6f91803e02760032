/** The signed-in user's devices, choices and visibility for Web Push. */
import { z } from 'zod';

import {
  zNotificationPreferences,
  zNotificationPreferencesUpdate,
  zPresenceRequest,
  zPushConfig,
  zPushSubscriptionRequest,
  zPushTestResult,
  zPushUnsubscribeRequest,
} from '../index';
import { endpoint } from './endpoint';

export const pushConfig = endpoint({
  method: 'GET',
  path: '/notifications/config',
  tag: 'notifications',
  summary: 'The VAPID public key to subscribe this browser with',
  answer: zPushConfig,
  status: 200,
});

export const subscribePush = endpoint({
  method: 'POST',
  path: '/notifications/subscription',
  tag: 'notifications',
  summary: 'Receive notifications on this browser (its PushSubscription)',
  body: zPushSubscriptionRequest,
  answer: z.null(),
  status: 201,
});

export const unsubscribePush = endpoint({
  method: 'DELETE',
  path: '/notifications/subscription',
  tag: 'notifications',
  summary: "Stop notifications on this browser (only one's own subscription is removed)",
  body: zPushUnsubscribeRequest,
  answer: z.null(),
  status: 200,
});

export const notificationPreferences = endpoint({
  method: 'GET',
  path: '/notifications/preferences',
  tag: 'notifications',
  summary: 'Which kinds of notifications I receive',
  answer: zNotificationPreferences,
  status: 200,
});

export const saveNotificationPreferences = endpoint({
  method: 'PUT',
  path: '/notifications/preferences',
  tag: 'notifications',
  summary: 'Turn kinds of notifications on or off',
  body: zNotificationPreferencesUpdate,
  answer: zNotificationPreferences,
  status: 200,
});

export const reportPresence = endpoint({
  method: 'PUT',
  path: '/notifications/presence',
  tag: 'notifications',
  summary: "Whether this session's app is on screen (then it is told in-app, not by push)",
  body: zPresenceRequest,
  answer: z.null(),
  status: 200,
});

export const sendTestPush = endpoint({
  method: 'POST',
  path: '/notifications/test',
  tag: 'notifications',
  summary: '"Probar notificación": a test push to each of my devices',
  answer: zPushTestResult,
  status: 200,
});
