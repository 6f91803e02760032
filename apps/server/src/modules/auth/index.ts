import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import type { ModuleDeps } from '../module-deps';
import { authRoutes } from './auth.routes';
import { passwordRoutes } from './passwords/password.routes';
import { PasswordChangeService } from './passwords/password-change.service';
import { PasswordResetService } from './passwords/password-reset.service';
import { PasswordsRepository } from './passwords/passwords.repository';
import { sessionEnding } from './session-ending';

/**
 * Accounts and sessions: register, login, profile, logout (which also closes the session's MQTT connections and
 * drops its push subscription), and passwords: the reset link by e-mail and the change made knowing the current one.
 */
export const authModule: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  const { auth, realtime, push, db, users, mail, now, config } = deps;
  const endSession = sessionEnding(deps);
  await app.register(authRoutes, { auth, onLogout: endSession });

  const passwords = new PasswordsRepository(db);
  const shared = { db, passwords, mail, now, publicUrl: config.publicUrl };
  await app.register(passwordRoutes, {
    resets: new PasswordResetService({
      ...shared,
      users,
      // Every session of the account: their devices' pushes stop, and every node cuts the user's MQTT
      // connections and cached sessions at once, as a suspension does.
      signOutEverywhere: async (userId, sessionIds) => {
        for (const sessionId of sessionIds) await push.settings.sessionEnded(sessionId);
        await realtime.disconnectUser(userId);
      },
    }),
    changes: new PasswordChangeService({
      ...shared,
      users,
      endSessions: async (sessionIds) => {
        for (const sessionId of sessionIds) await endSession(sessionId);
      },
    }),
  });
};
