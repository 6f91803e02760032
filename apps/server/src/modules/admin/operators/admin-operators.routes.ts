import * as endpoints from '@jala/contracts/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { ok } from '../../../lib/envelope';
import { signedInRoutes } from '../../../plugins/signed-in-routes';
import type { RealtimeDisconnects } from '../../../realtime/cluster-bus';
import type { AuditLog } from '../audit-log';
import { operatorActor } from '../operator-actor';
import { requireAdmin } from '../require-admin';
import type { OperatorsService } from './operators.service';

/** Operators manage operators, and read the audit log (nobody can write to it through the API). */
interface Deps {
  operators: OperatorsService;
  audit: AuditLog;
  realtime: RealtimeDisconnects;
}

export const adminOperatorsRoutes: FastifyPluginAsyncZod<Deps> = async (app, { operators, audit, realtime }) => {
  const { route } = signedInRoutes(app, requireAdmin);

  app.route({ ...route(endpoints.operators), handler: async () => ok(await operators.list()) });

  app.route({
    ...route(endpoints.addOperator),
    handler: async (request) => {
      const { operator, wasAlreadyOperator } = await operators.grantByEmail(request.body.email, operatorActor(request));
      return ok(
        operator,
        wasAlreadyOperator ? `${operator.email} ya era operador.` : `${operator.email} ahora es operador.`,
      );
    },
  });

  app.route({
    ...route(endpoints.removeOperator),
    handler: async (request) => {
      await operators.revoke(request.params.id, operatorActor(request));
      // HTTP reads the role per request; MQTT decided at subscribe time, so the live map is cut off here.
      await realtime.disconnectUser(request.params.id);
      return ok(null, 'Se quitó el rol de operador.');
    },
  });

  app.route({
    ...route(endpoints.auditLog),
    handler: async (request) => ok(await audit.list(request.query.before_id)),
  });
};
