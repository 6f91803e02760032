import type { PushSubscriptionRequest } from '@jala/contracts';
import * as endpoints from '@jala/contracts/endpoints';

import { api, callApi } from './api-client';

/** The server's side of Web Push (the browser's side is lib/push.ts): its key, this device's subscription, visibility. */

/** The VAPID public key to subscribe this browser with. */
export const fetchPushConfig = (fallback: string) => callApi(api(endpoints.pushConfig), fallback);

export const saveSubscription = (subscription: PushSubscriptionRequest, fallback: string) =>
  callApi(api(endpoints.subscribePush, { body: subscription }), fallback, { allowNull: true });

/** Forgets this device's subscription; a 401 (already logged out) is not a reason to log out again. */
export const deleteSubscription = (endpoint: string, fallback: string) =>
  callApi(api(endpoints.unsubscribePush, { body: { endpoint }, onUnauthorized: 'ignore' }), fallback, {
    allowNull: true,
  });

/** Best effort, and sent even while the page is being hidden or closed (keepalive). */
export const reportPresence = (visible: boolean) =>
  api(endpoints.reportPresence, { body: { visible }, onUnauthorized: 'ignore', keepalive: true });
