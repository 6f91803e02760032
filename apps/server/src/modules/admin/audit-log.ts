import type { AuditEntry } from '@jala/contracts';
import type { DbExecutor } from '@jala/db';

import type { AuditLogRepository } from './audit-log.repository';

/**
 * Who did something: an operator (by id), the bootstrap (command line / OPERATOR_EMAILS at boot), or the
 * account's own holder (deleting their account: the row keeps their id, never their name or e-mail).
 */
export type AuditActor =
  { kind: 'operator'; id: number } | { kind: 'system'; label: string } | { kind: 'account_holder'; id: number };

/** The label of an account holder's own action. */
export const ACCOUNT_HOLDER_LABEL = 'Titular de la cuenta';

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
  constructor(private readonly rows: AuditLogRepository) {}

  /** `executor`: the transaction of the audited change; without it the row is written on its own. */
  async record(actor: AuditActor, entry: AuditRecord, executor?: DbExecutor): Promise<void> {
    await this.rows.insert(
      {
        actorId: actor.kind === 'system' ? null : actor.id,
        actorLabel:
          actor.kind === 'operator'
            ? await this.operatorLabel(actor.id, executor)
            : actor.kind === 'system'
              ? actor.label
              : ACCOUNT_HOLDER_LABEL,
        action: entry.action,
        targetType: entry.targetType,
        targetId: entry.targetId,
        before: entry.before ?? null,
        after: entry.after ?? null,
      },
      executor,
    );
  }

  /** Newest first, a page at a time (`beforeId` = the last id of the previous page). */
  async list(beforeId?: number): Promise<AuditEntry[]> {
    const rows = await this.rows.newestFirst(beforeId, PAGE_SIZE);
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

  /** "Name <email>" kept in the row itself, so the log reads the same after the operator changes name. */
  private async operatorLabel(id: number, executor: DbExecutor | undefined): Promise<string> {
    const user = await this.rows.findOperatorName(id, executor);
    return user ? `${user.first} ${user.last} <${user.email}>`.trim() : `operador ${id}`;
  }
}
