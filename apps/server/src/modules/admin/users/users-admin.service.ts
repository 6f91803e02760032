import type { AdminUser } from '@jala/contracts';
import type { Database, DbExecutor, UserRow } from '@jala/db';

import { AppError } from '../../../lib/app-error';
import { containsPattern } from '../../../lib/like-pattern';
import { fullName } from '../../../lib/person-name';
import type { AccountChanges, RealtimeDisconnects } from '../../../realtime/cluster-bus';
import type { AuditActor, AuditLog } from '../audit-log';
import type { AdminUsersRepository } from './admin-users.repository';

/** The drivers module's withdrawal of a driver's live offers (DriverStatusRepository), inside the suspension. */
export interface OpenOffers {
  withdrawOpenOffers(executor: DbExecutor, driverId: number): Promise<number[]>;
}

/**
 * Operators find users and suspend or reactivate them. A suspension takes effect everywhere at once: every
 * session is revoked (HTTP answers 401), every MQTT connection on every node is closed, a driver is set
 * offline (no more requests) and their live offers are withdrawn (no passenger can choose them, and they
 * stop following those trips), and login answers 403 ACCOUNT_SUSPENDED with the reason.
 */
export class UsersAdminService {
  constructor(
    private readonly db: Pick<Database, 'transaction'>,
    private readonly users: AdminUsersRepository,
    private readonly offers: OpenOffers,
    private readonly audit: AuditLog,
    private readonly realtime: RealtimeDisconnects,
    private readonly changes: AccountChanges,
    /** The trips module's: the suspended driver's withdrawn offers leave the lists and their trips. */
    private readonly offersWithdrawn: (driverId: number, tripIds: number[]) => Promise<void>,
  ) {}

  async search(query: string | undefined): Promise<AdminUser[]> {
    const rows = await this.users.search(query ? containsPattern(query) : undefined);
    return rows.map(toAdminUser);
  }

  async suspend(userId: number, reason: string, actor: AuditActor & { kind: 'operator' }): Promise<AdminUser> {
    if (userId === actor.id) throw new AppError('CANNOT_SUSPEND_SELF');
    let withdrawn: number[] = [];
    const updated = await this.db.transaction(async (tx) => {
      const before = await this.users.find(userId, tx);
      if (!before) throw new AppError('USER_NOT_FOUND');
      if (before.deletedAt) throw new AppError('ACCOUNT_DELETED');
      const now = new Date();
      const after = await this.users.setSuspension(
        userId,
        { suspendedAt: before.suspendedAt ?? now, suspensionReason: reason, updatedAt: now },
        tx,
      );
      await this.users.revokeSessions(userId, now, tx);
      await this.users.setDriverOffline(userId, now, tx);
      withdrawn = await this.offers.withdrawOpenOffers(tx, userId);
      await this.audit.record(
        actor,
        {
          action: 'user.suspend',
          targetType: 'user',
          targetId: userId,
          before: suspensionState(before),
          after: after ? suspensionState(after) : null,
        },
        tx,
      );
      return after ?? before;
    });
    // After the commit: a reconnect now finds the sessions revoked.
    await this.realtime.disconnectUser(userId);
    if (withdrawn.length > 0) await this.offersWithdrawn(userId, withdrawn);
    return toAdminUser(updated);
  }

  async reactivate(userId: number, actor: AuditActor): Promise<AdminUser> {
    const reactivated = await this.db.transaction(async (tx) => {
      const before = await this.users.find(userId, tx);
      if (!before) throw new AppError('USER_NOT_FOUND');
      const after = await this.users.setSuspension(
        userId,
        { suspendedAt: null, suspensionReason: null, updatedAt: new Date() },
        tx,
      );
      if (before.suspendedAt) {
        await this.audit.record(
          actor,
          {
            action: 'user.reactivate',
            targetType: 'user',
            targetId: userId,
            before: suspensionState(before),
            after: after ? suspensionState(after) : null,
          },
          tx,
        );
      }
      return toAdminUser(after ?? before);
    });
    // Every node's cached copy still says suspended, which would refuse the sessions opened from now on.
    await this.changes.userChanged(userId);
    return reactivated;
  }
}

function suspensionState(user: UserRow) {
  return { suspended_at: user.suspendedAt?.toISOString() ?? null, suspension_reason: user.suspensionReason };
}

function toAdminUser(user: UserRow): AdminUser {
  return {
    id: user.id,
    name: fullName(user),
    email: user.email,
    phone: user.phone,
    user_type: user.userType,
    is_operator: user.isAdmin,
    ...suspensionState(user),
    created_at: user.createdAt.toISOString(),
    deleted_at: user.deletedAt?.toISOString() ?? null,
  };
}
