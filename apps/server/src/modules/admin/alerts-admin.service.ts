import type { SafetyAlert } from '@jala/contracts';
import { and, asc, desc, eq, isNotNull, isNull, schema, type Database } from '@jala/db';
import { AppError } from '../../lib/app-error';
import type { AuditActor, AuditLog } from './audit-log';
import { fullName } from '../../lib/person-name';

/**
 * The SOS queue over `safety_alerts` (written by the safety feature when a passenger or driver presses SOS):
 * open alerts oldest first — the longest-waiting person is helped first — and resolving one with a note.
 */
export class AlertsAdminService {
  constructor(private readonly db: Database, private readonly audit: AuditLog, private readonly now: () => Date) {}

  async list(state: 'open' | 'resolved' = 'open'): Promise<SafetyAlert[]> {
    const rows = await this.db.select({ alert: schema.safetyAlerts, user: schema.users, trip: schema.trips }).from(schema.safetyAlerts)
      .innerJoin(schema.users, eq(schema.users.id, schema.safetyAlerts.userId))
      .innerJoin(schema.trips, eq(schema.trips.id, schema.safetyAlerts.tripId))
      .where(state === 'open' ? isNull(schema.safetyAlerts.resolvedAt) : isNotNull(schema.safetyAlerts.resolvedAt))
      .orderBy(state === 'open' ? asc(schema.safetyAlerts.createdAt) : desc(schema.safetyAlerts.resolvedAt))
      .limit(100);
    return rows.map(({ alert, user, trip }) => ({
      id: alert.id,
      trip_id: trip.id,
      trip_code: trip.tripCode,
      user: { id: user.id, name: fullName(user), phone: user.phone },
      role: alert.role,
      latitude: alert.latitude == null ? null : Number(alert.latitude),
      longitude: alert.longitude == null ? null : Number(alert.longitude),
      created_at: alert.createdAt.toISOString(),
      resolved_at: alert.resolvedAt?.toISOString() ?? null,
      resolution_note: alert.resolutionNote,
    }));
  }

  async resolve(alertId: number, note: string, actor: AuditActor & { kind: 'operator' }): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [alert] = await tx.select().from(schema.safetyAlerts).where(eq(schema.safetyAlerts.id, alertId));
      if (!alert) throw new AppError('ALERT_NOT_FOUND');
      const now = this.now();
      const [resolved] = await tx.update(schema.safetyAlerts).set({ resolvedAt: now, resolvedBy: actor.id, resolutionNote: note })
        .where(and(eq(schema.safetyAlerts.id, alertId), isNull(schema.safetyAlerts.resolvedAt))).returning();
      if (!resolved) throw new AppError('ALERT_ALREADY_RESOLVED');
      await this.audit.record(actor, {
        action: 'alert.resolve', targetType: 'alert', targetId: alertId,
        before: { resolved_at: null }, after: { resolved_at: now.toISOString(), resolution_note: note },
      }, tx);
    });
  }
}
