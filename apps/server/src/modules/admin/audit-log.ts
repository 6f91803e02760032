import type { AuditEntry } from '@jala/contracts';
import { desc, eq, lt, schema, type Database } from '@jala/db';
import type { DbExecutor } from '../drivers/db-executor';

/** Who did something: an operator (by id), or the bootstrap (command line / OPERATOR_EMAILS at boot). */
export type AuditActor = { kind: 'operator'; id: number } | { kind: 'system'; label: string };

export interface AuditRecord {
  action: string;
  targetType: 'user' | 'driver' | 'trip' | 'alert' | 'payment_case';
  targetId: number | null;
  before?: unknown;
  after?: unknown;
}

const PAGE_SIZE = 100;

/**
 * The operators' audit log: one row per write an operator (or the bootstrap) makes, with the state
 * before and after. Append-only — the migration's trigger refuses UPDATE and DELETE on the table, so not
 * even a bug here could rewrite history. Services record in the same transaction as the change they audit.
 */
export class AuditLog {
  constructor(private readonly db: Database) {}

  async record(actor: AuditActor, entry: AuditRecord, executor: DbExecutor = this.db): Promise<void> {
    await executor.insert(schema.auditLog).values({
      actorId: actor.kind === 'operator' ? actor.id : null,
      actorLabel: actor.kind === 'operator' ? await operatorLabel(executor, actor.id) : actor.label,
      action: entry.action,
      targetType: entry.targetType,
      targetId: entry.targetId,
      before: entry.before ?? null,
      after: entry.after ?? null,
    });
  }

  /** Newest first, a page at a time (`beforeId` = the last id of the previous page). */
  async list(beforeId?: number): Promise<AuditEntry[]> {
    const rows = await this.db.select().from(schema.auditLog)
      .where(beforeId ? lt(schema.auditLog.id, beforeId) : undefined)
      .orderBy(desc(schema.auditLog.id)).limit(PAGE_SIZE);
    return rows.map((row) => ({
      id: row.id,
      actor: row.actorLabel,
      action: row.action,
      target_type: row.targetType,
      target_id: row.targetId,
      before: row.before ?? null,
      after: row.after ?? null,
      created_at: row.createdAt.toISOString(),
    }));
  }
}

/**
 * "Name <email>" kept in the row itself, so the log reads the same after the operator changes name. Read
 * on the caller's executor: inside a transaction, PGlite's single connection would wait forever for a
 * query made outside it.
 */
async function operatorLabel(executor: DbExecutor, id: number): Promise<string> {
  const [user] = await executor.select({ first: schema.users.firstName, last: schema.users.lastName, email: schema.users.email })
    .from(schema.users).where(eq(schema.users.id, id));
  return user ? `${user.first} ${user.last} <${user.email}>`.trim() : `operador ${id}`;
}
