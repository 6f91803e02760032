/**
 * Bumps the read models of the account a successful write changed (docs/ARCHITECTURE.md 'Read models'):
 * registered by the modules whose writes change what a user's request feed, driver status or stats show
 * (the driver workspace, the passenger workspace, operators verifying or suspending someone). It runs in
 * onSend, after the handler committed and before the answer leaves, so the writer reads their own write.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function touchAccountOnWrites(
  app: FastifyInstance,
  touch: (userId: number) => Promise<void>,
  accountOf: (request: FastifyRequest) => number | null = (request) => request.user?.id ?? null,
): void {
  // Callback style: the module's polled GETs pass through without a promise and a microtask each.
  app.addHook('onSend', (request, reply, payload, done) => {
    const userId = WRITES.has(request.method) && reply.statusCode < 400 ? accountOf(request) : null;
    if (userId === null) {
      done(null, payload);
      return;
    }
    touch(userId).then(() => done(null, payload), done);
  });
}
