import { type AuditLogRow, type Database, type DbExecutor, desc, eq, lt, schema } from '@jala/db';

export type AuditLogInsert = typeof schema.auditLog.$inferInsert;

/** The `audit_log` table: append-only (the migration's trigger refuses UPDATE and DELETE). */
export class AuditLogRepository {
  constructor(private readonly db: Database) {}

  /** `executor`: the transaction of the change being audited, so both are written or neither. */
  async insert(values: AuditLogInsert, executor: DbExecutor = this.db): Promise<void> {
    await executor.insert(schema.auditLog).values(values);
  }

  /** Newest first, at most `limit`, only ids below `beforeId` when given. */
  async newestFirst(beforeId: number | undefined, limit: number): Promise<AuditLogRow[]> {
    return this.db
      .select()
      .from(schema.auditLog)
      .where(beforeId ? lt(schema.auditLog.id, beforeId) : undefined)
      .orderBy(desc(schema.auditLog.id))
      .limit(limit);
  }

  /**
   * The operator's name and e-mail, read on the caller's executor: inside a transaction, PGlite's single
   * connection would wait forever for a query made outside it.
   */
  async findOperatorName(
    id: number,
    executor: DbExecutor = this.db,
  ): Promise<{ first: string; last: string; email: string } | undefined> {
    const [user] = await executor
      .select({ first: schema.users.firstName, last: schema.users.lastName, email: schema.users.email })
      .from(schema.users)
      .where(eq(schema.users.id, id));
    return user;
  }
}
