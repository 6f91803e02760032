/**
 * Web Push: the browser's subscription, the user's choice per kind, the app's visibility (a
 * visible app is told in-app, not by push) and the payload the service worker shows.
 */
import { z } from 'zod';

/**
 * What a user can turn on or off, with the profile's Spanish label and who sees the switch. A kind with
 * no stored choice is on.
 */
export const NOTIFICATION_KINDS = {
  requests: { label: 'Solicitudes cercanas', audience: 'driver' },
  offers: { label: 'Ofertas de conductores', audience: 'passenger' },
  trip_updates: { label: 'Estado del viaje', audience: 'both' },
  chat: { label: 'Mensajes del chat', audience: 'both' },
  account: { label: 'Revisión de documentos', audience: 'driver' },
  sos: { label: 'Alertas SOS', audience: 'operator' },
} as const satisfies Record<string, { label: string; audience: 'driver' | 'passenger' | 'both' | 'operator' }>;
export type NotificationKind = keyof typeof NOTIFICATION_KINDS;
export const NOTIFICATION_KIND_NAMES = Object.keys(NOTIFICATION_KINDS) as NotificationKind[];
export const zNotificationKind = z.enum(NOTIFICATION_KIND_NAMES as [NotificationKind, ...NotificationKind[]]);

/** The JSON a push carries (encrypted by the server, decrypted by the browser); `url` is an app route. */
export const zPushPayload = z.object({
  kind: z.union([zNotificationKind, z.literal('test')]),
  title: z.string(),
  body: z.string(),
  url: z.string().startsWith('/'),
  tag: z.string().optional(),
  renotify: z.boolean().optional(),
});
export type PushPayload = z.infer<typeof zPushPayload>;

const zBase64Url = (message: string, min: number, max: number) =>
  z
    .string({ error: message })
    .min(min, message)
    .max(max, message)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, message);

/** POST /notifications/subscription: PushSubscription.toJSON() of this browser. */
export const zPushSubscriptionRequest = z.object({
  endpoint: z
    .string({ error: 'Falta la dirección del servicio de notificaciones.' })
    .min(1, 'Falta la dirección del servicio de notificaciones.')
    .max(2048, 'La dirección del servicio de notificaciones es demasiado larga.')
    // A URL as browsers hand it out: printable ASCII, no spaces or control characters.
    .regex(/^[\x21-\x7e]+$/, 'La dirección del servicio de notificaciones no es válida.'),
  keys: z.object(
    {
      // A P-256 public key (65 bytes) and a 16-byte secret, base64url as browsers send them.
      p256dh: zBase64Url('La clave de la suscripción no es válida.', 86, 88),
      auth: zBase64Url('El secreto de la suscripción no es válido.', 22, 24),
    },
    { error: 'Faltan las claves de la suscripción.' },
  ),
});
export type PushSubscriptionRequest = z.infer<typeof zPushSubscriptionRequest>;

/** DELETE /notifications/subscription: this browser's endpoint. */
export const zPushUnsubscribeRequest = zPushSubscriptionRequest.pick({ endpoint: true });

/** GET /notifications/config: the VAPID public key the browser subscribes with. */
export const zPushConfig = z.object({ public_key: z.string() });
export type PushConfig = z.infer<typeof zPushConfig>;

/** GET/PUT /notifications/preferences: every kind on or off (PUT may send only the ones that change). */
export const zNotificationPreferences = z.object(
  Object.fromEntries(NOTIFICATION_KIND_NAMES.map((kind) => [kind, z.boolean()])) as Record<
    NotificationKind,
    z.ZodBoolean
  >,
);
export type NotificationPreferences = z.infer<typeof zNotificationPreferences>;
export const zNotificationPreferencesUpdate = zNotificationPreferences.partial();

/** PUT /notifications/presence: whether this session's app is on screen (document.visibilityState). */
export const zPresenceRequest = z.object({ visible: z.boolean({ error: 'Indica si la aplicación está visible.' }) });

/** POST /notifications/test: how many of the caller's devices the test was sent to. */
export const zPushTestResult = z.object({ devices: z.number().int() });
export type PushTestResult = z.infer<typeof zPushTestResult>;
