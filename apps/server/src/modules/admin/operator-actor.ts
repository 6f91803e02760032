import type { FastifyRequest } from 'fastify';

import { currentUser } from '../../plugins/authenticate';
import type { AuditActor } from './audit-log';

/** The operator making this request, as the audit log names them. */
export function operatorActor(request: FastifyRequest): AuditActor & { kind: 'operator' } {
  return { kind: 'operator', id: currentUser(request).id };
}
