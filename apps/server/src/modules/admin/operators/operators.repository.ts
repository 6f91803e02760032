import { and, asc, count, type Database, type DbExecutor, eq, schema, sql, type UserRow } from '@jala/db';

/** Operators are users with `is_admin`: finding them and granting or removing the role. */
export class OperatorsRepository {
  constructor(private readonly db: Database) {}

  async listOperators(): Promise<UserRow[]> {
    return this.db.select().from(schema.users).where(eq(schema.users.isAdmin, true)).orderBy(asc(schema.users.id));
  }

  /** The account with this e-mail, whatever its case or surrounding spaces. */
  async findUserByEmail(email: string, executor: DbExecutor = this.db): Promise<UserRow | undefined> {
    const [user] = await executor
      .select()
      .from(schema.users)
      .where(sql`lower(${schema.users.email}) = lower(${email.trim()})`);
    return user;
  }

  async findOperator(userId: number, executor: DbExecutor = this.db): Promise<UserRow | undefined> {
    const [user] = await executor
      .select()
      .from(schema.users)
      .where(and(eq(schema.users.id, userId), eq(schema.users.isAdmin, true)));
    return user;
  }

  async countOperators(executor: DbExecutor = this.db): Promise<number> {
    const [remaining] = await executor.select({ n: count() }).from(schema.users).where(eq(schema.users.isAdmin, true));
    return remaining?.n ?? 0;
  }

  /** Locks every operator row until the transaction ends, so concurrent removals run one after the other. */
  async lockOperators(executor: DbExecutor): Promise<void> {
    await executor.execute(sql`select id from users where is_admin for update`);
  }

  async setOperator(userId: number, isOperator: boolean, executor: DbExecutor = this.db): Promise<UserRow | undefined> {
    const [updated] = await executor
      .update(schema.users)
      .set({ isAdmin: isOperator, updatedAt: new Date() })
      .where(eq(schema.users.id, userId))
      .returning();
    return updated;
  }
}
