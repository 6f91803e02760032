import type { ModuleDeps } from '../module-deps';

/**
 * What ending a session means beyond its revoked row (logout, 'Sesiones abiertas', the account's deletion):
 * its device stops receiving the account's push notifications, and every node closes its MQTT connections and
 * drops it from its session cache (cluster-bus.ts, which also bumps the session's stamp, so the next request
 * with its token is a 401 on any node). Awaited before the answer.
 */
export function sessionEnding({ realtime, push }: Pick<ModuleDeps, 'realtime' | 'push'>) {
  return async (sessionId: string): Promise<void> => {
    await push.settings.sessionEnded(sessionId);
    await realtime.disconnectSession(sessionId);
  };
}
