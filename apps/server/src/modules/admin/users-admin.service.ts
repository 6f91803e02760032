import type { AdminUser } from '@jala/contracts';
import { and, desc, eq, isNull, or, schema, sql, type Database } from '@jala/db';
import { AppError } from '../../lib/app-error';
import type { AccountChanges, RealtimeDisconnects } from '../../realtime/cluster-bus';
import { DriverStatusRepository } from '../drivers/driver-status.repository';
import type { AuditActor, AuditLog } from './audit-log';
import { fullName } from '../../lib/person-name';

type UserRow = typeof schema.users.$inferSelect;

/**
 * Operators find users and suspend or reactivate them. A suspension takes effect everywhere at once: every
 * session is revoked (HTTP answers 401), every MQTT connection on every node is closed, a driver is set
 * offline (no more requests) and their live offers are withdrawn (no passenger can choose them, and they
 * stop following those trips), and login answers 403 ACCOUNT_SUSPENDED with the reason.
 */
export class UsersAdminService {
  constructor(
    private readonly db: Database,
    private readonly audit: AuditLog,
    private readonly realtime: RealtimeDisconnects,
    private readonly changes: AccountChanges,
    /** The trips module's: the suspended driver's withdrawn offers leave the lists and their trips. */
    private readonly offersWithdrawn: (driverId: number, tripIds: number[]) => Promise<void>,
  ) {}

  async search(query: string | undefined): Promise<AdminUser[]> {
    const pattern = query ? `%${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
    const rows = await this.db.select().from(schema.users)
      .where(pattern ? or(
        sql`lower(${schema.users.email}) like lower(${pattern})`,
        sql`lower(${schema.users.firstName} || ' ' || ${schema.users.lastName}) like lower(${pattern})`,
        sql`${schema.users.phone} like ${pattern}`,
      ) : undefined)
      .orderBy(desc(schema.users.id)).limit(50);
    return rows.map(toAdminUser);
  }

  async suspend(userId: number, reason: string, actor: AuditActor & { kind: 'operator' }): Promise<AdminUser> {
    if (userId === actor.id) throw new AppError('CANNOT_SUSPEND_SELF');
    let withdrawn: number[] = [];
    const updated = await this.db.transaction(async (tx) => {
      const [before] = await tx.select().from(schema.users).where(eq(schema.users.id, userId));
      if (!before) throw new AppError('USER_NOT_FOUND');
      const now = new Date();
      const [after] = await tx.update(schema.users).set({ suspendedAt: before.suspendedAt ?? now, suspensionReason: reason, updatedAt: now })
        .where(eq(schema.users.id, userId)).returning();
      await tx.update(schema.sessions).set({ revokedAt: now })
        .where(and(eq(schema.sessions.userId, userId), isNull(schema.sessions.revokedAt)));
      await tx.update(schema.driverProfiles).set({ driverStatus: 'offline', lastStatusChange: now })
        .where(and(eq(schema.driverProfiles.userId, userId), eq(schema.driverProfiles.driverStatus, 'online')));
      withdrawn = await new DriverStatusRepository(this.db).withdrawOpenOffers(tx, userId);
      await this.audit.record(actor, {
        action: 'user.suspend', targetType: 'user', targetId: userId,
        before: suspensionState(before), after: after ? suspensionState(after) : null,
      }, tx);
      return after ?? before;
    });
    // After the commit: a reconnect now finds the sessions revoked.
    await this.realtime.disconnectUser(userId);
    if (withdrawn.length > 0) await this.offersWithdrawn(userId, withdrawn);
    return toAdminUser(updated);
  }

  async reactivate(userId: number, actor: AuditActor): Promise<AdminUser> {
    const reactivated = await this.db.transaction(async (tx) => {
      const [before] = await tx.select().from(schema.users).where(eq(schema.users.id, userId));
      if (!before) throw new AppError('USER_NOT_FOUND');
      const [after] = await tx.update(schema.users).set({ suspendedAt: null, suspensionReason: null, updatedAt: new Date() })
        .where(eq(schema.users.id, userId)).returning();
      if (before.suspendedAt) {
        await this.audit.record(actor, {
          action: 'user.reactivate', targetType: 'user', targetId: userId,
          before: suspensionState(before), after: after ? suspensionState(after) : null,
        }, tx);
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
  };
}
