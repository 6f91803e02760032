import { zEnvelope, zHealth } from '@jala/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { ok } from '../../lib/envelope';
import type { ModuleDeps } from '../module-deps';

/**
 * GET /health: load balancers (503 takes a node out of rotation: a dependency down, or draining) and the web
 * map (tile_url) read it.
 */
export const systemModule: FastifyPluginAsyncZod<ModuleDeps> = async (app, { checkHealth, config }) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['system'],
        summary:
          'Ready when the database and broker are (degraded, still 200, while Redis is down); 503 otherwise or while draining',
        response: { 200: zEnvelope(zHealth), 503: zEnvelope(zHealth) },
      },
    },
    async (_request, reply) => {
      const data = { ...(await checkHealth()), geo: config.geo.provider, tile_url: config.tileUrl };
      if (data.status === 'ok') return ok(data);
      if (data.status === 'degraded')
        return ok(data, 'Redis no responde: este nodo atiende con límites propios hasta que vuelva.');
      return reply.code(503).send({ success: false, data, message: 'Servicio no disponible en este nodo' });
    },
  );
};
