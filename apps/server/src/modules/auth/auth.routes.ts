import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  driverRegistrationMessage, zAuthResult, zDriverRegistration, zEnvelope, zLoginRequest, zRegisterDriverRequest, zRegisterRequest, zUpdateUserRequest, zUser,
} from '@jala/contracts';
import { currentUser } from '../../plugins/authenticate';
import { signedInRoutes } from '../../plugins/signed-in-routes';
import { ok } from '../../lib/envelope';
import { polledRead } from '../../plugins/conditional-get';
import { AppError } from '../../lib/app-error';
import type { AuthService } from './auth.service';

export interface AuthRoutesOptions {
  auth: AuthService;
  /** Ends the session on every node (its MQTT connections, its cache entries); awaited before the answer. */
  onLogout: (sessionId: string) => Promise<void>;
}

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, { auth, onLogout }) => {
  const throttles = app.authThrottles;
  const { answers, creates } = signedInRoutes(app, 'auth');

  app.post('/auth/login', {
    schema: { tags: ['auth'], summary: 'Log in with e-mail and password', body: zLoginRequest, response: { 200: zEnvelope(zAuthResult) } },
  }, async (request) => {
    const { email } = request.body;
    await throttles.assertLoginAllowed(email, request.ip);
    try {
      const result = await auth.login(request.body);
      await throttles.recordLoginSuccess(email);
      return ok(result, 'Sesión iniciada');
    } catch (error) {
      if (error instanceof AppError && error.code === 'INVALID_CREDENTIALS') await throttles.recordLoginFailure(email, request.ip);
      throw error;
    }
  });

  app.post('/auth/register', {
    schema: { tags: ['auth'], summary: 'Create an account', body: zRegisterRequest, response: { 201: zEnvelope(zAuthResult) } },
  }, async (request, reply) => reply.status(201).send(ok(await auth.register(request.body), 'Cuenta creada')));

  const sendProfile = polledRead();
  app.get('/auth/profile', answers('The session user', zUser),
    async (request, reply) => sendProfile(request, reply, await auth.getProfile(currentUser(request).id, currentUser(request).sessionId)));

  app.put('/auth/profile', answers('Update the session user', zUser, { body: zUpdateUserRequest }), async (request) => {
    const { id: userId, sessionId } = currentUser(request);
    if (request.body.email && request.body.email !== (await auth.getProfile(userId, sessionId)).email) {
      await throttles.assertEmailChangeAllowed(userId, request.ip);
    }
    return ok(await auth.updateProfile(userId, request.body), 'Perfil actualizado');
  });

  app.post('/auth/logout', answers('Revoke this session', z.null()), async (request) => {
    const { sessionId } = currentUser(request);
    await auth.logout(sessionId);
    await onLogout(sessionId);
    return ok(null, 'Sesión cerrada');
  });

  app.post('/auth/register-driver', creates('Register the session user as a driver', zDriverRegistration, { body: zRegisterDriverRequest }), async (request, reply) => {
    const result = await auth.registerDriver(currentUser(request).id, request.body);
    return reply.status(201).send(ok(result, driverRegistrationMessage(result.status)));
  });
};
