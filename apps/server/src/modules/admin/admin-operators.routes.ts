import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { zAddOperatorRequest, zAuditEntry, zAuditQuery, zIdParam, zOperator } from '@jala/contracts';
import { ok } from '../../lib/envelope';
import type { RealtimeDisconnects } from '../../realtime/cluster-bus';
import type { AuditLog } from './audit-log';
import { operatorActor } from './operator-actor';
import type { OperatorsService } from './operators.service';
import { requireAdmin } from './require-admin';
import { signedInRoutes } from '../../plugins/signed-in-routes';

/** Operators manage operators, and read the audit log (nobody can write to it through the API). */
interface Deps { operators: OperatorsService; audit: AuditLog; realtime: RealtimeDisconnects }

export const adminOperatorsRoutes: FastifyPluginAsyncZod<Deps> = async (app, { operators, audit, realtime }) => {
  const { answers } = signedInRoutes(app, 'admin', requireAdmin);

  app.get('/admin/operators', answers('Every operator', z.array(zOperator)), async () => ok(await operators.list()));

  app.post('/admin/operators', answers('Make an existing account an operator (by e-mail)', zOperator, { body: zAddOperatorRequest }), async (request) => {
    const { operator, wasAlreadyOperator } = await operators.grantByEmail(request.body.email, operatorActor(request));
    return ok(operator, wasAlreadyOperator ? `${operator.email} ya era operador.` : `${operator.email} ahora es operador.`);
  });

  app.delete('/admin/operators/:id', answers("Remove someone's operator rights (never the last operator)", z.null(), { params: zIdParam }), async (request) => {
    await operators.revoke(request.params.id, operatorActor(request));
    // HTTP reads the role per request; MQTT decided at subscribe time, so the live map is cut off here.
    await realtime.disconnectUser(request.params.id);
    return ok(null, 'Se quitó el rol de operador.');
  });

  app.get('/admin/audit-log', answers('Operator actions, newest first (100 per page; before_id for the next page)', z.array(zAuditEntry), { querystring: zAuditQuery }),
    async (request) => ok(await audit.list(request.query.before_id)));
};
