import {
  and,
  type Database,
  type DbExecutor,
  eq,
  gt,
  isNull,
  lt,
  ne,
  or,
  type PasswordResetRow,
  schema,
} from '@jala/db';

export type { PasswordResetRow } from '@jala/db';

/** A reset link as the reset page needs it: the link, and whose account it is for. */
export interface ResetLinkRow {
  reset: PasswordResetRow;
  email: string;
  firstName: string;
}

/** How long ended and expired links are kept (to tell someone why their old link no longer works). */
const KEEP_ENDED_MS = 24 * 60 * 60_000;

/** Passwords and what a new one ends: reset links (stored as hashes only) and the account's sessions. */
export class PasswordsRepository {
  constructor(private readonly db: Database) {}

  /** Holds the user's row until the transaction ends, so their links and password change one at a time. */
  async lockUser(userId: number, tx: DbExecutor): Promise<boolean> {
    const rows = await tx
      .select({ id: schema.users.id })
      .from(schema.users)
      .where(eq(schema.users.id, userId))
      .for('update');
    return rows.length > 0;
  }

  /**
   * The user's new link: their live one (at most one) ends as replaced, and links ended or expired more than a
   * day ago are dropped. Run inside a transaction holding `lockUser`.
   */
  async replaceLiveLink(
    values: { userId: number; tokenHash: string; createdAt: Date; expiresAt: Date },
    tx: DbExecutor,
  ): Promise<void> {
    const { userId, createdAt } = values;
    await tx
      .update(schema.passwordResets)
      .set({ endedAt: createdAt, endReason: 'replaced' })
      .where(and(eq(schema.passwordResets.userId, userId), isNull(schema.passwordResets.endedAt)));
    const keptSince = new Date(createdAt.getTime() - KEEP_ENDED_MS);
    await tx
      .delete(schema.passwordResets)
      .where(
        and(
          eq(schema.passwordResets.userId, userId),
          or(lt(schema.passwordResets.endedAt, keptSince), lt(schema.passwordResets.expiresAt, keptSince)),
        ),
      );
    await tx.insert(schema.passwordResets).values(values);
  }

  /** The link whose token hashes to `tokenHash`, with its account's e-mail and first name. */
  async findLink(tokenHash: string, executor: DbExecutor = this.db): Promise<ResetLinkRow | undefined> {
    const [row] = await executor
      .select({ reset: schema.passwordResets, email: schema.users.email, firstName: schema.users.firstName })
      .from(schema.passwordResets)
      .innerJoin(schema.users, eq(schema.users.id, schema.passwordResets.userId))
      .where(eq(schema.passwordResets.tokenHash, tokenHash));
    return row;
  }

  /** Ends a live, unexpired link as used; false when it was not (any more): a link works once. */
  async useLink(id: number, now: Date, tx: DbExecutor): Promise<boolean> {
    const used = await tx
      .update(schema.passwordResets)
      .set({ endedAt: now, endReason: 'used' })
      .where(
        and(
          eq(schema.passwordResets.id, id),
          isNull(schema.passwordResets.endedAt),
          gt(schema.passwordResets.expiresAt, now),
        ),
      )
      .returning({ id: schema.passwordResets.id });
    return used.length > 0;
  }

  /** Stores a new password hash, and every link still live for the account dies with the old password. */
  async setPassword(userId: number, passwordHash: string, now: Date, tx: DbExecutor): Promise<void> {
    await tx.update(schema.users).set({ passwordHash, updatedAt: now }).where(eq(schema.users.id, userId));
    await this.endLiveLinks(userId, now, tx);
  }

  /**
   * Like setPassword, only if the stored hash is still `currentHash` (the one the person just proved they know):
   * of two changes racing from the same old password, one wins.
   */
  async replacePassword(
    userId: number,
    change: { currentHash: string; passwordHash: string },
    now: Date,
    tx: DbExecutor,
  ): Promise<boolean> {
    const changed = await tx
      .update(schema.users)
      .set({ passwordHash: change.passwordHash, updatedAt: now })
      .where(and(eq(schema.users.id, userId), eq(schema.users.passwordHash, change.currentHash)))
      .returning({ id: schema.users.id });
    if (changed.length === 0) return false;
    await this.endLiveLinks(userId, now, tx);
    return true;
  }

  /** Revokes the user's open sessions, but `keep` (the one making a change; null: all); returns the ids revoked. */
  async revokeSessions(userId: number, keep: string | null, now: Date, tx: DbExecutor): Promise<string[]> {
    const revoked = await tx
      .update(schema.sessions)
      .set({ revokedAt: now })
      .where(
        and(
          eq(schema.sessions.userId, userId),
          isNull(schema.sessions.revokedAt),
          gt(schema.sessions.expiresAt, now),
          keep === null ? undefined : ne(schema.sessions.id, keep),
        ),
      )
      .returning({ id: schema.sessions.id });
    return revoked.map((row) => row.id);
  }

  private async endLiveLinks(userId: number, now: Date, tx: DbExecutor): Promise<void> {
    await tx
      .update(schema.passwordResets)
      .set({ endedAt: now, endReason: 'password_changed' })
      .where(and(eq(schema.passwordResets.userId, userId), isNull(schema.passwordResets.endedAt)));
  }
}
