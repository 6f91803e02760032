import { and, type Database, desc, eq, gt, inArray, isNull, lt, ne, schema } from '@jala/db';

/** An open session as 'Sesiones abiertas' lists it. */
export interface OpenSessionRow {
  id: string;
  userAgent: string | null;
  createdAt: Date;
  lastSeenAt: Date;
}

/** The account's sessions: listing the open ones, ending them, and when each was last seen. */
export class SessionsRepository {
  constructor(private readonly db: Database) {}

  /** Unrevoked, unexpired sessions of the user, the most recently seen first (served by `sessions_user_idx`). */
  async listOpen(userId: number, now: Date): Promise<OpenSessionRow[]> {
    const s = schema.sessions;
    return this.db
      .select({ id: s.id, userAgent: s.userAgent, createdAt: s.createdAt, lastSeenAt: s.lastSeenAt })
      .from(s)
      .where(and(eq(s.userId, userId), isNull(s.revokedAt), gt(s.expiresAt, now)))
      .orderBy(desc(s.lastSeenAt), desc(s.createdAt));
  }

  /** Ends one open session of the user; false when it is not one (another user's, ended, expired, unknown). */
  async revokeOwn(userId: number, sessionId: string, now: Date): Promise<boolean> {
    const s = schema.sessions;
    const ended = await this.db
      .update(s)
      .set({ revokedAt: now })
      .where(and(eq(s.id, sessionId), eq(s.userId, userId), isNull(s.revokedAt), gt(s.expiresAt, now)))
      .returning({ id: s.id });
    return ended.length > 0;
  }

  /** Ends every unrevoked session of the user but `keep`; returns the ids it ended. */
  async revokeOthers(userId: number, keep: string, now: Date): Promise<string[]> {
    const s = schema.sessions;
    const ended = await this.db
      .update(s)
      .set({ revokedAt: now })
      .where(and(eq(s.userId, userId), ne(s.id, keep), isNull(s.revokedAt)))
      .returning({ id: s.id });
    return ended.map((row) => row.id);
  }

  /** Records activity; a row already marked later (another node's write) is left alone. */
  async markSeen(sessionIds: readonly string[], at: Date): Promise<void> {
    if (sessionIds.length === 0) return;
    const s = schema.sessions;
    await this.db
      .update(s)
      .set({ lastSeenAt: at })
      .where(and(inArray(s.id, [...sessionIds]), lt(s.lastSeenAt, at)));
  }
}
