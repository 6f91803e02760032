import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleDeps } from '../module-deps';
import { authRoutes } from './auth.routes';

/** Accounts and sessions: register, login, profile, logout (which also closes the session's MQTT connections). */
export const authModule: FastifyPluginAsyncZod<ModuleDeps> = async (app, { auth, config, broker }) => {
  await app.register(authRoutes, {
    auth,
    rateLimitPerMinute: config.authRateLimitPerMinute,
    onLogout: (sessionId) => broker.disconnectSession(sessionId),
  });
};
