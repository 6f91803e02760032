import type { SafetyAlert } from '@jala/contracts';
import type { Database } from '@jala/db';

import { AppError } from '../../../lib/app-error';
import { fullName } from '../../../lib/person-name';
import type { AuditActor, AuditLog } from '../audit-log';
import type { AlertsAdminRepository } from './alerts-admin.repository';

/**
 * The SOS queue over `safety_alerts` (written by the safety feature when a passenger or driver presses SOS):
 * open alerts oldest first — the longest-waiting person is helped first — and resolving one with a note.
 */
export class AlertsAdminService {
  constructor(
    private readonly db: Pick<Database, 'transaction'>,
    private readonly alerts: AlertsAdminRepository,
    private readonly audit: AuditLog,
    private readonly now: () => Date,
  ) {}

  async list(state: 'open' | 'resolved' = 'open'): Promise<SafetyAlert[]> {
    const rows = await this.alerts.list(state);
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
      const alert = await this.alerts.find(alertId, tx);
      if (!alert) throw new AppError('ALERT_NOT_FOUND');
      const now = this.now();
      const resolved = await this.alerts.resolveOpen(
        alertId,
        { resolvedAt: now, resolvedBy: actor.id, resolutionNote: note },
        tx,
      );
      if (!resolved) throw new AppError('ALERT_ALREADY_RESOLVED');
      await this.audit.record(
        actor,
        {
          action: 'alert.resolve',
          targetType: 'alert',
          targetId: alertId,
          before: { resolved_at: null },
          after: { resolved_at: now.toISOString(), resolution_note: note },
        },
        tx,
      );
    });
  }
}
