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
  app.addHook('onSend', async (request, reply, payload) => {
    if (!WRITES.has(request.method) || reply.statusCode >= 400) return payload;
    const userId = accountOf(request);
    if (userId !== null) await touch(userId);
    return payload;
  });
}
