/**
 * Bearer-token authentication. Routes opt in with `preHandler: app.requireUser`; the resolved user is on
 * `request.user`. A missing, forged, expired or revoked token is a 401, which the web client treats as logout.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';

import { AppError } from '../lib/app-error';
import type { AuthenticatedUser, TokenAuthenticator } from '../lib/session-user';

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthenticatedUser | null;
  }
  interface FastifyInstance {
    requireUser: (request: FastifyRequest) => Promise<void>;
  }
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1] ?? null;
}

export function registerAuthentication(app: FastifyInstance, authenticate: TokenAuthenticator): void {
  app.decorateRequest('user', null);
  app.decorate('requireUser', async (request: FastifyRequest) => {
    const token = bearerToken(request);
    const user = token ? await authenticate(token) : null;
    if (!user) throw new AppError('UNAUTHORIZED');
    request.user = user;
  });
}

/** The authenticated user of a route that ran `requireUser`. */
export function currentUser(request: FastifyRequest): AuthenticatedUser {
  if (!request.user) throw new AppError('UNAUTHORIZED');
  return request.user;
}
