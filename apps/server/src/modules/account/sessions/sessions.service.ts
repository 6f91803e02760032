import type { AccountSession, EndedSessions } from '@jala/contracts';
import { deviceLabel } from '@jala/domain';

import { AppError } from '../../../lib/app-error';
import type { AuthenticatedUser } from '../../../lib/session-user';
import type { SessionsRepository } from './sessions.repository';

/**
 * 'Sesiones abiertas': the account's signed-in devices, and ending one or all the others. Ending is logout's
 * own mechanism (`endSession`: push device dropped, MQTT connections closed and caches emptied on every node),
 * run after the row is revoked, so a reconnect finds it ended. Only the account's own sessions: any other id
 * is a 404, whoever it belongs to.
 */
export class SessionsService {
  constructor(
    private readonly sessions: SessionsRepository,
    private readonly endSession: (sessionId: string) => Promise<void>,
    private readonly now: () => Date,
  ) {}

  async list(user: AuthenticatedUser): Promise<AccountSession[]> {
    const rows = await this.sessions.listOpen(user.id, this.now());
    const current = rows.filter((row) => row.id === user.sessionId);
    // This device first, then the others by last use.
    return [...current, ...rows.filter((row) => row.id !== user.sessionId)].map((row) => ({
      id: row.id,
      device: deviceLabel(row.userAgent),
      created_at: row.createdAt.toISOString(),
      last_seen_at: row.lastSeenAt.toISOString(),
      is_current: row.id === user.sessionId,
    }));
  }

  async end(user: AuthenticatedUser, sessionId: string): Promise<void> {
    if (!(await this.sessions.revokeOwn(user.id, sessionId, this.now()))) throw new AppError('SESSION_NOT_FOUND');
    await this.endSession(sessionId);
  }

  async endOthers(user: AuthenticatedUser): Promise<EndedSessions> {
    const ended = await this.sessions.revokeOthers(user.id, user.sessionId, this.now());
    await Promise.all(ended.map((sessionId) => this.endSession(sessionId)));
    return { ended: ended.length };
  }
}
