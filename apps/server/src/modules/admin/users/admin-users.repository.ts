import { and, type Database, type DbExecutor, desc, eq, isNull, or, schema, sql, type UserRow } from '@jala/db';

/** How many accounts one search shows. */
const SEARCH_LIMIT = 50;

/** Accounts as operators find and suspend them: users, their sessions and a driver's online status. */
export class AdminUsersRepository {
  constructor(private readonly db: Database) {}

  /** Newest first; `pattern` is a LIKE pattern matched against e-mail and name (any case) and phone. */
  async search(pattern: string | undefined): Promise<UserRow[]> {
    return this.db
      .select()
      .from(schema.users)
      .where(
        pattern
          ? or(
              sql`lower(${schema.users.email}) like lower(${pattern})`,
              sql`lower(${schema.users.firstName} || ' ' || ${schema.users.lastName}) like lower(${pattern})`,
              sql`${schema.users.phone} like ${pattern}`,
            )
          : undefined,
      )
      .orderBy(desc(schema.users.id))
      .limit(SEARCH_LIMIT);
  }

  async find(userId: number, executor: DbExecutor = this.db): Promise<UserRow | undefined> {
    const [user] = await executor.select().from(schema.users).where(eq(schema.users.id, userId));
    return user;
  }

  async setSuspension(
    userId: number,
    values: { suspendedAt: Date | null; suspensionReason: string | null; updatedAt: Date },
    executor: DbExecutor = this.db,
  ): Promise<UserRow | undefined> {
    const [after] = await executor.update(schema.users).set(values).where(eq(schema.users.id, userId)).returning();
    return after;
  }

  /** Every open session of the user ends now: their tokens answer 401 from the next request on. */
  async revokeSessions(userId: number, at: Date, executor: DbExecutor = this.db): Promise<void> {
    await executor
      .update(schema.sessions)
      .set({ revokedAt: at })
      .where(and(eq(schema.sessions.userId, userId), isNull(schema.sessions.revokedAt)));
  }

  /** An online driver goes offline (nothing happens to anyone else). */
  async setDriverOffline(userId: number, at: Date, executor: DbExecutor = this.db): Promise<void> {
    await executor
      .update(schema.driverProfiles)
      .set({ driverStatus: 'offline', lastStatusChange: at })
      .where(and(eq(schema.driverProfiles.userId, userId), eq(schema.driverProfiles.driverStatus, 'online')));
  }
}
