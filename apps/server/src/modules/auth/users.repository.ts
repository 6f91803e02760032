import { and, type Database, type DriverProfileRow, eq, gt, isNull, schema, sql, type UserRow } from '@jala/db';
import { LEGAL_DOCUMENTS, ratingAverage } from '@jala/domain';

import { insertOne } from '../../lib/insert-one';

export type { DriverProfileRow, UserRow } from '@jala/db';

/**
 * The queries every authenticated request runs (session check, profile) are prepared once: drizzle then
 * skips rebuilding their SQL per call, which was the largest share of server CPU under load (bench/http).
 */
function prepareHotQueries(db: Database) {
  const placeholder = sql.placeholder;
  return {
    sessionUser: db
      .select({ user: schema.users, expiresAt: schema.sessions.expiresAt })
      .from(schema.sessions)
      .innerJoin(schema.users, eq(schema.users.id, schema.sessions.userId))
      .where(
        and(
          eq(schema.sessions.id, placeholder('sessionId')),
          eq(schema.sessions.userId, placeholder('userId')),
          isNull(schema.sessions.revokedAt),
          gt(schema.sessions.expiresAt, placeholder('now')),
        ),
      )
      .prepare('users_session_user'),
    userById: db
      .select()
      .from(schema.users)
      .where(eq(schema.users.id, placeholder('id')))
      .prepare('users_by_id'),
    driverProfile: db
      .select()
      .from(schema.driverProfiles)
      .where(eq(schema.driverProfiles.userId, placeholder('userId')))
      .prepare('users_driver_profile'),
    ratingAverage: db
      .select({ average: schema.users.ratingAverage })
      .from(schema.users)
      .where(eq(schema.users.id, placeholder('userId')))
      .prepare('users_rating_average'),
  };
}

export class UsersRepository {
  private readonly hot: ReturnType<typeof prepareHotQueries>;

  constructor(private readonly db: Database) {
    this.hot = prepareHotQueries(db);
  }

  async findByEmail(email: string): Promise<UserRow | undefined> {
    const [row] = await this.db
      .select()
      .from(schema.users)
      .where(sql`lower(${schema.users.email}) = lower(${email})`);
    return row;
  }

  async findById(id: number): Promise<UserRow | undefined> {
    const [row] = await this.hot.userById.execute({ id });
    return row;
  }

  async findDriverProfile(userId: number): Promise<DriverProfileRow | undefined> {
    const [row] = await this.hot.driverProfile.execute({ userId });
    return row;
  }

  /** Average score the user received, or null when nobody rated them yet. */
  async ratingAverage(userId: number): Promise<number | null> {
    const [row] = await this.hot.ratingAverage.execute({ userId });
    return ratingAverage(row?.average);
  }

  /**
   * A new account and its acceptance of the legal documents (one `consents` row per document), in one
   * transaction: no account exists without the consent it was created with.
   */
  async insertWithConsent(values: typeof schema.users.$inferInsert, consentVersion: string): Promise<UserRow> {
    return this.db.transaction(async (tx) => {
      const user = await insertOne(tx, schema.users, { ...values, consentVersion });
      await tx.insert(schema.consents).values(
        LEGAL_DOCUMENTS.map((document) => ({
          userId: user.id,
          document,
          version: consentVersion,
          source: 'sign_up' as const,
          acceptedAt: user.createdAt,
        })),
      );
      return user;
    });
  }

  async update(id: number, values: Partial<typeof schema.users.$inferInsert>): Promise<UserRow | undefined> {
    const [row] = await this.db
      .update(schema.users)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(schema.users.id, id))
      .returning();
    return row;
  }

  /** `userAgent`: the browser's, for 'Sesiones abiertas' (cut to a sane length; null when none was sent). */
  async createSession(id: string, userId: number, expiresAt: Date, userAgent: string | null): Promise<void> {
    await this.db.insert(schema.sessions).values({ id, userId, expiresAt, userAgent });
  }

  /** The user of a live (unexpired, unrevoked) session, and when the session expires. */
  async findSessionUser(sessionId: string, userId: number): Promise<{ user: UserRow; expiresAt: Date } | undefined> {
    const [row] = await this.hot.sessionUser.execute({ sessionId, userId, now: new Date() });
    return row;
  }

  async revokeSession(sessionId: string): Promise<void> {
    await this.db.update(schema.sessions).set({ revokedAt: new Date() }).where(eq(schema.sessions.id, sessionId));
  }
}
