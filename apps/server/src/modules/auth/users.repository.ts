import { and, eq, gt, isNull, schema, sql, type Database } from '@jala/db';

export type UserRow = typeof schema.users.$inferSelect;
export type DriverProfileRow = typeof schema.driverProfiles.$inferSelect;

export class UsersRepository {
  constructor(private readonly db: Database) {}

  async findByEmail(email: string): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(schema.users).where(sql`lower(${schema.users.email}) = lower(${email})`);
    return row;
  }

  async findById(id: number): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(schema.users).where(eq(schema.users.id, id));
    return row;
  }

  async findDriverProfile(userId: number): Promise<DriverProfileRow | undefined> {
    const [row] = await this.db.select().from(schema.driverProfiles).where(eq(schema.driverProfiles.userId, userId));
    return row;
  }

  /** Average score the user received, or null when nobody rated them yet. */
  async ratingAverage(userId: number): Promise<number | null> {
    const [row] = await this.db
      .select({ avg: sql<string | null>`avg(${schema.ratings.score})` })
      .from(schema.ratings)
      .where(eq(schema.ratings.rateeId, userId));
    return row?.avg == null ? null : Math.round(Number(row.avg) * 100) / 100;
  }

  async insert(values: typeof schema.users.$inferInsert): Promise<UserRow> {
    const [row] = await this.db.insert(schema.users).values(values).returning();
    if (!row) throw new Error('insert users returned no row');
    return row;
  }

  async update(id: number, values: Partial<typeof schema.users.$inferInsert>): Promise<UserRow | undefined> {
    const [row] = await this.db
      .update(schema.users)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(schema.users.id, id))
      .returning();
    return row;
  }

  async createSession(id: string, userId: number, expiresAt: Date): Promise<void> {
    await this.db.insert(schema.sessions).values({ id, userId, expiresAt });
  }

  /** The user of a live (unexpired, unrevoked) session. */
  async findSessionUser(sessionId: string, userId: number): Promise<UserRow | undefined> {
    const [row] = await this.db
      .select({ user: schema.users })
      .from(schema.sessions)
      .innerJoin(schema.users, eq(schema.users.id, schema.sessions.userId))
      .where(and(
        eq(schema.sessions.id, sessionId),
        eq(schema.sessions.userId, userId),
        isNull(schema.sessions.revokedAt),
        gt(schema.sessions.expiresAt, new Date()),
      ));
    return row?.user;
  }

  async revokeSession(sessionId: string): Promise<void> {
    await this.db.update(schema.sessions).set({ revokedAt: new Date() }).where(eq(schema.sessions.id, sessionId));
  }
}
