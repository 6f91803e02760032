/** Push subscriptions and notification preferences (tables `push_subscriptions`, `notification_preferences`). */
import { and, eq, inArray, schema, sql, type Database } from '@jala/db';
import type { NotificationKind } from '@jala/contracts';

export type PushSubscriptionRow = typeof schema.pushSubscriptions.$inferSelect;

export class SubscriptionsRepository {
  constructor(private readonly db: Database) {}

  /**
   * Stores this browser's subscription for the user, in one statement (concurrent calls cannot race). An
   * endpoint already stored is updated when it is the same user's (keys renewed, another session), or when
   * the caller sends the very keys stored with it — only that browser has its `auth` secret, so that is
   * the same device now used by someone else (a shared phone). Otherwise nothing changes and null is
   * returned: a stranger who learned an endpoint cannot take it over, nor replace its keys.
   */
  async upsert(values: { userId: number; sessionId: string; endpoint: string; p256dh: string; auth: string }): Promise<PushSubscriptionRow | null> {
    const t = schema.pushSubscriptions;
    const [row] = await this.db.insert(t).values(values)
      .onConflictDoUpdate({
        target: t.endpoint,
        set: { userId: values.userId, sessionId: values.sessionId, p256dh: values.p256dh, auth: values.auth },
        setWhere: sql`${t.userId} = excluded.user_id or (${t.p256dh} = excluded.p256dh and ${t.auth} = excluded.auth)`,
      })
      .returning();
    return row ?? null;
  }

  /** Removes the user's own subscription for this endpoint; another user's is left alone. */
  async deleteOwn(userId: number, endpoint: string): Promise<number> {
    const t = schema.pushSubscriptions;
    return (await this.db.delete(t).where(and(eq(t.userId, userId), eq(t.endpoint, endpoint))).returning({ id: t.id })).length;
  }

  async deleteForSession(sessionId: string): Promise<void> {
    await this.db.delete(schema.pushSubscriptions).where(eq(schema.pushSubscriptions.sessionId, sessionId));
  }

  /** A subscription the push service says is gone (404/410); only if it still has the endpoint that failed. */
  async deleteGone(id: number, endpoint: string): Promise<void> {
    const t = schema.pushSubscriptions;
    await this.db.delete(t).where(and(eq(t.id, id), eq(t.endpoint, endpoint)));
  }

  async listForUsers(userIds: readonly number[]): Promise<PushSubscriptionRow[]> {
    if (userIds.length === 0) return [];
    return this.db.select().from(schema.pushSubscriptions).where(inArray(schema.pushSubscriptions.userId, [...userIds]));
  }

  async markUsed(id: number, at: Date): Promise<void> {
    await this.db.update(schema.pushSubscriptions).set({ lastUsedAt: at }).where(eq(schema.pushSubscriptions.id, id));
  }

  /** The kinds the user turned off (no row = on). */
  async disabledKinds(userIds: readonly number[]): Promise<{ userId: number; kind: string }[]> {
    if (userIds.length === 0) return [];
    const t = schema.notificationPreferences;
    return this.db.select({ userId: t.userId, kind: t.kind }).from(t).where(and(inArray(t.userId, [...userIds]), eq(t.enabled, false)));
  }

  async setPreferences(userId: number, choices: Partial<Record<NotificationKind, boolean>>): Promise<void> {
    const rows = Object.entries(choices).map(([kind, enabled]) => ({ userId, kind, enabled: enabled === true }));
    if (rows.length === 0) return;
    const t = schema.notificationPreferences;
    await this.db.insert(t).values(rows).onConflictDoUpdate({ target: [t.userId, t.kind], set: { enabled: sql`excluded.enabled` } });
  }
}
