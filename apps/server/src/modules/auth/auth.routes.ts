import { driverRegistrationMessage } from '@jala/contracts';
import * as endpoints from '@jala/contracts/endpoints';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { AppError } from '../../lib/app-error';
import { ok } from '../../lib/envelope';
import { currentUser } from '../../plugins/authenticate';
import { polledRead } from '../../plugins/conditional-get';
import { routeOf } from '../../plugins/endpoint-route';
import { signedInRoutes } from '../../plugins/signed-in-routes';
import type { AuthService, SignInClient } from './auth.service';

export interface AuthRoutesOptions {
  auth: AuthService;
  /** Ends the session on every node (its MQTT connections, its cache entries); awaited before the answer. */
  onLogout: (sessionId: string) => Promise<void>;
}

/** The browser a sign-in comes from, as 'Sesiones abiertas' will name it. */
const signInClient = (request: FastifyRequest): SignInClient => ({
  userAgent: request.headers['user-agent'] ?? null,
});

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, { auth, onLogout }) => {
  const throttles = app.authThrottles;
  const { route } = signedInRoutes(app);

  app.route({
    ...routeOf(endpoints.login),
    handler: async (request) => {
      const { email } = request.body;
      await throttles.assertLoginAllowed(email, request.ip);
      try {
        const result = await auth.login(request.body, signInClient(request));
        await throttles.recordLoginSuccess(email);
        return ok(result, 'Sesión iniciada');
      } catch (error) {
        if (error instanceof AppError && error.code === 'INVALID_CREDENTIALS')
          await throttles.recordLoginFailure(email, request.ip);
        throw error;
      }
    },
  });

  app.route({
    ...routeOf(endpoints.register),
    handler: async (request, reply) =>
      reply.status(201).send(ok(await auth.register(request.body, signInClient(request)), 'Cuenta creada')),
  });

  const sendProfile = polledRead();
  app.route({
    ...route(endpoints.sessionUser),
    handler: async (request, reply) =>
      sendProfile(request, reply, await auth.getProfile(currentUser(request).id, currentUser(request).sessionId)),
  });

  app.route({
    ...route(endpoints.updateSessionUser),
    handler: async (request) => {
      const { id: userId, sessionId } = currentUser(request);
      if (request.body.email && request.body.email !== (await auth.getProfile(userId, sessionId)).email) {
        await throttles.assertEmailChangeAllowed(userId, request.ip);
      }
      return ok(await auth.updateProfile(userId, request.body), 'Perfil actualizado');
    },
  });

  app.route({
    ...route(endpoints.logout),
    handler: async (request) => {
      const { sessionId } = currentUser(request);
      await auth.logout(sessionId);
      await onLogout(sessionId);
      return ok(null, 'Sesión cerrada');
    },
  });

  app.route({
    ...route(endpoints.registerAsDriver),
    handler: async (request, reply) => {
      const result = await auth.registerDriver(currentUser(request).id, request.body);
      return reply.status(201).send(ok(result, driverRegistrationMessage(result.status)));
    },
  });
};
