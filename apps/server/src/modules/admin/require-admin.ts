import type { FastifyRequest } from 'fastify';

import { AppError } from '../../lib/app-error';
import { currentUser } from '../../plugins/authenticate';

export const ADMIN_ONLY_MESSAGE = 'Solo un operador de Jala puede realizar esta acción.';

/** preHandler after `requireUser`: operators only (users.is_admin), 403 otherwise. */
export async function requireAdmin(request: FastifyRequest): Promise<void> {
  if (!currentUser(request).isAdmin) throw new AppError('FORBIDDEN', ADMIN_ONLY_MESSAGE);
}
