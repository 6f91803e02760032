import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleDeps } from '../module-deps';
import { authRoutes } from './auth.routes';

/** Accounts and sessions: register, login, profile, logout (which also closes the session's MQTT connections). */
export const authModule: FastifyPluginAsyncZod<ModuleDeps> = async (app, { auth, config, realtime }) => {
  await app.register(authRoutes, {
    auth,
    rateLimitPerMinute: config.authRateLimitPerMinute,
    // Every node closes that session's MQTT connections and drops it from its session cache (cluster-bus.ts).
    onLogout: (sessionId) => realtime.disconnectSession(sessionId),
  });
};
