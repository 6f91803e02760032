import type { NotificationPreferences } from '@jala/contracts';
import * as endpoints from '@jala/contracts/endpoints';
import { queryOptions } from '@tanstack/react-query';

import { api, callApi, callApiConfirmed } from '@/lib/api/api-client';
import { currentPushSubscription, notificationPermission, pushSupport } from '@/lib/push';

export const NOTIFICATION_ERRORS = {
  preferences: 'No se pudieron cargar tus preferencias de notificaciones.',
  save: 'No se pudo guardar tu preferencia.',
  test: 'No se pudo enviar la notificación de prueba.',
} as const;

export const notificationKeys = {
  preferences: ['notifications', 'preferences'] as const,
  device: ['notifications', 'device'] as const,
};

export const preferencesQuery = queryOptions({
  queryKey: notificationKeys.preferences,
  queryFn: () => callApi(api(endpoints.notificationPreferences), NOTIFICATION_ERRORS.preferences),
});

/** What this browser can do and whether it is subscribed (read from the browser, never the server). */
export const deviceQuery = queryOptions({
  queryKey: notificationKeys.device,
  queryFn: async () => {
    const support = await pushSupport();
    const subscribed = support === 'ready' && (await currentPushSubscription()) !== null;
    return { support, permission: notificationPermission(), subscribed };
  },
  staleTime: 0,
});

export const savePreferences = (changes: Partial<NotificationPreferences>) =>
  callApi(api(endpoints.saveNotificationPreferences, { body: changes }), NOTIFICATION_ERRORS.save);

export const sendTestPush = () => callApiConfirmed(api(endpoints.sendTestPush), NOTIFICATION_ERRORS.test);
