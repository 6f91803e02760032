import type { Operator } from '@jala/contracts';
import type { Database, UserRow } from '@jala/db';

import { AppError } from '../../../lib/app-error';
import { fullName } from '../../../lib/person-name';
import type { AccountChanges } from '../../../realtime/cluster-bus';
import type { AuditActor, AuditLog } from '../audit-log';
import type { OperatorsRepository } from './operators.repository';

export const NO_ACCOUNT_FOR_EMAIL = 'No existe una cuenta con ese correo. La persona debe registrarse primero en Jala.';

export interface OperatorGrant {
  operator: Operator;
  wasAlreadyOperator: boolean;
}

/**
 * Who is an operator (users.is_admin). The first one comes from `npm run create-operator -- <correo>` or
 * OPERATOR_EMAILS at boot; operators then add and remove each other in the console. Every change is audited.
 */
export class OperatorsService {
  /**
   * `db` only opens the transactions that hold a change and its audit row. `changes` tells every node's
   * session cache; the create-operator CLI on PostgreSQL, outside any node, has none: the nodes then see the
   * new operator within the cache's maximum age (session-cache.ts).
   */
  constructor(
    private readonly db: Pick<Database, 'transaction'>,
    private readonly operators: OperatorsRepository,
    private readonly audit: AuditLog,
    private readonly changes?: AccountChanges,
  ) {}

  async list(): Promise<Operator[]> {
    return (await this.operators.listOperators()).map(toOperator);
  }

  /** Makes the account with that e-mail an operator (idempotent: granting twice writes no second audit row). */
  async grantByEmail(email: string, actor: AuditActor): Promise<OperatorGrant> {
    const grant = await this.db.transaction(async (tx): Promise<OperatorGrant & { userId: number }> => {
      const user = await this.operators.findUserByEmail(email, tx);
      if (!user) throw new AppError('USER_NOT_FOUND', NO_ACCOUNT_FOR_EMAIL, { email: NO_ACCOUNT_FOR_EMAIL });
      if (user.isAdmin) return { operator: toOperator(user), wasAlreadyOperator: true, userId: user.id };
      const updated = await this.operators.setOperator(user.id, true, tx);
      await this.audit.record(
        actor,
        {
          action: 'operator.grant',
          targetType: 'user',
          targetId: user.id,
          before: { is_admin: false },
          after: { is_admin: true },
        },
        tx,
      );
      return { operator: toOperator(updated ?? user), wasAlreadyOperator: false, userId: user.id };
    });
    if (!grant.wasAlreadyOperator) await this.changes?.userChanged(grant.userId);
    return { operator: grant.operator, wasAlreadyOperator: grant.wasAlreadyOperator };
  }

  /** Removes operator rights; the last operator cannot be removed (nobody could run the console then). */
  async revoke(userId: number, actor: AuditActor): Promise<void> {
    await this.db.transaction(async (tx) => {
      // Serialise concurrent removals so two operators cannot remove each other and leave none.
      await this.operators.lockOperators(tx);
      const user = await this.operators.findOperator(userId, tx);
      if (!user) throw new AppError('USER_NOT_FOUND', 'Ese usuario no es operador.');
      if ((await this.operators.countOperators(tx)) <= 1) throw new AppError('LAST_OPERATOR');
      await this.operators.setOperator(userId, false, tx);
      await this.audit.record(
        actor,
        {
          action: 'operator.revoke',
          targetType: 'user',
          targetId: userId,
          before: { is_admin: true },
          after: { is_admin: false },
        },
        tx,
      );
    });
    await this.changes?.userChanged(userId);
  }
}

function toOperator(user: UserRow): Operator {
  return { id: user.id, name: fullName(user), email: user.email };
}
