import * as endpoints from '@jala/contracts/endpoints';
import { limaDateKey } from '@jala/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { currentUser } from '../../../plugins/authenticate';
import { signedInRoutes } from '../../../plugins/signed-in-routes';
import type { AccountExportService } from './account-export.service';

/**
 * 'Descargar mis datos': a file answer (the entry's `file`), the document itself rather than the envelope,
 * written by the route's serializer from the contract (a key not in it is never written) and saved by the
 * browser under a dated name.
 */
export const accountExportRoutes: FastifyPluginAsyncZod<{ exports: AccountExportService; now: () => Date }> = async (
  app,
  { exports, now },
) => {
  const { route } = signedInRoutes(app);

  app.route({
    ...route(endpoints.exportAccountData),
    handler: async function downloadAccountData(request, reply) {
      const document = await exports.export(currentUser(request).id);
      return reply
        .type('application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="jala-mis-datos-${limaDateKey(now())}.json"`)
        .header('cache-control', 'private, no-store')
        .send(document);
    },
  });
};
