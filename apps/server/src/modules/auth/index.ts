import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleDeps } from '../module-deps';
import { authRoutes } from './auth.routes';

/** Accounts and sessions: register, login, profile, logout (which also closes the session's MQTT connections and drops its push subscription). */
export const authModule: FastifyPluginAsyncZod<ModuleDeps> = async (app, { auth, realtime, push }) => {
  await app.register(authRoutes, {
    auth,
    // Every node closes that session's MQTT connections and drops it from its session cache (cluster-bus.ts).
    // and this session's device stops receiving the account's push notifications.
    onLogout: async (sessionId) => {
      await push.settings.sessionEnded(sessionId);
      await realtime.disconnectSession(sessionId);
    },
  });
};
