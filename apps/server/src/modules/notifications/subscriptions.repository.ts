/** Push subscriptions and notification preferences (tables `push_subscriptions`, `notification_preferences`). */
import type { NotificationKind } from '@jala/contracts';
import { and, type Database, eq, inArray, ne, schema, sql } from '@jala/db';

export type PushSubscriptionRow = typeof schema.pushSubscriptions.$inferSelect;

/**
 * Devices per account: a person's phones, tablet and computers, with room to spare. "Seen" is the latest of
 * subscribing, renewing, and a push service accepting a push for it.
 */
export const MAX_DEVICES_PER_USER = 10;

export class SubscriptionsRepository {
  constructor(private readonly db: Database) {}

  /**
   * Stores this browser's subscription for the user. An endpoint already stored is updated when it is the
   * same user's (keys renewed, another session), or when the caller sends the very keys stored with it —
   * only that browser has its `auth` secret, so that is the same device now used by someone else (a shared
   * phone). Otherwise nothing changes and null is returned: a stranger who learned an endpoint cannot take
   * it over, nor replace its keys.
   *
   * Then the account's caps, in the same transaction: one device per session (a new endpoint from the same
   * login replaces that session's previous one) and MAX_DEVICES_PER_USER per account (beyond that the least
   * recently seen devices go, never the one just stored). Without them one account could register endless
   * devices and make every push to it cost the node that much work.
   */
  async subscribe(values: {
    userId: number;
    sessionId: string;
    endpoint: string;
    p256dh: string;
    auth: string;
  }): Promise<PushSubscriptionRow | null> {
    const t = schema.pushSubscriptions;
    return this.db.transaction(async (tx) => {
      // Serialises this account's subscriptions (only this account's), so concurrent ones cannot each keep
      // ten. NO KEY UPDATE rather than UPDATE: rows that reference the user (sessions, trips) can still be
      // inserted meanwhile, since their foreign-key check's KEY SHARE lock does not conflict with it.
      await tx.execute(sql`select id from users where id = ${values.userId} for no key update`);
      const [row] = await tx
        .insert(t)
        .values(values)
        .onConflictDoUpdate({
          target: t.endpoint,
          // A renewal counts as a sign of life (the eviction order below).
          set: {
            userId: values.userId,
            sessionId: values.sessionId,
            p256dh: values.p256dh,
            auth: values.auth,
            lastUsedAt: sql`now()`,
          },
          setWhere: sql`${t.userId} = excluded.user_id or (${t.p256dh} = excluded.p256dh and ${t.auth} = excluded.auth)`,
        })
        .returning();
      if (!row) return null;
      await tx.delete(t).where(and(eq(t.userId, values.userId), eq(t.sessionId, values.sessionId), ne(t.id, row.id)));
      await tx.execute(sql`
        delete from push_subscriptions
        where user_id = ${values.userId} and id <> ${row.id} and id not in (
          select id from push_subscriptions where user_id = ${values.userId} and id <> ${row.id}
          order by greatest(created_at, last_used_at) desc, id desc
          limit ${MAX_DEVICES_PER_USER - 1})`);
      return row;
    });
  }

  /** Removes the user's own subscription for this endpoint; another user's is left alone. */
  async deleteOwn(userId: number, endpoint: string): Promise<number> {
    const t = schema.pushSubscriptions;
    return (
      await this.db
        .delete(t)
        .where(and(eq(t.userId, userId), eq(t.endpoint, endpoint)))
        .returning({ id: t.id })
    ).length;
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
    return this.db
      .select()
      .from(schema.pushSubscriptions)
      .where(inArray(schema.pushSubscriptions.userId, [...userIds]));
  }

  /** The push services accepted a push for these devices (their eviction order: see subscribe). */
  async markUsed(ids: readonly number[], at: Date): Promise<void> {
    if (ids.length === 0) return;
    // One array parameter however many devices (a fan-out's batch can hold hundreds).
    const t = schema.pushSubscriptions;
    await this.db
      .update(t)
      .set({ lastUsedAt: at })
      .where(sql`${t.id} = any(${`{${ids.join(',')}}`}::int[])`);
  }

  /** The kinds the user turned off (no row = on). */
  async disabledKinds(userIds: readonly number[]): Promise<{ userId: number; kind: string }[]> {
    if (userIds.length === 0) return [];
    const t = schema.notificationPreferences;
    return this.db
      .select({ userId: t.userId, kind: t.kind })
      .from(t)
      .where(and(inArray(t.userId, [...userIds]), eq(t.enabled, false)));
  }

  async setPreferences(userId: number, choices: Partial<Record<NotificationKind, boolean>>): Promise<void> {
    const rows = Object.entries(choices).map(([kind, enabled]) => ({ userId, kind, enabled: enabled === true }));
    if (rows.length === 0) return;
    const t = schema.notificationPreferences;
    await this.db
      .insert(t)
      .values(rows)
      .onConflictDoUpdate({ target: [t.userId, t.kind], set: { enabled: sql`excluded.enabled` } });
  }
}
