/** The routes' side of notifications: this browser's subscription, the user's choices, visibility. */
import { createECDH } from 'node:crypto';

import type { NotificationPreferences, PushSubscriptionRequest } from '@jala/contracts';

import { AppError } from '../../lib/app-error';
import type { AuthenticatedUser } from '../../lib/session-user';
import { checkPushEndpoint } from './delivery/push-endpoint';
import type { PushState } from './delivery/push-state';
import type { PushNotifications } from './push-notifications';
import type { SubscriptionsRepository } from './subscriptions.repository';

export class NotificationSettings {
  constructor(
    private readonly d: {
      publicKey: string;
      allowLoopbackEndpoints: boolean;
      subscriptions: SubscriptionsRepository;
      notifications: PushNotifications;
      state: PushState;
    },
  ) {}

  get publicKey(): string {
    return this.d.publicKey;
  }

  async subscribe(user: AuthenticatedUser, input: PushSubscriptionRequest): Promise<void> {
    const endpoint = checkPushEndpoint(input.endpoint, { allowLoopback: this.d.allowLoopbackEndpoints }).href;
    requireValidKeys(input.keys);
    const stored = await this.d.subscriptions.subscribe({
      userId: user.id,
      sessionId: user.sessionId,
      endpoint,
      p256dh: input.keys.p256dh,
      auth: input.keys.auth,
    });
    if (!stored) throw new AppError('PUSH_SUBSCRIPTION_CONFLICT');
  }

  /** Idempotent, and silent about other users' endpoints (nothing is removed, nothing is told). */
  async unsubscribe(userId: number, endpoint: string): Promise<void> {
    await this.d.subscriptions.deleteOwn(userId, endpoint);
  }

  preferences(userId: number): Promise<NotificationPreferences> {
    return this.d.notifications.preferences(userId);
  }

  async updatePreferences(userId: number, choices: Partial<NotificationPreferences>): Promise<NotificationPreferences> {
    await this.d.subscriptions.setPreferences(userId, choices);
    return this.d.notifications.preferences(userId);
  }

  reportVisibility(userId: number, sessionId: string, visible: boolean): Promise<void> {
    return this.d.state.reportVisibility(userId, sessionId, visible);
  }

  test(userId: number): Promise<number> {
    return this.d.notifications.test(userId);
  }

  /** Logout: this session's device stops receiving the account's notifications. */
  sessionEnded(sessionId: string): Promise<void> {
    return this.d.subscriptions.deleteForSession(sessionId);
  }
}

/** The browser's P-256 key must be a point on the curve and its secret 16 bytes, or encryption would fail later. */
function requireValidKeys(keys: { p256dh: string; auth: string }): void {
  try {
    if (Buffer.from(keys.auth, 'base64url').length !== 16) throw new Error('auth secret is not 16 bytes');
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    ecdh.computeSecret(Buffer.from(keys.p256dh, 'base64url'));
  } catch {
    throw new AppError('PUSH_KEYS_INVALID');
  }
}
